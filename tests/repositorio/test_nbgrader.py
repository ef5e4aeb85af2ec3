"""Prova 7: o nbgrader de ponta a ponta numa turma pequena simulada.

Soluções → nota máxima; caderno em branco → zero; uma submissão partida não para as outras.
A validação usa a API Python do nbgrader (o comando «nbgrader validate» sai sempre com 0).
"""

import json
import shutil

import pytest
from nbgrader.api import Gradebook
from nbgrader.validator import Validator

from ._cadernos import CAPITULOS, exercicio, solucao
from ._nbgrader import ambiente, copiar_curso, nbgrader


def _partir(origem, destino):
    """Uma submissão com um erro de sintaxe na primeira célula de solução e o resto certo."""
    nb = json.loads(origem.read_text(encoding="utf-8"))
    for celula in nb["cells"]:
        if celula.get("metadata", {}).get("nbgrader", {}).get("solution"):
            celula["source"] = "def isto_nao_compila(:\n    pass\n"
            break
    destino.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


@pytest.mark.lento
@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_turma_simulada(capitulo, tmp_path, monkeypatch):
    nome = f"cap{capitulo:02d}"
    copiar_curso(tmp_path, [capitulo])
    r = nbgrader(tmp_path, "generate_assignment", nome, "--force")
    assert r.returncode == 0, r.stderr
    alunos = {"solucao": solucao(capitulo), "branco": exercicio(capitulo)}
    for aluno, origem in alunos.items():
        pasta = tmp_path / "submitted" / aluno / nome
        pasta.mkdir(parents=True)
        shutil.copy(origem, pasta / f"{nome}.ipynb")
    partido = tmp_path / "submitted" / "partido" / nome
    partido.mkdir(parents=True)
    _partir(solucao(capitulo), partido / f"{nome}.ipynb")

    r = nbgrader(tmp_path, "autograde", nome, "--force")
    assert (tmp_path / "autograded" / "solucao" / nome / f"{nome}.ipynb").exists(), r.stderr
    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gb:
        notas = {a: gb.find_submission(nome, a) for a in ("solucao", "branco", "partido")}
        maximo = notas["solucao"].max_score
        pontos = {a: s.score for a, s in notas.items()}
    assert maximo > 0
    assert pontos["solucao"] == maximo, f"a solução não teve nota máxima: {pontos}"
    assert pontos["branco"] == 0, f"o caderno em branco teve pontos: {pontos}"
    assert pontos["partido"] < maximo, f"a submissão partida teve nota máxima: {pontos}"
    if len([c for c in json.loads(solucao(capitulo).read_text())["cells"]
            if c.get("metadata", {}).get("nbgrader", {}).get("grade")]) > 1:
        assert pontos["partido"] > 0, f"um erro num exercício anulou os outros: {pontos}"


@pytest.mark.lento
@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_validacao_pela_api(capitulo, monkeypatch):
    for chave, valor in ambiente().items():
        monkeypatch.setenv(chave, valor)
    validador = Validator()
    certo = validador.validate(str(solucao(capitulo)))
    assert not certo.get("failed") and not certo.get("passed"), f"a solução não valida: {certo}"
    branco = validador.validate(str(exercicio(capitulo)))
    assert branco.get("failed"), "o caderno em branco valida como se estivesse certo"
