"""Os mutantes cegos (issue 38): soluções erradas escritas por quem nunca leu as verificações.

Cada ficheiro ``tests/mutantes_cegos/capNN/exN_M_<erro>.py`` é, como os mutantes de
``tests/mutantes/``, código que corre por cima do caderno de soluções, com uma docstring que diz o
erro numa frase e uma linha ``Requisito: rK``. A diferença está em quem o escreveu: alguém da
equipa que só leu o enunciado e a solução. Ao lado de cada capítulo, ``provas.py`` tem uma função
``prova_<nome do ficheiro>(solucao, mutante)`` que chama as duas versões na mesma entrada e afirma
que a solução cumpre a frase do requisito e o mutante não — a prova de que o mutante está mesmo
errado segundo o enunciado, e não segundo o que as verificações por acaso testam.

Aqui NÃO se exige que as verificações rejeitem estes mutantes: a fração que rejeitam é a taxa que
mede a força das verificações, e mede-se à parte (``benchmarks/mutantes_cegos.py``).
"""

from __future__ import annotations

import functools
import importlib.util
import inspect
import re

import pytest

from curso.requisitos import CABECALHO, docstring_do_mutante, requisitos_de, requisitos_do_mutante
from curso.verificacao import exercicios_do_capitulo

from ._cadernos import RAIZ, caderno_de_solucoes

PASTA = RAIZ / "tests" / "mutantes_cegos"
MUTANTES_CEGOS = sorted(PASTA.glob("cap[0-9][0-9]/ex*.py"))
# os capítulos que já têm mutantes cegos (quem os escreve entrega-os capítulo a capítulo)
CAPITULOS_CEGOS = sorted(int(p.name[3:]) for p in PASTA.glob("cap[0-9][0-9]") if p.is_dir())


def exercicio_do_mutante(caminho) -> tuple[str, int]:
    """``cap04/ex4_3_sem_o_decidir.py`` → ``("4.3", 4)``."""
    m = re.fullmatch(r"ex(\d+)_(\d+)_\w+", caminho.stem)
    assert m, f"nome de mutante inválido: {caminho.name} (usa exN_M_descricao.py)"
    return f"{int(m.group(1))}.{int(m.group(2))}", int(caminho.parent.name[3:])


def requisito_do_mutante(caminho) -> str | None:
    """O id da linha ``Requisito: rK`` da docstring (``None`` se não houver exatamente um)."""
    ids = requisitos_do_mutante(caminho.read_text(encoding="utf-8")) or ()
    return ids[0] if len(ids) == 1 else None


@functools.cache
def provas(capitulo: int):
    """O módulo ``provas.py`` do capítulo (carregado pelo caminho: a pasta não é um pacote)."""
    caminho = PASTA / f"cap{capitulo:02d}" / "provas.py"
    spec = importlib.util.spec_from_file_location(f"provas_cegas_cap{capitulo:02d}", caminho)
    modulo = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(modulo)
    return modulo


def carregar_mutante(caminho):
    """O caderno de soluções com o mutante por cima (falha o teste se o mutante nem carrega)."""
    _, capitulo = exercicio_do_mutante(caminho)
    try:
        return caderno_de_solucoes(capitulo).com(caminho.read_text(encoding="utf-8"), caminho.name)
    except Exception as erro:  # um mutante que não carrega não é um erro plausível de um aluno
        pytest.fail(f"o mutante {caminho.name} nem carrega ({type(erro).__name__}: {erro})")


def _prova(caminho):
    _, capitulo = exercicio_do_mutante(caminho)
    prova = getattr(provas(capitulo), f"prova_{caminho.stem}", None)
    assert prova is not None, (
        f"{caminho.name}: falta a prova prova_{caminho.stem}(solucao, mutante) em "
        f"tests/mutantes_cegos/cap{capitulo:02d}/provas.py")
    return prova


_IDS = {"ids": lambda p: f"{p.parent.name}/{p.stem}"}


