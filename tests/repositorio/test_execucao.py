"""Provas 6 e 7: lições, soluções e exercícios em branco correm do princípio ao fim, offline, sem chave.

As soluções correm pelo validador do nbgrader (a sua API Python: o comando «nbgrader validate» sai
sempre com 0), que prova também que cada célula de verificação passa. A turma simulada de ponta a
ponta (soluções, cadernos em branco, submissões partidas e hostis) está em tests/correcao/.
"""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbgrader.validator import Validator

from curso.caderno import e_celula_de_verificacao

from ._cadernos import CAPITULOS, RAIZ, exercicio, licoes, solucao
from ._nbgrader import ambiente


def _executar(caminho: Path, monkeypatch) -> nbformat.NotebookNode:
    for variavel in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "CURSO_AO_VIVO"):
        monkeypatch.delenv(variavel, raising=False)
    monkeypatch.setenv("CURSO_RAIZ", str(RAIZ))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(caminho, as_version=4)
    NotebookClient(nb, timeout=60, kernel_name="python3",
                   resources={"metadata": {"path": str(caminho.parent)}}).execute()
    return nb


def _texto(nb) -> str:
    return "\n".join(
        s.get("text", "") if s.get("output_type") == "stream" else str(s.get("data", {}).get("text/plain", ""))
        for c in nb.cells if c.cell_type == "code" for s in c.outputs
    )


@pytest.mark.lento
@pytest.mark.parametrize("caminho", licoes(), ids=lambda p: p.name)
def test_licao_corre_offline(caminho, monkeypatch):
    _executar(caminho, monkeypatch)


@pytest.mark.lento
@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_solucao_valida_no_nbgrader(capitulo, monkeypatch):
    for variavel, valor in ambiente().items():
        monkeypatch.setenv(variavel, valor)
    for variavel in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "CURSO_AO_VIVO"):
        monkeypatch.delenv(variavel, raising=False)
    resultado = Validator().validate(str(solucao(capitulo)))
    assert resultado == {}, f"a solução do capítulo {capitulo} não valida no nbgrader: {resultado}"


@pytest.mark.lento
@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_exercicio_em_branco_corre_ate_ao_fim(capitulo, monkeypatch):
    """«Run All» num caderno novo chega ao fim e mostra o que falta (não para no 1.º exercício)."""
    nb = _executar(exercicio(capitulo), monkeypatch)
    texto = _texto(nb)
    verificacoes = [c for c in nb.cells if e_celula_de_verificacao(c)]
    assert texto.count("ainda não implementado") + texto.count("✘") >= len(verificacoes), texto
