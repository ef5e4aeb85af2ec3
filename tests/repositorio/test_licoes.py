"""A forma de cada lição (docs/convencoes.md, secção 6): objetivos, «Em resumo», «Erros comuns».

Cada lição dos capítulos 1 a 9 abre com os objetivos e fecha, antes do quiz e da ponte para os
exercícios, com um resumo e uma tabela de erros comuns (sintoma → causa → onde ver). Os anexos
(``NN_anexo_*.ipynb``, depois do capítulo 9) têm a mesma forma, mas não têm caderno de exercícios:
a última célula diz que não há e aponta para o caderno do capítulo que completam.
"""

from __future__ import annotations

import re

import pytest

from ._cadernos import RAIZ, ler, licoes, todos_os_cadernos

LICOES = [p for p in licoes() if int(p.name[:2]) >= 1]
ANEXOS = [p for p in LICOES if p.name[3:].startswith("anexo_")]
CAPITULOS_COM_EXERCICIOS = [p for p in LICOES if p not in ANEXOS]
# o que nunca chega a um aluno: marcas de revisão e referências a notas internas
RESIDUOS = ("[por confirmar]", "[verify]", "notas de factos")
CABECALHO_ERROS = re.compile(r"^\|\s*Sintoma\s*\|\s*Causa\s*\|\s*Onde ver\s*\|\s*$", re.M)


def _celulas(caminho):
    return [(c["cell_type"], "".join(c["source"])) for c in ler(caminho)["cells"]]


def _indice(celulas, titulo: str) -> int:
    """O índice da célula de Markdown que começa pelo título dado (ou -1)."""
    for i, (tipo, texto) in enumerate(celulas):
        if tipo == "markdown" and texto.lstrip().startswith(titulo):
            return i
    return -1


def _pontos(texto: str) -> list[str]:
    return [linha for linha in texto.splitlines() if linha.lstrip().startswith(("- ", "* "))]


def test_ha_nove_licoes_e_os_anexos_vem_depois():
    assert [p.name[:2] for p in CAPITULOS_COM_EXERCICIOS] == [f"{n:02d}" for n in range(1, 10)]
    assert all(int(p.name[:2]) >= 10 for p in ANEXOS), [p.name for p in ANEXOS]


def test_o_anexo_do_ecossistema_existe_e_o_capitulo_9_aponta_para_ele():
    nomes = [p.name for p in ANEXOS]
    assert "10_anexo_ecossistema.ipynb" in nomes, nomes
    capitulo_9 = "\n".join(texto for _, texto in _celulas(RAIZ / "chapters" / "09_agente_sob_controlo.ipynb"))
    assert "10_anexo_ecossistema.ipynb" in capitulo_9


@pytest.mark.parametrize("caminho", LICOES, ids=lambda p: p.name)
def test_abre_com_objetivos(caminho):
    celulas = _celulas(caminho)
    i = _indice(celulas, "## Objetivos")
    assert 0 <= i <= 2, f"{caminho.name}: falta uma célula «## Objetivos» numa das três primeiras células"
    assert len(_pontos(celulas[i][1])) >= 2, f"{caminho.name}: os objetivos são uma lista de pelo menos 2 pontos"


@pytest.mark.parametrize("caminho", LICOES, ids=lambda p: p.name)
def test_fecha_com_resumo_e_erros_comuns(caminho):
    celulas = _celulas(caminho)
    resumo, erros = _indice(celulas, "## Em resumo"), _indice(celulas, "## Erros comuns")
    assert resumo >= 0, f"{caminho.name}: falta a célula «## Em resumo»"
    assert len(_pontos(celulas[resumo][1])) >= 2, f"{caminho.name}: o resumo é uma lista de pelo menos 2 pontos"
    assert erros >= 0, f"{caminho.name}: falta a célula «## Erros comuns»"
    tabela = celulas[erros][1]
    cabecalho = CABECALHO_ERROS.search(tabela)
    assert cabecalho, f"{caminho.name}: «Erros comuns» precisa da tabela | Sintoma | Causa | Onde ver |"
    linhas = [linha for linha in tabela[cabecalho.end():].splitlines() if linha.startswith("|")]
    assert len(linhas) >= 3, f"{caminho.name}: a tabela de erros comuns precisa de pelo menos 2 linhas"


@pytest.mark.parametrize("caminho", LICOES, ids=lambda p: p.name)
def test_ordem_objetivos_resumo_erros_quiz_exercicios(caminho):
    celulas = _celulas(caminho)
    quiz = next((i for i, (tipo, texto) in enumerate(celulas) if tipo == "code" and "Quiz" in texto), -1)
    ordem = [_indice(celulas, "## Objetivos"), _indice(celulas, "## Em resumo"),
             _indice(celulas, "## Erros comuns"), quiz]
    assert -1 not in ordem and ordem == sorted(ordem), (
        f"{caminho.name}: a ordem é objetivos → «Em resumo» → «Erros comuns» → quiz; índices {ordem}")
    tipo, texto = celulas[-1]
    capitulo = caminho.name[:2]
    if caminho in ANEXOS:  # sem caderno próprio: diz que não há e aponta para o do capítulo 9
        assert tipo == "markdown" and "Sem exercícios próprios" in texto and "exercises/cap09" in texto, (
            f"{caminho.name}: a última célula de um anexo diz que não tem exercícios e aponta para exercises/cap09")
        return
    assert tipo == "markdown" and f"exercises/cap{capitulo}" in texto, (
        f"{caminho.name}: a última célula é a ponte para exercises/cap{capitulo}")


@pytest.mark.parametrize("caminho", todos_os_cadernos(), ids=lambda p: str(p.relative_to(RAIZ)))
def test_sem_residuos_editoriais(caminho):
    texto = caminho.read_text(encoding="utf-8")
    achados = [r for r in RESIDUOS if r in texto]
    assert not achados, f"{caminho.name}: um facto ou se verifica (com fonte) ou sai; encontrei {achados}"


def test_max_iteracoes_so_no_avaliador_otimizador_do_capitulo_3():
    """O limite dos ciclos tem o nome do exercício que se segue; max_iteracoes é só do 3.4."""
    fora = [str(p.relative_to(RAIZ)) for p in todos_os_cadernos()
            if "max_iteracoes" in p.read_text(encoding="utf-8")
            and not (p.name.startswith("03_") or p.parent.name == "cap03")]
    assert not fora, f"max_iteracoes fora do capítulo 3 (usa max_passos, max_voltas ou max_steps): {fora}"