@pytest.mark.parametrize("caminho", MUTANTES_CEGOS, **_IDS)
def test_docstring_diz_o_erro_e_um_requisito_do_exercicio(caminho):
    ident, capitulo = exercicio_do_mutante(caminho)
    assert ident in exercicios_do_capitulo(capitulo), f"{caminho.name}: não há exercício {ident}"
    codigo = caminho.read_text(encoding="utf-8")
    assert codigo.lstrip().startswith('"""'), f"{caminho.name}: falta a docstring que diz o erro"
    erro = docstring_do_mutante(codigo).split("\n\n")[0].strip()
    assert erro and not erro.startswith("Requisito"), (
        f"{caminho.name}: a docstring começa pelo erro, numa frase, antes da linha «Requisito:»")
    rid = requisito_do_mutante(caminho)
    assert rid, f"{caminho.name}: a docstring precisa de uma linha «Requisito: rK», com um só id"
    existentes = {r.id for r in requisitos_de(ident)}
    assert rid in existentes, (
        f"{caminho.name}: o exercício {ident} não tem o requisito {rid} "
        f"(tem {', '.join(sorted(existentes, key=lambda i: int(i[1:])))})")


@pytest.mark.parametrize("caminho", MUTANTES_CEGOS, **_IDS)
def test_a_prova_mostra_que_a_solucao_cumpre_a_frase_e_o_mutante_nao(caminho):
    _, capitulo = exercicio_do_mutante(caminho)
    solucao = caderno_de_solucoes(capitulo)
    assert not solucao.erros, f"o caderno de soluções do capítulo {capitulo} tem erros: {solucao.erros}"
    _prova(caminho)(solucao, carregar_mutante(caminho))


@pytest.mark.parametrize("caminho", MUTANTES_CEGOS, **_IDS)
def test_a_prova_nao_passa_com_a_propria_solucao(caminho):
    """Uma prova que também «apanhasse» a solução não provaria nada sobre o mutante."""
    _, capitulo = exercicio_do_mutante(caminho)
    solucao = caderno_de_solucoes(capitulo)
    with pytest.raises(AssertionError):
        _prova(caminho)(solucao, caderno_de_solucoes(capitulo).com("", "<a própria solução>"))


@pytest.mark.parametrize("capitulo", CAPITULOS_CEGOS)
def test_cada_requisito_tem_um_mutante_cego(capitulo):
    """Cada requisito próprio de cada exercício tem um mutante cego; os do cabeçalho do caderno
    (a mesma frase em vários exercícios) contam uma vez por capítulo."""
    cobertos = {exercicio_do_mutante(c)[0]: set() for c in MUTANTES_CEGOS}
    for caminho in MUTANTES_CEGOS:
        cobertos[exercicio_do_mutante(caminho)[0]].add(requisito_do_mutante(caminho))
    em_falta, cabecalho = [], {}
    for ident in exercicios_do_capitulo(capitulo):
        for requisito in requisitos_de(ident):
            coberto = requisito.id in cobertos.get(ident, set())
            if requisito.celula == CABECALHO:
                cabecalho[requisito.frase] = cabecalho.get(requisito.frase, False) or coberto
            elif not coberto:
                em_falta.append(f"{ident} {requisito.id} («{requisito.frase}»)")
    em_falta += [f"cabeçalho do capítulo {capitulo} («{frase}»)"
                 for frase, coberto in cabecalho.items() if not coberto]
    assert not em_falta, "requisitos sem mutante cego:\n  " + "\n  ".join(em_falta)


@pytest.mark.parametrize("capitulo", CAPITULOS_CEGOS)
def test_cada_prova_tem_o_seu_mutante(capitulo):
    nomes = {c.stem for c in MUTANTES_CEGOS if exercicio_do_mutante(c)[1] == capitulo}
    orfas = [nome for nome, f in inspect.getmembers(provas(capitulo), inspect.isfunction)
             if nome.startswith("prova_") and nome[len("prova_"):] not in nomes]
    assert not orfas, f"provas sem mutante em cap{capitulo:02d}: {', '.join(orfas)}"
