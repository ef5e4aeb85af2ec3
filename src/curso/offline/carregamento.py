"""Encontrar o decisor que ``curso servidor --decisor`` nomeia: ``modulo:funcao`` ou ``ficheiro.py:funcao``."""

from __future__ import annotations

import importlib.util
import pkgutil
import sys
from pathlib import Path


def _do_ficheiro(caminho: Path, nome: str):
    if not caminho.is_file():
        raise ValueError(f"Não encontrei o ficheiro {caminho}.")
    especificacao = importlib.util.spec_from_file_location(caminho.stem, caminho)
    modulo = importlib.util.module_from_spec(especificacao)
    especificacao.loader.exec_module(modulo)
    objeto = modulo
    for parte in nome.split("."):
        if not hasattr(objeto, parte):
            raise ValueError(f"O ficheiro {caminho} não tem {nome!r}.")
        objeto = getattr(objeto, parte)
    return objeto


def carregar_decisor(especificacao: str):
    """``modulo:funcao`` ou ``caminho/ficheiro.py:funcao`` → o objeto chamável.

    Um módulo que falta (ou que importa uma dependência que falta) dá ``ModuleNotFoundError``
    com o nome do que falta; um nome que o módulo não tem dá ``ValueError``.
    """
    modulo, separador, nome = especificacao.partition(":")
    if not separador or not modulo or not nome:
        raise ValueError(f"Decisor inválido {especificacao!r}: usa o formato modulo:funcao.")
    if modulo.endswith(".py"):
        objeto = _do_ficheiro(Path(modulo), nome)
    else:
        # como «python -m»: os módulos da pasta atual também se encontram
        if "" not in sys.path and str(Path.cwd()) not in sys.path:
            sys.path.insert(0, str(Path.cwd()))
        try:
            objeto = pkgutil.resolve_name(especificacao)
        except AttributeError as erro:
            raise ValueError(f"O módulo {modulo!r} não tem {nome!r}.") from erro
    if not callable(objeto):
        raise ValueError(f"{especificacao!r} não é chamável: um decisor é uma função (mensagens, ferramentas).")
    return objeto
