"""Abrir a fronteira sobre um kernel já arrancado, e correr deste lado os testes escondidos."""

from __future__ import annotations

import ast
import builtins
import time
from contextlib import contextmanager
from typing import Iterator

from jupyter_client.blocking import BlockingKernelClient

from curso.caderno import NaoImplementado, NomeEmFalta
from curso.fronteira.confianca import CadernoRemoto, Ligacao


@contextmanager
def abrir(info_de_ligacao: dict, interromper=None, registo: list | None = None,
          limite: float = 60.0, limite_total: float | None = None, vivo=None) -> Iterator[CadernoRemoto]:
    """Um ``CadernoRemoto`` sobre o kernel de ``info_de_ligacao`` (``km.get_connection_info()``),
    com um cliente só da fronteira (canais shell e stdin; o iopub não interessa).

    ``limite`` vale para cada pedido; ``limite_total``, para tudo o que se pedir (uma célula de
    verificação tem o mesmo tempo que teria a correr no kernel)."""
    cliente = BlockingKernelClient()
    cliente.load_connection_info(info_de_ligacao)
    cliente.start_channels(shell=True, iopub=False, stdin=True, hb=False, control=False)
    try:
        ligacao = Ligacao(cliente, interromper=interromper, registo=registo, vivo=vivo)
        ligacao.preparar(limite)
        if limite_total is not None:
            ligacao.prazo_total = time.monotonic() + limite_total
        yield CadernoRemoto(ligacao)
    finally:
        cliente.stop_channels()


def nomes_livres(codigo: str) -> list[str]:
    """Os nomes que ``codigo`` lê sem os definir (nem importar, nem serem builtins): os do caderno."""
    arvore = ast.parse(codigo)
    definidos, lidos = set(), []
    for no in ast.walk(arvore):
        if isinstance(no, ast.Name):
            if isinstance(no.ctx, ast.Load):
                lidos.append(no.id)
            else:
                definidos.add(no.id)
        elif isinstance(no, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            definidos.add(no.name)
        elif isinstance(no, ast.arg):
            definidos.add(no.arg)
        elif isinstance(no, (ast.Import, ast.ImportFrom)):
            definidos.update((a.asname or a.name).split(".")[0] for a in no.names)
        elif isinstance(no, ast.ExceptHandler) and no.name:
            definidos.add(no.name)
    return [n for n in dict.fromkeys(lidos) if n not in definidos and not hasattr(builtins, n)]


def correr_escondidos(codigo: str, nb, origem: str = "<testes escondidos>") -> None:
    """Corre os testes escondidos deste lado, com os nomes do caderno vindos de ``nb``.

    Lança o que o teste lançar (um ``AssertionError`` é um teste que falhou). Um nome que o
    caderno não tem fica por definir: o teste dá ``NameError``, como daria no kernel.
    """
    espaco: dict = {"__name__": "__escondidos__"}
    for nome in nomes_livres(codigo):
        try:
            espaco[nome] = getattr(nb, nome)
        except NaoImplementado:
            espaco[nome] = ...  # o valor de partida, como o teste o veria no kernel
        except NomeEmFalta:
            pass
    exec(compile(codigo, origem, "exec"), espaco)
