"""O gradebook em PostgreSQL (``db_url`` do nbgrader): um servidor do Debian arrancado pelo teste
(pasta temporária, só um socket Unix, um utilizador que não é root), as regras do escritor
provadas nele e no SQLite, e uma turma corrigida de ponta a ponta nele, localmente e no cluster.
"""

from __future__ import annotations

import csv
import os
import uuid
from datetime import datetime

import psycopg
import pytest
from nbgrader.api import Gradebook

from curso.correcao import cli
from curso.correcao.protocolo import Notas, Resposta, Tarefa
from curso.correcao.registo import Chave, correcoes_contadas, registar_na_base, trancar
from curso.raiz import path_com_este_interpretador

from correcao._turma import copiar_curso, corrigir, exercicios, ler, maximo, resolvido, submeter

CAP = "cap01"
TOTAL = maximo(CAP)


@pytest.fixture(params=["sqlite", "postgresql"])
def base(request, tmp_path, monkeypatch):
    """Um gradebook vazio com o capítulo 1, em SQLite ou num PostgreSQL arrancado aqui."""
    # o nbgrader chama o alembic pelo PATH ao criar a base
    monkeypatch.setenv("PATH", path_com_este_interpretador(os.environ.get("PATH")))
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'gradebook.db'}"
    else:
        url = request.getfixturevalue("postgres").criar_base(f"escritor_{uuid.uuid4().hex[:8]}")
    with Gradebook(url) as gb:
        gb.add_assignment(CAP)
    return url


def _resposta(momento: str | None) -> Resposta:
    return Resposta(1, ok=True, notas=Notas(momento, 0.0, 0.0, {}))


def _chave(submissao: str) -> Chave:
    return Chave("curso", CAP, "ana", submissao * 64, "1.0.0+teste")


def _tarefa() -> Tarefa:
    return Tarefa(1, CAP, "ana", "submitted", "autograded", "feedback", "exercises")


def _momento_registado(url: str) -> datetime:
    with Gradebook(url) as gb:
        return gb.find_submission(CAP, "ana").timestamp


def test_o_resultado_de_uma_submissao_mais_antiga_nao_tapa_a_mais_recente(base):
    novo, ignorado = cli._resultado(base, _tarefa(), _resposta("2026-12-06T10:05:00"), _chave("b"))
    assert not ignorado and novo.registado
    antigo, ignorado = cli._resultado(base, _tarefa(), _resposta("2026-12-06T10:00:00"), _chave("a"))
    assert ignorado and antigo.problemas[0].startswith("resultado ignorado: a submissão com nota é mais recente")
    assert _momento_registado(base) == datetime(2026, 12, 6, 10, 5)
    assert [c["submissao"][0] for c in correcoes_contadas(base, CAP, "ana")] == ["b"]
    # uma mais recente ainda conta
    _, ignorado = cli._resultado(base, _tarefa(), _resposta("2026-12-06T10:10:00"), _chave("c"))
    assert not ignorado and _momento_registado(base) == datetime(2026, 12, 6, 10, 10)


def test_a_mesma_correcao_repetida_conta_uma_vez(base):
    for _ in range(3):  # uma tarefa que o Dask voltou a correr chega com a mesma chave
        registar_na_base(base, "ana", CAP, _resposta("2026-12-06T10:00:00"), _chave("a"))
    assert len(correcoes_contadas(base, CAP, "ana")) == 1
    registar_na_base(base, "ana", CAP, _resposta("2026-12-06T10:00:00"),
                     Chave("curso", CAP, "ana", "a" * 64, "1.0.1+outro-corretor"))
    assert len(correcoes_contadas(base, CAP, "ana")) == 2  # outra versão do corretor é outra correção


