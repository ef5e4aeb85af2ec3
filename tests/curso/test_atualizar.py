"""``curso atualizar``: as respostas de quem estuda sobrevivem a um ``git pull``.

Um repositório git local faz de origem: o curso muda lá (um enunciado novo, um exercício que
desaparece, um esqueleto que muda), enquanto no clone o aluno respondeu e o autosave mexeu nas
lições. Depois de atualizar, o clone tem a versão nova com as respostas do aluno nos sítios certos.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from curso.atualizar import ErroAtualizar, atualizar

CADERNO = "exercises/cap01/cap01.ipynb"
LICAO = "chapters/01_licao.ipynb"
AMBIENTE_GIT = {"GIT_AUTHOR_NAME": "Curso", "GIT_AUTHOR_EMAIL": "curso@exemplo.invalid",
                "GIT_COMMITTER_NAME": "Curso", "GIT_COMMITTER_EMAIL": "curso@exemplo.invalid",
                "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


@pytest.fixture(autouse=True)
def _git_sem_configuracao(monkeypatch, tmp_path):
    for nome, valor in AMBIENTE_GIT.items():
        monkeypatch.setenv(nome, valor)
    # os servidores Jupyter que o comando procura: só os que cada teste lá puser
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))


def git(pasta, *args):
    return subprocess.run(["git", *args], cwd=pasta, check=True, capture_output=True, text=True, timeout=60)


def solucao(grade_id, texto):
    c = new_code_cell(texto)
    c.metadata["nbgrader"] = {"grade_id": grade_id, "solution": True, "grade": False, "locked": False,
                              "schema_version": 3}
    return c


def caderno(enunciado, esqueletos):
    nb = new_notebook(cells=[new_markdown_cell(enunciado)] + [solucao(g, t) for g, t in esqueletos.items()])
    for i, c in enumerate(nb.cells):
        c.id = f"c{i}"
    return nb


def escrever(pasta, relativo, nb):
    (pasta / relativo).parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, pasta / relativo)


def ler(pasta, relativo):
    return nbformat.read(pasta / relativo, as_version=4)


def respostas(nb):
    return {c.metadata["nbgrader"]["grade_id"]: c.source for c in nb.cells if "nbgrader" in c.metadata}


@pytest.fixture
def origem_e_clone(tmp_path):
    origem, clone = tmp_path / "origem", tmp_path / "aluno"
    origem.mkdir()
    git(origem, "init", "-q", "-b", "main")
    esqueleto = "def f():\n    raise NotImplementedError()"
    escrever(origem, CADERNO, caderno("Exercício 1", {"ex1_1": esqueleto, "ex1_2": esqueleto, "ex1_3": esqueleto}))
    escrever(origem, LICAO, new_notebook(cells=[new_code_cell("print('lição')")]))
    git(origem, "add", "-A")
    git(origem, "commit", "-q", "-m", "versão 1")
    git(tmp_path, "clone", "-q", str(origem), str(clone))
    return origem, clone


def test_guarda_atualiza_e_repoe_as_respostas(origem_e_clone):
    origem, clone = origem_e_clone
    # o aluno responde a 1.1 e 1.2 e deixa 1.3; o autosave grava a lição com saídas
    nb = ler(clone, CADERNO)
    nb.cells[1].source = "def f():\n    return 'resposta 1.1'"
    nb.cells[2].source = "def f():\n    return 'resposta 1.2'"
    escrever(clone, CADERNO, nb)
    licao = ler(clone, LICAO)
    licao.cells[0].outputs = [new_output("stream", name="stdout", text="lição\n")]
    escrever(clone, LICAO, licao)
    # o curso muda: enunciado novo, o 1.2 desaparece, o esqueleto do 1.3 muda, aparece o 1.4
    novo = "def f(x):\n    raise NotImplementedError()"
    escrever(origem, CADERNO, caderno("Exercício 1, versão 2", {"ex1_1": novo, "ex1_3": novo, "ex1_4": novo}))
    git(origem, "commit", "-q", "-am", "versão 2")

    mensagens = []
    assert atualizar(clone, dizer=mensagens.append) == 0

    texto = "\n".join(mensagens)
    nb = ler(clone, CADERNO)
    assert nb.cells[0].source == "Exercício 1, versão 2"
    assert respostas(nb) == {"ex1_1": "def f():\n    return 'resposta 1.1'", "ex1_3": novo, "ex1_4": novo}
    assert ler(clone, LICAO).cells[0].outputs == []
    assert git(clone, "log", "-1", "--format=%s").stdout.strip() == "versão 2"
    # a resposta do exercício que desapareceu ficou num ficheiro, e o comando disse onde
    sem_lugar = next((clone / ".curso" / "atualizacoes").glob("*/respostas_sem_lugar.txt"))
    assert "ex1_2" in texto and str(sem_lugar.relative_to(clone)) in texto
    assert "return 'resposta 1.2'" in sem_lugar.read_text(encoding="utf-8")
    assert "Repus 1 resposta(s)" in texto
    # a cópia da lição com as saídas do aluno também ficou guardada
    copia = next((clone / ".curso" / "atualizacoes").glob(f"*/cadernos/{LICAO}"))
    assert ler(copia.parent.parent, LICAO).cells[0].outputs
    # só ficaram mudados os cadernos com respostas (o git vê as respostas como mudanças, não conflitos)
    assert git(clone, "status", "--porcelain", "--untracked-files=no").stdout.split() == ["M", CADERNO]


def responder(clone, texto):
    """O aluno escreve ``texto`` na primeira célula de resposta."""
    nb = ler(clone, CADERNO)
    nb.cells[1].source = texto
    escrever(clone, CADERNO, nb)


def test_um_pull_que_falha_deixa_tudo_como_estava(origem_e_clone, tmp_path):
    origem, clone = origem_e_clone
    responder(clone, "resposta do aluno")
    # histórias divergentes: um commit local e outro na origem, sem fast-forward possível
    for pasta, nome in ((clone, "notas.txt"), (origem, "outro.txt")):
        (pasta / nome).write_text(nome)
        git(pasta, "add", nome)
        git(pasta, "commit", "-q", "-m", nome)

    with pytest.raises(ErroAtualizar, match="ficaram como estavam"):
        atualizar(clone, dizer=lambda _: None)
    assert ler(clone, CADERNO).cells[1].source == "resposta do aluno"


def test_recusa_quando_ha_outros_ficheiros_mudados(origem_e_clone):
    _, clone = origem_e_clone
    responder(clone, "resposta")
    (clone / "README.md").write_text("mudado")
    git(clone, "add", "README.md")
    with pytest.raises(ErroAtualizar, match="README.md"):
        atualizar(clone, dizer=lambda _: None)
    assert ler(clone, CADERNO).cells[1].source == "resposta"


def test_o_comando_da_linha_de_comandos(origem_e_clone):
    _, clone = origem_e_clone
    r = subprocess.run([sys.executable, "-m", "curso", "atualizar", "--pasta", str(clone)],
                       capture_output=True, text=True, timeout=120, env={**os.environ, **AMBIENTE_GIT})
    assert r.returncode == 0, r.stderr
    assert "já estava na versão mais recente" in r.stdout
    r = subprocess.run([sys.executable, "-m", "curso", "atualizar", "--pasta", str(clone.parent)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "não é um clone git" in r.stderr


# ---------------------------------------------------------------------------------------------
# com um JupyterLab aberto no curso, recusa e diz como o fechar

COM_PROC = pytest.mark.skipif(not Path("/proc/self/cmdline").exists(),
                              reason="os processos só se veem em /proc (Linux)")


def _servidor_no_runtime(tmp_path, pid, raiz):
    runtime = tmp_path / "runtime"
    runtime.mkdir(exist_ok=True)
    (runtime / f"jpserver-{pid}.json").write_text(json.dumps(
        {"pid": pid, "root_dir": str(raiz), "url": "http://127.0.0.1:8888/", "token": "x"}))


def _recusa_sem_mudar_nada(origem, clone):
    """Com a versão nova na origem e uma resposta no clone, atualizar recusa e não mexe em nada."""
    responder(clone, "resposta por gravar")
    escrever(origem, CADERNO, caderno("Exercício 1, versão 2", {"ex1_1": "def f(x): ..."}))
    git(origem, "commit", "-q", "-am", "versão 2")
    antes = (clone / CADERNO).read_bytes(), git(clone, "rev-parse", "HEAD").stdout
    with pytest.raises(ErroAtualizar) as erro:
        atualizar(clone, dizer=lambda _: None)
    assert ((clone / CADERNO).read_bytes(), git(clone, "rev-parse", "HEAD").stdout) == antes
    assert not (clone / ".curso").exists()
    return str(erro.value)


def test_recusa_com_um_servidor_jupyter_do_runtime_no_curso(origem_e_clone, tmp_path):
    origem, clone = origem_e_clone
    _servidor_no_runtime(tmp_path, os.getpid(), clone)  # um processo vivo
    mensagem = _recusa_sem_mudar_nada(origem, clone)
    assert mensagem.startswith("O JupyterLab (ou outro Jupyter) está aberto no curso: fecha-o")
    assert "File → Shut Down" in mensagem and "Ctrl+C" in mensagem and "Nada foi mudado" in mensagem
    assert f"http://127.0.0.1:8888/ (processo {os.getpid()}, com a pasta {clone})" in mensagem


def test_um_servidor_numa_pasta_acima_do_curso_tambem_conta(origem_e_clone, tmp_path):
    origem, clone = origem_e_clone
    _servidor_no_runtime(tmp_path, os.getpid(), tmp_path)  # o JupyterLab aberto na pasta pessoal
    assert "está aberto no curso" in _recusa_sem_mudar_nada(origem, clone)


def test_servidores_mortos_ou_noutras_pastas_nao_contam(origem_e_clone, tmp_path):
    origem, clone = origem_e_clone
    morto = subprocess.Popen([sys.executable, "-c", "pass"])
    morto.wait(timeout=60)
    _servidor_no_runtime(tmp_path, morto.pid, clone)  # o ficheiro de um servidor que morreu
    outra = tmp_path / "outro_curso"
    outra.mkdir()
    _servidor_no_runtime(tmp_path, os.getpid(), outra)
    responder(clone, "resposta")
    assert atualizar(clone, dizer=lambda _: None) == 0
    assert ler(clone, CADERNO).cells[1].source == "resposta"


def _processo(argv0, *args, cwd):
    """Um Python que, em /proc, se apresenta como ``argv0 args…`` e fica à espera, em ``cwd``."""
    return subprocess.Popen([argv0, "-c", "import sys; sys.stdin.read()", *args], executable=sys.executable,
                            cwd=cwd, stdin=subprocess.PIPE)


@COM_PROC
@pytest.mark.parametrize("argv0, args, sub", [
    ("jupyter-lab", (), ""),  # um servidor lançado com outro runtime (não deixou ficheiro aqui)
    ("python3", ("-m", "ipykernel_launcher"), "exercises"),  # o kernel de um caderno, num editor
], ids=["servidor", "kernel"])
def test_recusa_com_um_processo_jupyter_no_curso(origem_e_clone, argv0, args, sub):
    origem, clone = origem_e_clone
    (clone / sub).mkdir(exist_ok=True)
    processo = _processo(argv0, *args, cwd=clone / sub)
    try:
        mensagem = _recusa_sem_mudar_nada(origem, clone)
    finally:
        processo.communicate(timeout=60)
    assert f"processo {processo.pid}" in mensagem


@COM_PROC
def test_num_terminal_do_proprio_jupyterlab_diz_para_usar_outro_terminal(origem_e_clone):
    origem, clone = origem_e_clone
    # o Python que se apresenta como «jupyter-lab» não sabe o seu sys.executable: vai no código
    codigo = (f"import subprocess, sys; r = subprocess.run([{sys.executable!r}, '-m', 'curso', 'atualizar'], "
              "capture_output=True, text=True); print(r.stderr); sys.exit(r.returncode)")
    r = subprocess.run(["jupyter-lab", "-c", codigo], executable=sys.executable, cwd=clone,
                       capture_output=True, text=True, timeout=120, env={**os.environ, "CURSO_RAIZ": str(clone)})
    assert r.returncode == 1, r.stdout + r.stderr
    assert "num terminal desse JupyterLab" in r.stdout and "terminal do sistema" in r.stdout
