"""O motor do modelo offline: recebe um pedido HTTP (método, caminho, corpo) e devolve a resposta.

É o mesmo código por trás do cliente em processo (``transporte``) e do servidor HTTP
(``servidor``), para as duas APIs (Chat Completions e Responses). Ordem: decifrar JSON →
registar o pedido → validar como a API real → decisor (com as ferramentas que ``tool_choice``
permite) → confirmar que o decisor cumpriu o pedido → resposta. Os erros levam
``x-should-retry: false`` para o SDK não esperar segundos à toa; as falhas simuladas (429/500)
não, para o SDK poder tentar de novo como faria ao vivo.
"""

from __future__ import annotations

import time
from urllib.parse import unquote

from . import api_responses, respostas
from .cache import CachePrefixos
from .decisores import decisor_padrao, esquema_pedido, exemplo_do_esquema, pede_json
from .escolha import (
    DecisorIncumpridor,
    confirmar,
    cumprir,
    ferramentas_permitidas,
    funcao_em_falta,
    ler_escolha,
)
from .formatos import copia_json, corpo_de_erro, json_compacto, ler_json
from .modelos import Catalogo, erro_modelo_inexistente
from .perfis import (
    esforco_do_pedido,
    item_de_raciocinio,
    perfil_de,
    recusa_da_janela,
    recusa_do_chat,
    tokens_de_raciocinio,
)
from .roteiro import Falha, RoteiroEsgotado
from .tokens import tokens_da_resposta, tokens_por_bloco
from .validacao import ErroPedido, validar_pedido

CAMINHO_CONCLUSOES = "/v1/chat/completions"
CAMINHO_RESPONSES = api_responses.CAMINHO
CAMINHO_MODELOS = "/v1/models"
_JSON = "application/json"
_SSE = "text/event-stream; charset=utf-8"

_ERRO_JSON = (
    "We could not parse the JSON body of your request. (HINT: This likely means you aren't using "
    "your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not "
    "valid JSON. If you have trouble figuring out how to fix this, please contact us through our "
    "help center at help.openai.com.)"
)


def _id_pedido(corpo: bytes) -> str:
    return "req_" + respostas.resumo_do_pedido(corpo)[32:64]


def erro_de_json(corpo: bytes = b"") -> tuple[int, dict, bytes]:
    """A resposta da API a um corpo que não é JSON (também usada pelo servidor HTTP)."""
    return (400, {"content-type": _JSON, "x-request-id": _id_pedido(corpo), "x-should-retry": "false"},
            corpo_de_erro(_ERRO_JSON, "invalid_request_error"))


class _Recusa(Exception):
    """Uma resposta de erro já pronta (estado, corpo, cabeçalhos extra)."""

    def __init__(self, estado: int, corpo: bytes, extra: dict | None = None):
        super().__init__(estado)
        self.estado, self.corpo, self.extra = estado, corpo, extra