def test_em_postgresql_so_um_escritor_de_cada_vez_por_submissao(postgres):
    nome = f"tranca_{uuid.uuid4().hex[:8]}"
    url = postgres.criar_base(nome)
    outra = psycopg.connect(host=str(postgres.pasta), user="curso", dbname=nome, autocommit=True)

    def livre() -> bool:
        """Outra sessão (outro ``curso corrigir``, o serviço) consegue a tranca desta submissão?"""
        numero = outra.execute("SELECT ('x' || substr(encode(sha256(%s::bytea), 'hex'), 1, 16))::bit(64)::bigint",
                               (f"{CAP}\0ana".encode(),)).fetchone()[0]
        conseguiu = outra.execute("SELECT pg_try_advisory_lock(%s)", (numero,)).fetchone()[0]
        if conseguiu:
            outra.execute("SELECT pg_advisory_unlock(%s)", (numero,))
        return conseguiu

    try:
        assert livre()
        with trancar(url, CAP, "ana"):
            assert not livre()
            with trancar(url, CAP, "ana"):  # a mesma thread não espera por si própria
                assert not livre()
            with trancar(url, CAP, "bruno"):  # outra submissão é outra tranca
                assert not livre()
        assert livre()
    finally:
        outra.close()


@pytest.mark.lento
@pytest.mark.timeout(1500)
def test_turma_de_ponta_a_ponta_em_postgresql(postgres, cluster, tmp_path):
    url = postgres.criar_base("turma")
    copiar_curso(tmp_path, [CAP])
    with open(tmp_path / "nbgrader_config.py", "a", encoding="utf-8") as f:
        f.write(f"\nc.CourseDirectory.db_url = {url!r}\nc.CourseDirectory.course_id = 'agentes'\n")
    submeter(tmp_path, "ana", CAP, resolvido(CAP))
    submeter(tmp_path, "bruno", CAP, ler(tmp_path / "exercises" / CAP / f"{CAP}.ipynb"))
    pts_b = exercicios(CAP)[1][2]
    submeter(tmp_path, "carla", CAP, resolvido(CAP, so={exercicios(CAP)[1][0]}))

    # localmente, só a ana (os trabalhadores copiam um gradebook SQLite só com os capítulos)
    r = corrigir(tmp_path, "--timeout", "20", "--alunos", "ana", "--csv", "notas-ana.csv")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "postgresql+psycopg://curso@/turma" in r.stdout and not (tmp_path / "gradebook.db").exists()
    # no cluster, a turma toda
    r = corrigir(tmp_path, "--cluster", str(cluster.configuracao()), "--timeout", "20")
    assert r.returncode == 0, r.stdout + r.stderr + cluster.registos()

    with Gradebook(url) as gb:
        notas = {s.student_id: (s.score, s.max_score) for s in gb.assignment_submissions(CAP)}
    assert notas == {"ana": (TOTAL, TOTAL), "bruno": (0, TOTAL), "carla": (pts_b, TOTAL)}
    with open(tmp_path / "notas.csv", encoding="utf-8") as f:
        linhas = {li["student_id"]: float(li["score"]) for li in csv.DictReader(f)}
    assert linhas == {"ana": TOTAL, "bruno": 0.0, "carla": pts_b}
    assert sorted(c["aluno"] for c in correcoes_contadas(url, CAP)) == ["ana", "bruno", "carla"]
    assert not (tmp_path / "gradebook.db").exists()  # nenhuma cópia SQLite das notas ao lado


def test_postgresql_sem_nome_do_curso_e_recusado_antes_de_comecar(tmp_path):
    """O PostgreSQL faz cumprir a chave estrangeira do curso que o SQLite deixa passar: sem
    ``course_id``, todas as notas falhariam; o comando diz o que pôr na configuração."""
    copiar_curso(tmp_path, [CAP])
    with open(tmp_path / "nbgrader_config.py", "a", encoding="utf-8") as f:
        f.write("\nc.CourseDirectory.db_url = 'postgresql+psycopg://curso@/turma?host=/nao/existe'\n")
    r = corrigir(tmp_path, "--timeout", "20", timeout=120)
    assert r.returncode == 2, r.stdout + r.stderr
    assert "c.CourseDirectory.course_id" in r.stderr
