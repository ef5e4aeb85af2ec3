"""Plugin do pytest: o fixture ``nb`` carrega o caderno do capítulo do módulo de testes.

Por omissão carrega ``solutions/capNN/capNN.ipynb`` (prova que as soluções passam);
``--cadernos exercises`` (ou outra pasta com ``capNN/capNN.ipynb``) escolhe outra pasta.

A seguir às verificações de cada exercício vem um teste ``propriedades_TestExN_M`` com as
propriedades genéricas (``curso.propriedades``), as mesmas linhas que ``verificar("N.M")`` mostra.
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


def _propriedades(ident: str, classe: type):
    """O teste das propriedades genéricas (``propriedade_*``) de um exercício: corre as
    verificações da classe sob vigia e falha com as mensagens das propriedades que falharam."""

    def testar(nb):
        from curso.verificacao import PASSOU, correr_exercicio

        resultados = correr_exercicio(ident, classe, nb)
        assert any(r.estado == PASSOU for r in resultados), (
            f"nenhuma verificação de {ident} passa: as propriedades só se vigiam depois")
        linhas = [r for r in resultados if r.metodo.startswith("propriedade_")]
        falhas = [r for r in linhas if r.estado != PASSOU]
        assert not falhas, "\n".join(f"{r.metodo}: {r.mensagem}" for r in falhas)

    testar.__doc__ = f"Propriedades genéricas do exercício {ident} (curso.propriedades)"
    return testar


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session, config, items):
    """Junta, a seguir às verificações de cada ``TestExN_M`` de um ``test_capNN.py``, um teste
    ``propriedades_TestExN_M`` com as propriedades genéricas desse exercício."""
    from curso.verificacao import _id_da_classe

    novos, feitos = [], set()
    for indice, item in enumerate(items):
        novos.append(item)
        classe = getattr(item, "cls", None)
        ident = _id_da_classe(classe.__name__) if classe is not None else None
        if ident is None or not re.search(r"test_cap\d\d$", item.module.__name__):
            continue
        seguinte = items[indice + 1] if indice + 1 < len(items) else None
        if getattr(seguinte, "cls", None) is classe or classe in feitos:
            continue
        feitos.add(classe)
        modulo = item.getparent(pytest.Module)
        novos.append(pytest.Function.from_parent(
            modulo, name=f"propriedades_{classe.__name__}", callobj=_propriedades(ident, classe)))
    items[:] = novos
