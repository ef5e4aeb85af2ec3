"""Abrir a fronteira sobre um kernel já arrancado."""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Iterator

from jupyter_client.blocking import BlockingKernelClient

from curso.fronteira.confianca import CadernoRemoto, Ligacao


def cliente_da_fronteira(info_de_ligacao: dict) -> BlockingKernelClient:
    """Um cliente Jupyter só da fronteira (canais shell e stdin; o iopub não interessa)."""
    cliente = BlockingKernelClient()
    cliente.load_connection_info(info_de_ligacao)
    cliente.start_channels(shell=True, iopub=False, stdin=True, hb=False, control=False)
    return cliente


@contextmanager
def abrir(info_de_ligacao: dict, interromper=None, registo: list | None = None,
          limite: float = 60.0, limite_total: float | None = None, vivo=None,
          cliente: BlockingKernelClient | None = None) -> Iterator[CadernoRemoto]:
    """Um ``CadernoRemoto`` sobre o kernel de ``info_de_ligacao`` (``km.get_connection_info()``),
    por ``cliente`` (um de ``cliente_da_fronteira``, que quem o deu fecha) ou por um cliente novo,
    fechado à saída. Enquanto está aberta, o kernel está ocupado a atendê-la; à saída fica livre.
    Depois de sair, ``perdida``, ``morreu`` e ``tempo_esgotado`` da ``nb.ligacao`` dizem como
    acabou.

    ``limite`` vale para cada pedido; ``limite_total``, para tudo o que se pedir (uma célula de
    verificação tem o mesmo tempo que teria a correr no kernel)."""
    proprio = cliente is None
    if cliente is None:
        cliente = cliente_da_fronteira(info_de_ligacao)
    ligacao = Ligacao(cliente, interromper=interromper, registo=registo, vivo=vivo, limite=limite)
    try:
        if limite_total is not None:
            ligacao.prazo_total = time.monotonic() + limite_total
        ligacao.preparar()
        yield CadernoRemoto(ligacao)
    finally:
        try:
            ligacao.fechar()  # o kernel sai de servir(): a célula seguinte do caderno pode correr
        finally:
            if proprio:
                cliente.stop_channels()