class Motor:
    """Responde a pedidos das APIs Chat Completions e Responses com um decisor.

    ``pedidos``: a lista onde cada corpo de pedido (um ``dict``) é acrescentado, por ordem.
    ``segundos``: tempo total passado dentro do motor (para medir a sua fatia do tempo).
    ``cache``: a cache de prefixos simulada; ``conversas``: as respostas guardadas para
    ``previous_response_id``. ``catalogo``: os modelos de ``GET /v1/models`` e os retirados
    (um :class:`~curso.offline.modelos.Catalogo`; por omissão, aberto: aceita qualquer nome).
    ``perfis``: ``{nome: Perfil}`` dos modelos que o motor imita (ver ``curso.offline.perfis``);
    por omissão nenhum, e qualquer combinação de parâmetros é aceite.
    """

    def __init__(self, decisor, pedidos: list | None = None, catalogo: Catalogo | None = None,
                 perfis: dict | None = None):
        if not callable(decisor):
            raise TypeError(
                "O decisor tem de ser uma função (mensagens, ferramentas) -> texto | lista de "
                f"chamadas, ou um Roteiro; recebi {decisor!r}."
            )
        self.decisor = decisor
        self.pedidos = [] if pedidos is None else pedidos
        self.segundos = 0.0
        self.cache = CachePrefixos()
        self.conversas = api_responses.Conversas()
        self.catalogo = Catalogo() if catalogo is None else catalogo
        self.perfis = perfis

    def tratar(self, metodo: str, caminho: str, corpo: bytes) -> tuple[int, dict, bytes]:
        inicio = time.perf_counter()
        try:
            return self._tratar(metodo, caminho.split("?", 1)[0].rstrip("/"), corpo)
        except _Recusa as recusa:
            cabecalhos = {"content-type": _JSON, "x-request-id": _id_pedido(corpo)}
            cabecalhos.update({"x-should-retry": "false"} if recusa.extra is None else recusa.extra)
            return recusa.estado, cabecalhos, recusa.corpo
        finally:
            self.segundos += time.perf_counter() - inicio

    def _tratar(self, metodo: str, caminho: str, corpo: bytes):
        if metodo == "GET" and (caminho == CAMINHO_MODELOS or caminho.startswith(CAMINHO_MODELOS + "/")):
            return self._modelos(caminho, corpo)
        if metodo != "POST" or caminho not in (CAMINHO_CONCLUSOES, CAMINHO_RESPONSES):
            raise _Recusa(404, corpo_de_erro(f"Invalid URL ({metodo} {caminho})", "invalid_request_error"))
        try:
            pedido = ler_json(corpo)
        except (ValueError, UnicodeDecodeError):
            return erro_de_json(corpo)
        self.pedidos.append(pedido)
        if isinstance(pedido, dict) and self.catalogo.retirado(pedido.get("model")):
            raise _Recusa(404, json_compacto(erro_modelo_inexistente(pedido["model"])))
        if isinstance(pedido, dict):
            self.catalogo.visto(pedido.get("model"))
        resumo = respostas.resumo_do_pedido(corpo)
        if caminho == CAMINHO_CONCLUSOES:
            dados, stream = self._conclusoes(pedido, corpo, resumo)
        else:
            dados, stream = self._responses(pedido, corpo, resumo)
        return 200, {"content-type": _SSE if stream else _JSON, "x-request-id": _id_pedido(corpo)}, dados

    def _modelos(self, caminho: str, corpo: bytes):
        """``GET /v1/models`` (a lista) e ``GET /v1/models/{id}`` (um modelo, ou 404)."""
        cabecalhos = {"content-type": _JSON, "x-request-id": _id_pedido(caminho.encode() + corpo)}
        if caminho == CAMINHO_MODELOS:
            return 200, cabecalhos, json_compacto(self.catalogo.lista())
        nome = unquote(caminho[len(CAMINHO_MODELOS) + 1:])
        encontrado = self.catalogo.procurar(nome)
        if encontrado is None:
            raise _Recusa(404, json_compacto(erro_modelo_inexistente(nome)))
        return 200, cabecalhos, json_compacto(encontrado)

    # ----------------------------------------------------------------------- o que as APIs partilham

    def _decidir(self, pedido: dict, mensagens: list, ferramentas: list):
        """Chama o decisor e confirma o que deu.

        ``mensagens`` e ``ferramentas`` são do decisor (uma cópia): se as alterar, nem o registo em
        ``.pedidos`` nem a contagem de tokens mudam.
        """
        escolha = ler_escolha(pedido)
        em_falta = funcao_em_falta(ferramentas, escolha)
        if em_falta:
            raise _Recusa(400, corpo_de_erro(em_falta, "invalid_request_error", "tool_choice"))
        try:
            resultado = respostas.normalizar(self.decisor(mensagens, ferramentas_permitidas(ferramentas, escolha)))
            if not isinstance(resultado, Falha):
                confirmar(*resultado, escolha, self.decisor)
                texto, chamadas = resultado
                resultado = texto, cumprir(chamadas, escolha)  # parallel_tool_calls=false: só a 1.ª
        except (RoteiroEsgotado, DecisorIncumpridor) as erro:
            raise _Recusa(500, corpo_de_erro(str(erro))) from erro
        except Exception as erro:  # qualquer falha do decisor vira um HTTP 500 claro
            mensagem = f"O decisor do modelo offline falhou: {type(erro).__name__}: {erro}"
            raise _Recusa(500, corpo_de_erro(mensagem)) from erro
        if isinstance(resultado, Falha):
            raise _Recusa(resultado.estado, json_compacto(resultado.corpo()), resultado.cabecalhos_http())
        if self.decisor is decisor_padrao and not resultado[1]:
            # uma saída estruturada pedida ao decisor padrão (p. ex. em `curso servidor`): o texto
            # que ele dá não cumpriria o formato, e a API verdadeira cumpre-o sempre
            esquema = esquema_pedido(pedido)
            if esquema is not None:
                resultado = json_compacto(exemplo_do_esquema(esquema)).decode(), resultado[1]
            elif pede_json(pedido):
                resultado = json_compacto({"resposta": resultado[0]}).decode(), resultado[1]
        return resultado

    def _tokens(self, pedido: dict, mensagens: list, ferramentas_json, blocos, texto, chamadas, raciocinio):
        """(entrada, saída, lidos da cache, escritos na cache, raciocínio), com a cache do mesmo modelo.

        ``raciocinio``: os tokens de raciocínio, que a API conta dentro dos de saída.
        """
        lidos, escritos = self.cache.medir_e_guardar(pedido["model"], mensagens, ferramentas_json, blocos)
        return 3 + sum(blocos), tokens_da_resposta(texto, chamadas) + raciocinio, lidos, escritos, raciocinio

    def _perfil(self, pedido: dict):
        return None if self.perfis is None else perfil_de(pedido.get("model"), self.perfis)

    @staticmethod
    def _recusar(erro: ErroPedido | None) -> None:
        """A resposta de erro de um pedido que a API recusaria (nada, se ``erro`` for ``None``)."""
        if erro is not None:
            raise _Recusa(erro.estado, json_compacto(erro.corpo()))

    @classmethod
    def _validar(cls, validar, *args):
        try:
            return validar(*args)
        except ErroPedido as erro:
            cls._recusar(erro)

    # ----------------------------------------------------------------------- cada API

    def _conclusoes(self, pedido: dict, corpo: bytes, resumo: str):
        ferramentas_json = self._validar(validar_pedido, pedido)
        perfil = self._perfil(pedido)
        self._recusar(recusa_do_chat(pedido, perfil))
        blocos = tokens_por_bloco(pedido["messages"], ferramentas_json)
        self._recusar(recusa_da_janela(perfil, 3 + sum(blocos), "messages"))
        copia = ler_json(corpo)  # a do decisor
        texto, chamadas = self._decidir(pedido, copia["messages"], copia.get("tools") or [])
        raciocinio = tokens_de_raciocinio(esforco_do_pedido(pedido, perfil, api_responses=False))
        uso = respostas.uso(*self._tokens(pedido, pedido["messages"], ferramentas_json, blocos, texto, chamadas,
                                          raciocinio))
        return respostas.construir(pedido, texto, chamadas, resumo=resumo, uso=uso)

    def _responses(self, pedido: dict, corpo: bytes, resumo: str):
        traduzido = self._validar(api_responses.preparar, pedido, self.conversas)
        perfil = self._perfil(pedido)
        blocos = tokens_por_bloco(traduzido.mensagens, traduzido.ferramentas_json)
        self._recusar(recusa_da_janela(perfil, 3 + sum(blocos), "input"))
        # a cópia do decisor: as conversas guardadas e a contagem de tokens ficam a salvo
        copia = copia_json([traduzido.mensagens, traduzido.ferramentas])
        texto, chamadas = self._decidir(pedido, *copia)
        esforco = esforco_do_pedido(pedido, perfil, api_responses=True)
        raciocinio = tokens_de_raciocinio(esforco)
        uso = api_responses.uso(*self._tokens(pedido, traduzido.mensagens, traduzido.ferramentas_json, blocos,
                                              texto, chamadas, raciocinio))
        _, created, ids_chamadas = respostas.ids(resumo, len(chamadas))
        final = api_responses.resposta(pedido, texto, chamadas, resumo=resumo, created=created,
                                       ids_chamadas=ids_chamadas, uso=uso, esforco=esforco,
                                       raciocinio=item_de_raciocinio(resumo) if raciocinio else None)
        if pedido.get("store") is not False:
            self.conversas.guardar(final["id"], api_responses.conversa_depois(traduzido, texto, chamadas,
                                                                                ids_chamadas))
        if pedido.get("stream"):
            pedacos = respostas.PALAVRAS.findall(texto or "")
            return api_responses.fluxo(final, pedacos, respostas.PEDACO_ARGUMENTOS), True
        return json_compacto(final), False
