"""A forma de cada lição (docs/convencoes.md, secção 6): objetivos, «Em resumo», «Erros comuns».

Cada lição dos capítulos 1 a 9 abre com os objetivos e fecha, antes do quiz e da ponte para os
exercícios, com um resumo e uma tabela de erros comuns (sintoma → causa → onde ver).
"""

from __future__ import annotations

import re

import pytest

from ._cadernos import ler, licoes

LICOES = [p for p in licoes() if int(p.name[:2]) >= 1]
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


def test_ha_nove_licoes():
    assert [p.name[:2] for p in LICOES] == [f"{n:02d}" for n in range(1, 10)]


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
    quiz = next((i for i, (tipo, texto) in enumerate(celulas) if tipo == "code" and "Quiz(" in texto), -1)
    ordem = [_indice(celulas, "## Objetivos"), _indice(celulas, "## Em resumo"),
             _indice(celulas, "## Erros comuns"), quiz]
    assert -1 not in ordem and ordem == sorted(ordem), (
        f"{caminho.name}: a ordem é objetivos → «Em resumo» → «Erros comuns» → quiz; índices {ordem}")
    tipo, texto = celulas[-1]
    capitulo = caminho.name[:2]
    assert tipo == "markdown" and f"exercises/cap{capitulo}" in texto, (
        f"{caminho.name}: a última célula é a ponte para exercises/cap{capitulo}")
