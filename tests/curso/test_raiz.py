"""Uma instalação, muitos alunos: ``curso verificar``, ``curso progresso`` e o painel de progresso
encontram os cadernos de quem os usa (a pasta atual), e não os da cópia de onde o pacote foi
instalado.

A instalação partilhada é a deste repositório (o ``curso`` do ``.venv`` instalado a partir dele);
os dois alunos trabalham em pastas fora dele:

- a Ana tem a sua própria cópia do curso, com o capítulo 1 resolvido e só as verificações desse
  capítulo (se as do repositório fossem usadas, o progresso teria os exercícios todos);
- o Bruno está num JupyterHub: só tem ``cap01/cap01.ipynb`` em branco, trazido pelo
  ``nbgrader fetch_assignment``; as verificações vêm da instalação.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from curso.raiz import raiz_do_curso

INSTALACAO = raiz_do_curso()
BIN = Path(sys.executable).parent


def _curso(pasta: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("CURSO_RAIZ", "VIRTUAL_ENV")}
    return subprocess.run([str(BIN / "curso"), *args], cwd=pasta, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def alunos(tmp_path_factory):
    base = tmp_path_factory.mktemp("alunos")
    ana = base / "ana" / "curso"
    (ana / "tests" / "exercicios").mkdir(parents=True)
    shutil.copy(INSTALACAO / "tests/exercicios/test_cap01.py", ana / "tests/exercicios")
    (ana / "exercises" / "cap01").mkdir(parents=True)
    shutil.copy(INSTALACAO / "solutions/cap01/cap01.ipynb", ana / "exercises/cap01")
    bruno = base / "bruno"
    (bruno / "cap01").mkdir(parents=True)
    shutil.copy(INSTALACAO / "exercises/cap01/cap01.ipynb", bruno / "cap01")
    return ana, bruno


def test_progresso_da_copia_propria_usa_os_cadernos_e_as_verificacoes_dela(alunos):
    ana, _ = alunos
    r = _curso(ana / "exercises" / "cap01", "progresso", "--json")
    assert r.returncode == 0, r.stderr
    itens = json.loads(r.stdout)
    assert {i["capitulo"] for i in itens} == {1}, "usou as verificações da instalação"
    assert all(i["estado"] == "passou" for i in itens), itens
    assert {i["caderno"] for i in itens} == {str((ana / "exercises/cap01/cap01.ipynb").resolve())}


def test_verificar_na_copia_propria_verifica_o_caderno_dela(alunos):
    ana, _ = alunos
    r = _curso(ana, "verificar", "1.1")
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"Caderno: {(ana / 'exercises/cap01/cap01.ipynb').resolve()}" in r.stdout


def test_aluno_do_hub_ve_o_seu_caderno_com_as_verificacoes_da_instalacao(alunos):
    _, bruno = alunos
    r = _curso(bruno / "cap01", "verificar", "1.1")
    assert r.returncode == 1, r.stdout + r.stderr
    assert f"Caderno: {(bruno / 'cap01/cap01.ipynb').resolve()}" in r.stdout
    assert "0/11 verificações públicas passaram" in r.stdout  # as mesmas 11 do exercício resolvido

    r = _curso(bruno, "progresso", "--json")
    itens = json.loads(r.stdout)
    assert len({i["capitulo"] for i in itens}) == 9
    cap01 = [i for i in itens if i["capitulo"] == 1]
    assert cap01 and all(i["estado"] != "passou" for i in cap01)
    assert {i["caderno"] for i in cap01} == {str((bruno / "cap01/cap01.ipynb").resolve())}


def test_painel_de_progresso_segue_a_pasta_do_caderno(alunos):
    ana, bruno = alunos
    codigo = ("import json; from curso.widgets import PainelProgresso; p = PainelProgresso(); "
              "print(json.dumps(p.erro or dict(p.contagens)))")
    feitos = {}
    for nome, pasta in (("ana", ana / "exercises/cap01"), ("bruno", bruno / "cap01")):
        env = {k: v for k, v in os.environ.items() if k != "CURSO_RAIZ"}
        r = subprocess.run([sys.executable, "-c", codigo], cwd=pasta, env=env,
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        feitos[nome] = json.loads(r.stdout)
    assert set(feitos["ana"]) == {"passou"}
    todos = sum(p.read_text(encoding="utf-8").count("\nclass TestEx")
                for p in (INSTALACAO / "tests/exercicios").glob("test_cap*.py"))
    assert todos >= 42  # os nove capítulos da instalação, não só o capítulo 1 da Ana
    assert feitos["bruno"].get("passou", 0) == 0 and sum(feitos["bruno"].values()) == todos


def test_curso_raiz_fixado_continua_a_mandar_nas_verificacoes(alunos):
    # a correção fixa CURSO_RAIZ: uma pasta tests/exercicios trazida por quem submete não conta
    ana, _ = alunos
    env = dict(os.environ, CURSO_RAIZ=str(INSTALACAO))
    r = subprocess.run([str(BIN / "curso"), "progresso", "--json"], cwd=ana, env=env,
                       capture_output=True, text=True, timeout=120)
    itens = json.loads(r.stdout)
    assert len({i["capitulo"] for i in itens}) == 9
