"""Abrir a fronteira sobre um kernel já arrancado, e o espaço de nomes dos testes escondidos.

Três coisas que o corretor decide sem perguntar ao kernel:

- o que lê de cada vez: os *sockets* dos clientes do corretor (o da fronteira e o que executa o
  caderno) recusam, antes de a ler, cada parte de mensagem maior do que ``TETO_DA_PARTE``
  (``zmq.MAXMSGSIZE``: o zmq corta a ligação em vez de a guardar);
- de onde vem cada nome de um teste escondido (``ligados_deste_lado``): só as respostas vêm
  do kernel; módulos, auxiliares do curso e o modelo offline ligam-se deste lado;
- quanto tempo tem cada pedido (``abrir``).
"""

from __future__ import annotations

import ast
import functools
import importlib
import sys
import time
from collections.abc import Iterable, Mapping
from contextlib import contextmanager
from typing import Any, Iterator

import zmq
from jupyter_client.blocking import BlockingKernelClient

from curso import caderno
from curso.caderno import nomes_livres
from curso.fronteira.confianca import CadernoRemoto, Ligacao

# Bytes de cada parte de uma mensagem que o kernel manda a um cliente do corretor. A maior parte
# honesta (o resultado de uma função de um exercício, uma imagem numa saída) fica muito abaixo; a
# fronteira também não aceita mais do que isto em caracteres (``confianca.LIMITE_MENSAGEM``).
TETO_DA_PARTE = 32 * 2**20


def com_tetos(classe: type) -> type:
    """Uma subclasse do cliente Jupyter ``classe`` cujos *sockets* têm o teto de cada parte de
    mensagem (o ``zmq`` aplica-o ao receber, antes de a guardar: uma mensagem de 200 MB nunca chega
    à memória do trabalhador). O contexto zmq é do cliente, e fecha-se com ele."""

    class ComTetos(classe):
        def _context_default(self):
            contexto = super()._context_default()
            contexto.setsockopt(zmq.MAXMSGSIZE, TETO_DA_PARTE)
            return contexto

    ComTetos.__name__ = ComTetos.__qualname__ = f"{classe.__name__}ComTetos"
    return ComTetos


ClienteDaFronteira = com_tetos(BlockingKernelClient)


def cliente_da_fronteira(info_de_ligacao: dict) -> BlockingKernelClient:
    """Um cliente Jupyter só da fronteira (canais shell e stdin; o iopub não interessa), com os
    tetos de ``com_tetos``."""
    cliente = ClienteDaFronteira()
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


# ------------------------------------------------------------------------- os testes escondidos


def ligacoes_de_confianca(fontes: Iterable[str]) -> dict[str, Any]:
    """Os nomes que as células bloqueadas do curso importam (``import math``, ``from curso.offline
    import cliente_offline, Roteiro``…), importados deste lado. ``fontes`` é texto do curso (as
    células bloqueadas, tal como o nbgrader as guardou): só as instruções ``import`` correm, e
    um módulo que não se importa fica de fora."""
    return dict(_importados(tuple(fontes)))


@functools.lru_cache(maxsize=64)
def _importados(fontes: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    nomes: dict[str, Any] = {}
    for fonte in fontes:
        try:
            arvore = ast.parse(fonte)
        except SyntaxError:
            continue
        for no in arvore.body:
            if not isinstance(no, (ast.Import, ast.ImportFrom)) or any(a.name == "*" for a in no.names):
                continue
            espaco: dict = {}
            try:
                exec(compile(ast.Module([no], type_ignores=[]), "<células do curso>", "exec"), espaco)
            except Exception:  # noqa: BLE001 — um import que falha aqui deixa o nome por ligar
                continue
            nomes.update((k, v) for k, v in espaco.items() if k != "__builtins__")
    return tuple(nomes.items())


def _modulo_padrao(nome: str) -> Any | None:
    """O módulo ``nome`` da biblioteca padrão, importado deste lado (``math``, ``json``…)."""
    if nome not in sys.stdlib_module_names:
        return None
    try:
        return importlib.import_module(nome)
    except ImportError:
        return None


def ligados_deste_lado(codigo: str, confianca: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Os nomes que os testes escondidos ``codigo`` usam sem os definir e que se ligam deste lado —
    o único sítio que decide de onde vem cada um. Por esta ordem:

    1. ``confianca``: o que o corretor liga deste lado (os ``import`` das células bloqueadas do
       curso, de ``ligacoes_de_confianca``: o modelo offline, os auxiliares de ``curso``; quem
       corrige pode juntar-lhe outros nomes do curso);
    2. um módulo da biblioteca padrão com esse nome (``math``, ``json``), importado deste lado.

    Os outros vêm do caderno do aluno, pela fronteira: as respostas (e o estado que elas usam,
    como ``FERRAMENTAS``). Um módulo, uma função ou uma classe do kernel nunca decidem um teste
    escondido: um ``math`` ou um ``cliente_offline`` redefinidos pelo aluno não chegam aqui."""
    confianca = confianca or {}
    ligados: dict[str, Any] = {}
    for nome in nomes_livres(codigo):
        if nome in confianca:
            ligados[nome] = confianca[nome]
        elif (modulo := _modulo_padrao(nome)) is not None:
            ligados[nome] = modulo
    return ligados


def correr_escondidos(codigo: str, nb, origem: str = "<testes escondidos>",
                      confianca: Mapping[str, Any] | None = None) -> None:
    """Corre os testes escondidos deste lado: os nomes de ``ligados_deste_lado`` deste lado, o
    resto do caderno ``nb`` (``caderno.correr_escondidos``). Lança o que o teste lançar (um
    ``AssertionError`` é um teste que falhou)."""
    caderno.correr_escondidos(codigo, nb, origem, ligados_deste_lado(codigo, confianca))
