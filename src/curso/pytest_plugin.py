"""Plugin do pytest: o fixture ``nb`` carrega o caderno do capítulo do módulo de testes.

Por omissão carrega ``solutions/capNN/capNN.ipynb`` (prova que as soluções passam);
``--cadernos exercises`` (ou outra pasta com ``capNN/capNN.ipynb``) escolhe outra pasta.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from curso.caderno import carregar
from curso.raiz import caderno_de_exercicios, raiz_do_curso


def pytest_addoption(parser):
    parser.addoption(
        "--cadernos",
        default="solutions",
        help="pasta com capNN/capNN.ipynb contra a qual correm as verificações (solutions)",
    )


@pytest.fixture(scope="module")
def nb(request):
    m = re.search(r"test_cap(\d\d)", request.module.__name__)
    if not m:
        pytest.fail("o fixture nb só serve módulos test_capNN.py")
    pasta = Path(request.config.getoption("--cadernos"))
    if not pasta.is_absolute():
        pasta = raiz_do_curso() / pasta
    caderno = carregar(caderno_de_exercicios(int(m.group(1)), pasta))
    assert not caderno.erros, f"o caderno {caderno.caminho} tem células com erro: {caderno.erros}"
    return caderno
