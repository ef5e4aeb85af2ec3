"""O motor do modelo offline: recebe um pedido HTTP (método, caminho, corpo) e devolve a resposta.

É o mesmo código por trás do cliente em processo (``transporte``) e do servidor HTTP
(``servidor``). Ordem: decifrar JSON → registar o pedido → validar como a API real → decisor →
resposta. Os erros levam ``x-should-retry: false`` para o SDK não esperar segundos à toa; as
falhas simuladas (429/500) não, para o SDK poder tentar de novo como faria ao vivo.
"""

from __future__ import annotations

import json
import time

from .respostas import construir, corpo_de_erro, corpo_de_falha, normalizar, resumo_do_pedido
from .roteiro import Falha
from .validacao import ErroPedido, validar_pedido

CAMINHO_CONCLUSOES = "/v1/chat/completions"
_JSON = "application/json"

_ERRO_JSON = (
    "We could not parse the JSON body of your request. (HINT: This likely means you aren't using "
    "your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not "
    "valid JSON. If you have trouble figuring out how to fix this, please contact us through our "
    "help center at help.openai.com.)"
)


def _id_pedido(corpo: bytes) -> str:
    return "req_" + resumo_do_pedido(corpo)[32:64]


class Motor:
    """Responde a pedidos da API Chat Completions com um decisor.

    ``pedidos``: a lista onde cada corpo de pedido (um ``dict``) é acrescentado, por ordem.
    ``segundos``: tempo total passado dentro do motor (para medir a sua fatia do tempo).
    """

    def __init__(self, decisor, pedidos: list | None = None):
        if not callable(decisor):
            raise TypeError(
                "O decisor tem de ser uma função (mensagens, ferramentas) -> texto | lista de "
                f"chamadas, ou um Roteiro; recebi {decisor!r}."
            )
        self.decisor = decisor
        self.pedidos = [] if pedidos is None else pedidos
        self.segundos = 0.0

    def tratar(self, metodo: str, caminho: str, corpo: bytes) -> tuple[int, dict, bytes]:
        inicio = time.perf_counter()
        try:
            return self._tratar(metodo, caminho.split("?", 1)[0].rstrip("/"), corpo)
        finally:
            self.segundos += time.perf_counter() - inicio

    def _erro(self, estado: int, corpo_erro: bytes, pedido: bytes, extra: dict | None = None):
        cabecalhos = {"content-type": _JSON, "x-request-id": _id_pedido(pedido)}
        if extra is None:
            cabecalhos["x-should-retry"] = "false"
        else:
            cabecalhos.update(extra)
        return estado, cabecalhos, corpo_erro

    def _tratar(self, metodo: str, caminho: str, corpo: bytes):
        if caminho == "/v1/models" and metodo == "GET":
            return 200, {"content-type": _JSON}, json.dumps(
                {"object": "list", "data": [{"id": "offline", "object": "model", "created": 0,
                                            "owned_by": "curso"}]}
            ).encode()
        if caminho != CAMINHO_CONCLUSOES or metodo != "POST":
            return self._erro(
                404,
                corpo_de_erro(f"Invalid URL ({metodo} {caminho})", "invalid_request_error"),
                corpo,
            )
        try:
            pedido = json.loads(corpo)
        except (ValueError, UnicodeDecodeError):
            return self._erro(400, corpo_de_erro(_ERRO_JSON, "invalid_request_error"), corpo)
        self.pedidos.append(pedido)
        try:
            ferramentas_json = validar_pedido(pedido)
        except ErroPedido as erro:
            return self._erro(erro.estado, json.dumps(erro.corpo(), ensure_ascii=False).encode(), corpo)
        # o decisor recebe a sua própria cópia: se a alterar, o registo em .pedidos não muda
        copia = json.loads(corpo)
        try:
            resultado = normalizar(self.decisor(copia["messages"], copia.get("tools") or []))
        except Exception as erro:  # noqa: BLE001 — qualquer falha do decisor vira um HTTP 500 claro
            mensagem = str(erro) if type(erro).__name__ == "RoteiroEsgotado" else (
                f"O decisor do modelo offline falhou: {type(erro).__name__}: {erro}"
            )
            return self._erro(500, corpo_de_erro(mensagem), corpo)
        if isinstance(resultado, Falha):
            return self._erro(resultado.estado, corpo_de_falha(resultado), corpo, resultado.cabecalhos_http())
        texto, chamadas = resultado
        dados, stream = construir(
            pedido, texto, chamadas, resumo=resumo_do_pedido(corpo), ferramentas_json=ferramentas_json
        )
        cabecalhos = {
            "content-type": "text/event-stream; charset=utf-8" if stream else _JSON,
            "x-request-id": _id_pedido(corpo),
        }
        return 200, cabecalhos, dados
