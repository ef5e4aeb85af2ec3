"""Configuração comum dos testes: o fixture ``nb``, marcas e a guarda contra a rede."""

import socket

import pytest

pytest_plugins = ["curso.pytest_plugin"]

_connect_original = socket.socket.connect
_LOCAIS = ("127.", "::1", "localhost", "0.0.0.0")


def _so_loopback(self, endereco):
    destino = endereco[0] if isinstance(endereco, tuple) else endereco
    if self.family == getattr(socket, "AF_UNIX", None) or str(destino).startswith(_LOCAIS):
        return _connect_original(self, endereco)
    raise OSError(f"os testes não podem sair da máquina: ligação recusada a {endereco!r}")


def pytest_configure(config):
    config.addinivalue_line("markers", "navegador: testes num JupyterLab real, com o Chromium")
    config.addinivalue_line("markers", "lento: testes que arrancam kernels ou o nbgrader")


@pytest.fixture(autouse=True)
def _sem_rede(monkeypatch):
    """Nenhum teste abre ligações para fora da máquina (só loopback)."""
    monkeypatch.setattr(socket.socket, "connect", _so_loopback)
    yield
