"""``curso corrigir --cluster`` num cluster Dask a sério nesta máquina (um scheduler e
trabalhadores em processos separados, TLS, só 127.0.0.1): a mesma turma dá o mesmo que a
correção local, e as falhas do cluster nunca contam uma submissão duas vezes nem param a turma.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import psutil
import pytest
from nbgrader.api import Gradebook

from curso.correcao.registo import correcoes_contadas

from correcao._turma import (celula, copiar_curso, corrigir, esboco, exercicios, ler, maximo,
                             resolvido, submeter)


CAP = "cap01"
(SOL_A, _, PTS_A), (SOL_B, _, PTS_B), (SOL_C, _, PTS_C) = exercicios(CAP)[:3]
TOTAL = maximo(CAP)


def _turma(pasta: Path) -> dict[str, float]:
    """aluno → pontos esperados em cap01: a solução, o caderno em branco, uma parte feita e três
    submissões hostis (um ciclo sem fim na célula, um kernel que morre, o caderno em falta)."""
    copiar_curso(pasta, [CAP])
    esperado = {}

    def aluno(quem, nb, pontos, nome=None):
        submeter(pasta, quem, CAP, nb, nome)
        esperado[quem] = pontos

    aluno("ana", resolvido(CAP), TOTAL)
    aluno("bruno", ler(pasta / "exercises" / CAP / f"{CAP}.ipynb"), 0)
    aluno("carla", resolvido(CAP, so={SOL_B}), PTS_B)
    nb = resolvido(CAP)
    celula(nb, SOL_B)["source"] = "while True:\n    pass\n"
    aluno("duarte", nb, TOTAL - PTS_B)
    nb = resolvido(CAP)
    celula(nb, SOL_C)["source"] = esboco(CAP, SOL_C, "import os\nos._exit(3)")
    aluno("eva", nb, TOTAL - PTS_C)
    aluno("filipe", resolvido(CAP), 0, nome=f"{CAP} (1).ipynb")
    return esperado


def _notas(db_url: str) -> dict[str, tuple[float, float]]:
    with Gradebook(db_url) as gb:
        return {s.student_id: (s.score, s.max_score) for s in gb.assignment_submissions(CAP)}


def _normal(texto: str) -> str:
    """Sem o que muda de corrida para corrida: pastas temporárias e tempos medidos."""
    texto = re.sub(r"/tmp/curso-[\w-]+", "TMP", texto)
    return re.sub(r"\d+[,.]\d+ ?(s|ms)\b", "T", texto)


def _resumo(saida: str) -> str:
    """A tabela alunos × capítulos e os problemas, sem a linha dos tempos."""
    return re.split(r"\n\d+ submissões corrigidas", saida.split("\naluno ", 1)[1])[0]


def _ficheiros(pasta: Path, padrao: str) -> dict[str, str]:
    return {p.relative_to(pasta).as_posix(): _normal(p.read_text(encoding="utf-8"))
            for p in sorted(pasta.glob(padrao))}


def _sem_tempos(dados):
    """Os ``resultados/`` sem os tempos medidos (``segundos``), que mudam de corrida para corrida."""
    if isinstance(dados, dict):
        return {k: _sem_tempos(v) for k, v in dados.items() if k != "segundos"}
    if isinstance(dados, list):
        return [_sem_tempos(v) for v in dados]
    return dados


def _resultados(pasta: Path) -> dict[str, dict]:
    return {p.relative_to(pasta).as_posix(): _sem_tempos(json.loads(_normal(p.read_text(encoding="utf-8"))))
            for p in sorted((pasta / "resultados").glob("*/*.json"))}


@pytest.mark.lento
@pytest.mark.timeout(1500)
def test_a_mesma_turma_da_o_mesmo_localmente_e_no_cluster(cluster, tmp_path):
    (tmp_path / "local").mkdir()
    (tmp_path / "no_cluster").mkdir()
    esperado = _turma(tmp_path / "local")
    _turma(tmp_path / "no_cluster")
    local = corrigir(tmp_path / "local", "--timeout", "15", "--csv", "notas.csv")
    assert local.returncode == 0, local.stdout + local.stderr
    no_cluster = corrigir(tmp_path / "no_cluster", "--cluster", str(cluster.configuracao()),
                          "--timeout", "15", "--csv", "notas.csv")
    assert no_cluster.returncode == 0, no_cluster.stdout + no_cluster.stderr + cluster.registos()
    assert "ligado ao cluster em tls://127.0.0.1:" in no_cluster.stdout

    notas = {nome: _notas(f"sqlite:///{tmp_path / nome / 'gradebook.db'}") for nome in ("local", "no_cluster")}
    assert notas["no_cluster"] == notas["local"]
    assert {a: p for a, (p, _) in notas["local"].items()} == esperado
    # o resumo (a tabela e os problemas) é o mesmo, linha a linha
    assert _resumo(no_cluster.stdout) == _resumo(local.stdout)
    # o CSV tem as mesmas linhas (pela ordem em que as notas chegaram)
    csvs = [sorted(map(tuple, csv.reader((tmp_path / nome / "notas.csv").open(encoding="utf-8"))))
            for nome in ("local", "no_cluster")]
    assert csvs[0] == csvs[1] and len(csvs[0]) == len(esperado) + 1
    assert _resultados(tmp_path / "no_cluster") == _resultados(tmp_path / "local")
    assert _ficheiros(tmp_path / "no_cluster", "feedback/*/*/*.html") == \
        _ficheiros(tmp_path / "local", "feedback/*/*/*.html")
    assert set(_ficheiros(tmp_path / "no_cluster", "autograded/*/*/*")) == \
        set(_ficheiros(tmp_path / "local", "autograded/*/*/*"))
    # cada correção do cluster ficou contada uma vez, com o hash da submissão e a versão do corretor
    contadas = correcoes_contadas(f"sqlite:///{tmp_path / 'no_cluster' / 'gradebook.db'}")
    assert sorted(c["aluno"] for c in contadas) == sorted(esperado)
    assert all(len(c["submissao"]) == 64 and c["corretor"] for c in contadas)


def test_o_cluster_so_escuta_em_loopback(cluster):
    """O scheduler, os *nannies* e os trabalhadores do teste não abrem portas para fora da
    máquina (nem o painel, que está desligado)."""
    escutas = []
    for proc in cluster.processos.values():
        for p in [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]:
            escutas += [(p.pid, c.laddr) for c in p.net_connections(kind="inet")
                        if c.status == psutil.CONN_LISTEN]
    assert len(escutas) >= 5, escutas  # o scheduler, dois nannies, dois trabalhadores
    assert all(endereco.ip == "127.0.0.1" for _, endereco in escutas), escutas
