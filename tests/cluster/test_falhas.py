"""As falhas de um cluster a sério (scheduler e trabalhadores em processos separados, TLS, só
127.0.0.1), cada uma num cluster só seu:

- um trabalhador do Dask morto a meio de uma correção → a submissão corrigida uma vez e só uma
  (o Dask volta a correr a tarefa noutro; a primeira não deixa nada nem ninguém a correr);
- uma submissão que nunca acaba → o limite é nosso (o Dask não tem limite por tarefa) e o
  mesmo trabalhador continua a servir;
- um trabalhador que falha sempre (sem caixa de areia) → é retirado e deixa de receber trabalho.

As esperas são por estados: os eventos das tarefas (``distribuida.TOPICO``), o fim de um
processo, o ``wait_for_workers`` do Dask.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import psutil
import pytest
from nbgrader.api import Gradebook

from curso.correcao.registo import correcoes_contadas

from correcao._turma import celula, copiar_curso, exercicios, maximo, resolvido, submeter

from ._cluster import ESPERA

CAP = "cap01"
(_, _, _), (SOL_B, _, PTS_B), _ = exercicios(CAP)[:3]
TOTAL = maximo(CAP)


def _corrigir_em_fundo(pasta: Path, *args: str) -> subprocess.Popen:
    """``curso corrigir`` num processo à parte, para o teste mexer no cluster enquanto corrige."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "CURSO_RAIZ")}
    return subprocess.Popen([sys.executable, "-m", "curso", "corrigir", *args], cwd=pasta, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _fim(proc: subprocess.Popen, cluster) -> tuple[int, str]:
    try:
        saida, _ = proc.communicate(timeout=900)
    except subprocess.TimeoutExpired:
        proc.kill()
        saida, _ = proc.communicate()
        raise AssertionError(f"o curso corrigir não acabou:\n{saida}\n{cluster.registos()}") from None
    return proc.returncode, saida


def _nota(pasta: Path, aluno: str) -> tuple[float, float]:
    with Gradebook(f"sqlite:///{pasta / 'gradebook.db'}") as gb:
        s = gb.find_submission(CAP, aluno)
        return s.score, s.max_score


def _ciclo_sem_fim() -> dict:
    """Uma submissão com o exercício B num ciclo sem fim: cada correção leva pelo menos o limite
    por célula, por isso há sempre um «a meio» para o teste apanhar."""
    nb = resolvido(CAP)
    celula(nb, SOL_B)["source"] = "while True:\n    pass\n"
    return nb


@pytest.mark.lento
@pytest.mark.timeout(1200)
def test_trabalhador_morto_a_meio_a_submissao_conta_uma_vez(cluster_novo, tmp_path):
    cluster = cluster_novo
    cluster.arrancar_trabalhador("t1")
    cluster.arrancar_trabalhador("t2")
    (tmp_path / "curso").mkdir()
    curso = copiar_curso(tmp_path / "curso", [CAP])
    submeter(curso, "lenta", CAP, _ciclo_sem_fim())
    proc = _corrigir_em_fundo(curso, "--cluster", str(cluster.configuracao()), "--timeout", "20")

    # a meio: o processo trabalhador da submissão já a recebeu (e fica pelo menos 20 s nela)
    meio = cluster.esperar_evento(lambda e: e["aluno"] == "lenta" and e["estado"] == "no trabalhador")
    orfaos = [psutil.Process(meio["processo"]), *psutil.Process(meio["processo"]).children(recursive=True)]
    os.kill(meio["pid"], signal.SIGKILL)  # o processo do trabalhador do Dask, não o nanny
    # o trabalhador de correção e a sua caixa morrem com ele (ninguém fica a corrigir para nada)
    _, vivos = psutil.wait_procs(orfaos, timeout=ESPERA)
    assert not vivos, vivos

    codigo, saida = _fim(proc, cluster)
    assert codigo == 0, saida + cluster.registos()
    assert _nota(curso, "lenta") == (TOTAL - PTS_B, TOTAL)
    assert saida.count("] lenta · cap01: ") == 1 and "[1/1] lenta · cap01: " in saida, saida
    contadas = correcoes_contadas(f"sqlite:///{curso / 'gradebook.db'}", CAP, "lenta")
    assert len(contadas) == 1, contadas
    # o Dask correu-a de novo noutro processo, e só essa chegou ao coordenador
    segunda = cluster.esperar_evento(lambda e: e["aluno"] == "lenta" and e["estado"] == "corrigida")
    assert segunda["pid"] != meio["pid"]
    # a pasta da oficina do trabalhador morto com um kill -9 fica (ninguém a pode apagar): o teste
    # apaga-a; num servidor, é apagada com /tmp
    shutil.rmtree(meio["oficina"], ignore_errors=True)


@pytest.mark.lento
@pytest.mark.timeout(1200)
def test_submissao_que_nunca_acaba_o_limite_e_nosso_e_o_trabalhador_continua(cluster_novo, tmp_path):
    cluster = cluster_novo
    endereco = cluster.arrancar_trabalhador("t1")
    (tmp_path / "curso").mkdir()
    curso = copiar_curso(tmp_path / "curso", [CAP])
    submeter(curso, "sem_fim", CAP, _ciclo_sem_fim())
    configuracao = str(cluster.configuracao())

    # o limite por célula (600 s) nunca chega: quem para a submissão é o limite dela (10 s)
    r = subprocess.run([sys.executable, "-m", "curso", "corrigir", "--cluster", configuracao,
                        "--timeout", "600", "--limite-submissao", "10"], cwd=curso,
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 1, r.stdout + r.stderr + cluster.registos()
    assert "sem_fim · cap01: a correção parou (o trabalhador excedeu o tempo ou morreu): sem nota" in r.stdout
    no_trabalhador = cluster.esperar_evento(lambda e: e["aluno"] == "sem_fim" and e["estado"] == "no trabalhador")
    assert not psutil.pid_exists(no_trabalhador["processo"])  # o processo de correção foi morto
    assert cluster.esperar_evento(lambda e: e["aluno"] == "sem_fim" and e["estado"] == "corrigida")

    # o mesmo trabalhador do Dask (o mesmo processo) corrige a seguinte
    submeter(curso, "seguinte", CAP, resolvido(CAP))
    r = subprocess.run([sys.executable, "-m", "curso", "corrigir", "--cluster", configuracao,
                        "--timeout", "20", "--alunos", "seguinte"], cwd=curso,
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr + cluster.registos()
    assert _nota(curso, "seguinte") == (TOTAL, TOTAL)
    seguinte = cluster.esperar_evento(lambda e: e["aluno"] == "seguinte" and e["estado"] == "corrigida")
    assert (seguinte["trabalhador"], seguinte["pid"]) == (endereco, no_trabalhador["pid"])


@pytest.mark.lento
@pytest.mark.timeout(1200)
def test_trabalhador_que_falha_sempre_deixa_de_receber_trabalho(cluster_novo, tmp_path):
    cluster = cluster_novo
    # um trabalhador sem o bubblewrap no PATH: não tem caixa de areia, falharia todas as submissões
    sem_bwrap = {**os.environ, "PATH": str(Path(sys.executable).parent)}
    mau = cluster.arrancar_trabalhador("sem_caixa", env=sem_bwrap)
    (tmp_path / "curso").mkdir()
    curso = copiar_curso(tmp_path / "curso", [CAP])
    submeter(curso, "ana", CAP, resolvido(CAP))
    submeter(curso, "bruno", CAP, resolvido(CAP, so={SOL_B}))
    proc = _corrigir_em_fundo(curso, "--cluster", str(cluster.configuracao()), "--timeout", "20")

    # o coordenador retira-o à primeira falha: o processo do trabalhador acaba
    falha = cluster.esperar_evento(lambda e: e["estado"] == "falhou")
    assert falha["trabalhador"] == mau and "não tem caixa de areia" in falha["falha"]
    cluster.processos["sem_caixa"].wait(timeout=ESPERA)
    # só depois chega um trabalhador bom; o coordenador esperou por ele
    bom = cluster.arrancar_trabalhador("com_caixa")

    codigo, saida = _fim(proc, cluster)
    assert codigo == 0, saida + cluster.registos()
    assert f"trabalhador do cluster {mau} retirado: este trabalhador do cluster não tem caixa de areia" in saida
    assert _nota(curso, "ana") == (TOTAL, TOTAL) and _nota(curso, "bruno") == (PTS_B, TOTAL)
    assert mau not in cluster.cliente.scheduler_info()["workers"]
    eventos = []
    while not cluster.eventos.empty():
        eventos.append(cluster.eventos.get())
    assert not [e for e in eventos if e["trabalhador"] == mau], eventos  # nada mais lhe foi dado
    assert {e["aluno"] for e in eventos if e["estado"] == "corrigida" and e["trabalhador"] == bom} >= {"ana", "bruno"}
    assert not Path(falha["oficina"]).exists()  # o retirado fechou a sua oficina antes de sair
