"""Clientes ``openai`` verdadeiros ligados ao motor offline dentro do processo (sem rede).

O openai ≥ 3 assenta no ``httpx2``: um ``httpx2.MockTransport`` entrega cada pedido ao motor.
"""

from __future__ import annotations

import httpx2
import openai

from .modelos import Catalogo
from .motor import Motor

URL_OFFLINE = "http://offline.curso/v1"
CHAVE_FICTICIA = "sk-offline-sem-valor"


def _transporte(motor: Motor) -> httpx2.MockTransport:
    def responder(pedido: httpx2.Request) -> httpx2.Response:
        estado, cabecalhos, corpo = motor.tratar(pedido.method, pedido.url.path, pedido.content)
        return httpx2.Response(estado, headers=cabecalhos, content=corpo)

    return httpx2.MockTransport(responder)


def _opcoes(opcoes: dict) -> dict:
    base = {"api_key": CHAVE_FICTICIA, "base_url": URL_OFFLINE, "max_retries": 0}
    base.update(opcoes)
    return base


def cliente_offline(decisor, *, modelos=None, retirados=(), perfis=None, **opcoes) -> openai.OpenAI:
    """Um ``openai.OpenAI`` verdadeiro cujas respostas vêm do ``decisor``, sem rede.

    ``decisor(mensagens, ferramentas)`` devolve o texto final ou uma lista de chamadas
    ``{"nome": str, "argumentos": dict}``. Cada corpo de pedido fica em ``cliente.pedidos``.
    ``modelos`` e ``retirados``: o que ``cliente.models.list()`` mostra e os modelos que
    respondem 404 ``model_not_found``, como a API faz a um modelo retirado (ver
    :class:`~curso.offline.modelos.Catalogo`). ``perfis``: ``{nome: Perfil}`` dos modelos a imitar
    (``curso.offline.perfis.PERFIS`` para os que o curso conhece): com eles, o pedido com o nome de
    um modelo é recusado, raciocina e conta como esse modelo; sem eles (por omissão), tudo é aceite.
    ``opcoes`` vão para o construtor do SDK (por exemplo ``max_retries=2`` ou
    ``_strict_response_validation=True``); por omissão ``max_retries=0``.
    """
    motor = Motor(decisor, catalogo=Catalogo(modelos, retirados), perfis=perfis)
    cliente = openai.OpenAI(http_client=httpx2.Client(transport=_transporte(motor)), **_opcoes(opcoes))
    cliente.pedidos = motor.pedidos
    cliente.motor = motor
    return cliente


def cliente_offline_assincrono(decisor, *, modelos=None, retirados=(), perfis=None,
                               **opcoes) -> openai.AsyncOpenAI:
    """O mesmo que :func:`cliente_offline`, como ``openai.AsyncOpenAI`` (para ``await``)."""
    motor = Motor(decisor, catalogo=Catalogo(modelos, retirados), perfis=perfis)
    cliente = openai.AsyncOpenAI(
        http_client=httpx2.AsyncClient(transport=_transporte(motor)), **_opcoes(opcoes)
    )
    cliente.pedidos = motor.pedidos
    cliente.motor = motor
    return cliente
