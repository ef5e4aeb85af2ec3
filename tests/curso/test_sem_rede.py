"""A guarda de tests/conftest.py: os testes só abrem ligações para o próprio computador.

Prova-se sem tocar na rede: a ligação verdadeira é trocada por um registo.
"""

import socket

import pytest

import conftest


@pytest.fixture
def ligacoes(monkeypatch):
    feitas = []
    monkeypatch.setattr(conftest, "_connect_original", lambda s, endereco: feitas.append(endereco))
    return feitas


def test_recusa_enderecos_de_fora(ligacoes):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        for destino in (("93.184.216.34", 443), ("api.openai.com", 443), ("10.0.0.1", 80)):
            with pytest.raises(OSError, match="não podem sair da máquina"):
                s.connect(destino)
    assert ligacoes == []


def test_deixa_passar_o_loopback(ligacoes):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.connect(("127.0.0.1", 9))
        s.connect(("localhost", 9))
    assert ligacoes == [("127.0.0.1", 9), ("localhost", 9)]
