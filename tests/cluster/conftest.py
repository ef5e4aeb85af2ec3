"""O cluster Dask e o PostgreSQL dos testes desta pasta (ver ``_cluster.py`` e ``_postgresql.py``)."""

import pytest

from ._cluster import Cluster
from ._postgresql import Postgres, sem_postgresql


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """Um scheduler e dois trabalhadores do Dask, TLS, só em 127.0.0.1, para os testes do módulo."""
    from correcao._turma import sem_caixa

    sem_caixa()
    c = Cluster(tmp_path_factory.mktemp("cluster"))
    try:
        c.arrancar_trabalhador("t1")
        c.arrancar_trabalhador("t2")
        yield c
    finally:
        c.fechar()


@pytest.fixture
def cluster_novo(tmp_path):
    """Um cluster só deste teste (o teste arranca os trabalhadores de que precisa)."""
    from correcao._turma import sem_caixa

    sem_caixa()
    c = Cluster(tmp_path / "cluster")
    try:
        yield c
    finally:
        c.fechar()


@pytest.fixture(scope="module")
def postgres():
    sem_postgresql()
    servidor = Postgres()
    try:
        yield servidor
    finally:
        servidor.parar()
