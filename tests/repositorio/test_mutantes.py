"""Prova 4: cada mutante (solução errada plausível) é rejeitado pelas verificações do exercício.

Só conta como rejeição um ✘ dado por uma verificação: um mutante que nem carrega, um nome que
falta no caderno ou uma solução que já falhava antes do mutante não provam nada.

Os mutantes «cegos» (``tests/mutantes/capNN/cegos/``, escritos por outra pessoa só a partir do
enunciado, sem ler as verificações) passam pela mesma prova: um cego que sobrevive é uma
verificação que falta. A taxa deles, exercício a exercício, está em ``benchmarks/mutacao.py``.
"""

import functools
import re

import pytest

from curso import requisitos
from curso.verificacao import (
    DICA_NOME_EM_FALTA,
    FALHOU,
    PASSOU,
    correr_verificacoes,
    exercicios_do_capitulo,
)

from ._cadernos import CAPITULOS, RAIZ, caderno_de_solucoes

MUTANTES = sorted((RAIZ / "tests" / "mutantes").glob("cap[0-9][0-9]/ex*.py"))
CEGOS = sorted((RAIZ / "tests" / "mutantes").glob(f"cap[0-9][0-9]/{requisitos.CEGOS}/ex*.py"))


def _exercicio(caminho):
    m = re.fullmatch(r"ex(\d+)_(\d+)_\w+", caminho.stem)
    assert m, f"nome de mutante inválido: {caminho.name} (usa exN_M_descricao.py)"
    capitulo = next(p for p in caminho.parents if re.fullmatch(r"cap\d\d", p.name))
    return f"{int(m.group(1))}.{int(m.group(2))}", int(capitulo.name[3:])


def _nome(caminho):
    return caminho.relative_to(RAIZ / "tests" / "mutantes").with_suffix("").as_posix()


@functools.cache
def _solucao_passa(ident, capitulo):
    """A solução sem mutante carrega sem erros e passa todas as verificações do exercício."""
    nb = caderno_de_solucoes(capitulo)
    return not nb.erros and all(r.estado == PASSOU for r in correr_verificacoes(ident, nb))


def rejeicoes(ident, nb):
    """As verificações que rejeitam o caderno por causa do código, não por lhe faltar um nome."""
    return [r for r in correr_verificacoes(ident, nb)
            if r.estado == FALHOU and not r.mensagem.startswith(DICA_NOME_EM_FALTA)]


@pytest.mark.parametrize("caminho", MUTANTES + CEGOS, ids=_nome)
def test_mutante_e_rejeitado(caminho):
    ident, capitulo = _exercicio(caminho)
    assert ident in exercicios_do_capitulo(capitulo), f"{caminho.name}: não há exercício {ident}"
    codigo = caminho.read_text(encoding="utf-8")
    assert codigo.lstrip().startswith('"""'), f"{caminho.name}: falta a docstring que diz o erro"
    assert _solucao_passa(ident, capitulo), f"a solução de {ident} já falha sem o mutante"
    try:
        nb = caderno_de_solucoes(capitulo).com(codigo, caminho.name)
    except Exception as erro:  # um mutante que não carrega não é um erro apanhado
        pytest.fail(f"o mutante {caminho.name} nem carrega ({type(erro).__name__}: {erro})")
    assert rejeicoes(ident, nb), (
        f"o mutante {caminho.name} não é rejeitado por nenhuma verificação pública de {ident}: "
        "as verificações não apanham este erro"
    )


@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_cada_exercicio_tem_dois_mutantes(capitulo):
    for ident in exercicios_do_capitulo(capitulo):
        n, m = ident.split(".")
        ficheiros = list((RAIZ / "tests" / "mutantes" / f"cap{capitulo:02d}").glob(f"ex{n}_{m}_*.py"))
        assert len(ficheiros) >= 2, f"o exercício {ident} tem {len(ficheiros)} mutante(s); mínimo 2"


def test_os_cegos_tem_o_nome_e_o_requisito(tmp_path, monkeypatch):
    """A maquinaria dos cegos: a subpasta encontra-se, o exercício lê-se do nome e o capítulo da
    pasta de cima, e um cego diz que requisito quebra, como os outros."""
    pasta = tmp_path / "tests" / "mutantes" / "cap01" / requisitos.CEGOS
    pasta.mkdir(parents=True)
    (pasta / "ex1_3_outra_ordem.py").write_text('"""Traduz antes de resumir.\n\nRequisito: r1\n"""\n',
                                                 encoding="utf-8")
    monkeypatch.setenv("CURSO_RAIZ", str(tmp_path))
    cegos = requisitos.mutantes_cegos_de("1.3")
    assert [c.name for c in cegos] == ["ex1_3_outra_ordem.py"] and requisitos.mutantes_de("1.3") == []
    assert _exercicio(cegos[0]) == ("1.3", 1)
    assert requisitos.requisitos_do_mutante(cegos[0].read_text(encoding="utf-8")) == ("r1",)
