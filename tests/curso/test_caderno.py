"""O carregador de cadernos sem kernel corre o código como o kernel o correria."""

import json

from curso.caderno import Caderno, carregar, correr_escondidos

CELULA = "def somar(a: int, b: float = 1.0) -> float:\n    return a + b\n"


def _caderno(tmp_path, *fontes):
    celulas = [{"cell_type": "code", "metadata": {}, "source": f, "outputs": [], "execution_count": None}
               for f in fontes]
    caminho = tmp_path / "c.ipynb"
    caminho.write_text(json.dumps({"cells": celulas, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    return carregar(caminho)


def test_anotacoes_sao_tipos_como_no_kernel(tmp_path):
    """O ``from __future__ import annotations`` do módulo do curso não passa para o caderno."""
    nb = _caderno(tmp_path, CELULA)
    assert nb.somar.__annotations__ == {"a": int, "b": float, "return": float}
    mutado = nb.com("def dobro(x: int) -> int:\n    return 2 * x\n")
    assert mutado.dobro.__annotations__ == {"x": int, "return": int}


def test_escondidos_com_os_nomes_do_caderno(tmp_path):
    nb = Caderno({"somar": lambda a, b: a + b, "LIMITE": ...})
    correr_escondidos("def _f(x: int):\n    return x\nassert _f.__annotations__ == {'x': int}\n"
                      "assert somar(2, 3) == 5\nassert LIMITE is ...\n", nb)
    try:
        correr_escondidos("assert somar(2, 2) == 5, 'falhou'\n", nb)
    except AssertionError as erro:
        assert str(erro) == "falhou"
    else:
        raise AssertionError("um teste escondido que falha tem de lançar")
