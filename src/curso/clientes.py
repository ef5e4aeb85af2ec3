"""Escolha do cliente: o modelo offline por omissão; a API real só quando pedes explicitamente.

- ``cliente()`` devolve um ``openai.OpenAI``. Sem mais nada, é o modelo offline (sem rede, sem
  custos). Para ir ao vivo precisas das duas coisas: ``CURSO_AO_VIVO=1`` **e** as variáveis
  normais do SDK, ``OPENAI_API_KEY`` (e, para outro servidor compatível, ``OPENAI_BASE_URL``).
  Uma chave sozinha nunca gasta dinheiro.
- ``modelo()`` devolve o nome do modelo a usar: ``CURSO_MODELO`` ou :data:`MODELO_PADRAO`.
- Quando o servidor responde que o modelo não existe ou foi retirado (404 ``model_not_found`` ou
  410), o cliente lança :class:`ModeloIndisponivel`, com uma mensagem em português que diz o que
  pôr em ``CURSO_MODELO``, em vez do erro em inglês do SDK.

A chave nunca é escrita no ecrã nem em lado nenhum.
"""

from __future__ import annotations

import os
import types

# O modelo do modo ao vivo, escrito só aqui (um teste impede que apareça noutro ficheiro).
# Escolhido pela página de descontinuações da OpenAI (https://developers.openai.com/api/docs/deprecations),
# verificada a 2026-12-02: o modelo anterior deste curso (a família GPT-4o mini) sai da API a
# 2027-01-14 e o substituto que a página recomenda para ele é este; a família GPT-5 mini sai já a
# 2026-12-11. Incerteza: a cópia da página que lemos nesse dia não mostrava a linha desse modelo
# por inteiro; o substituto confirma-se em cópias de outubro de 2026 da mesma tabela (e a data de
# saída, no ``shutdown_date`` de ``GET /v1/models``). Não chamámos a API verdadeira (o curso corre
# sem rede): antes de confiar neste nome, confirma em ``GET /v1/models`` que ele existe e não tem
# ``shutdown_date`` próximo; se tiver, muda-o aqui (e só aqui) ou usa CURSO_MODELO.
MODELO_PADRAO = "gpt-6-luna"
URL_OPENAI = "https://api.openai.com/v1"
_VARIAVEL_INTERRUPTOR = "CURSO_AO_VIVO"


def modelo() -> str:
    """O nome do modelo, definido num só sítio: ``CURSO_MODELO`` ou ``MODELO_PADRAO``."""
    return os.environ.get("CURSO_MODELO", "").strip() or MODELO_PADRAO


def _classe_modelo_indisponivel():
    import openai

    class ModeloIndisponivel(openai.NotFoundError):
        """O servidor diz que o modelo não existe ou foi retirado (404 ``model_not_found`` ou 410).

        É um ``openai.NotFoundError`` (quem já o apanhava continua a apanhá-lo), com ``.code``,
        ``.status_code`` e ``.body`` do servidor e ``.modelo`` com o nome pedido; a mensagem diz,
        em português, o que aconteceu e o que pôr em ``CURSO_MODELO``. Num caderno, mostra só a
        mensagem, sem o *traceback* do SDK.
        """

        def _render_traceback_(self):
            return [f"ModeloIndisponivel: {self}"]

    ModeloIndisponivel.__module__ = __name__
    ModeloIndisponivel.__qualname__ = "ModeloIndisponivel"
    return ModeloIndisponivel


def __getattr__(nome):
    # a classe é criada só quando é pedida, para «import curso.clientes» não importar o SDK
    if nome == "ModeloIndisponivel":
        return globals().setdefault(nome, _classe_modelo_indisponivel())
    raise AttributeError(f"o módulo 'curso.clientes' não tem o atributo {nome!r}")


def _modelo_do_pedido(resposta) -> str | None:
    import json

    try:
        pedido = json.loads(resposta.request.content or b"{}")
    except (ValueError, AttributeError, RuntimeError):
        return None
    return pedido.get("model") if isinstance(pedido, dict) else None


def mensagem_modelo_indisponivel(nome: str | None, estado: int, detalhe: str) -> str:
    """A mensagem de :class:`ModeloIndisponivel`: o que aconteceu, o que fazer, e o pormenor."""
    quem = f"o modelo «{nome}»" if nome else "o modelo pedido"
    motivo = "foi retirado" if estado == 410 else "não existe ou foi retirado"
    return (
        f"O servidor diz que {quem} {motivo} (HTTP {estado}). Escolhe outro modelo que ele sirva "
        "e põe o nome em CURSO_MODELO: no terminal, «export CURSO_MODELO=nome» antes de abrir o "
        "Jupyter, ou numa célula, os.environ[\"CURSO_MODELO\"] = \"nome\" antes de chamar "
        "curso.modelo(). Os modelos disponíveis: [m.id for m in cliente.models.list()] (e o "
        f"campo shutdown_date diz quando cada um sai).\nPormenor do servidor: {detalhe}"
    )


def _com_mensagens_do_curso(instancia):
    """Faz o cliente lançar :class:`ModeloIndisponivel` para 404 ``model_not_found`` e 410."""
    original = instancia._make_status_error

    def _make_status_error(self, err_msg, *, body, response):
        erro = original(err_msg, body=body, response=response)
        estado = response.status_code
        if estado == 410 or (estado == 404 and getattr(erro, "code", None) == "model_not_found"):
            nome = _modelo_do_pedido(response)
            if nome is None and "/models/" in response.request.url.path:
                nome = response.request.url.path.rsplit("/models/", 1)[1]
            corpo = erro.body if isinstance(erro.body, dict) else {}
            detalhe = corpo.get("message") or err_msg
            novo = __getattr__("ModeloIndisponivel")(
                mensagem_modelo_indisponivel(nome, estado, detalhe),
                response=response, body=erro.body)
            novo.modelo = nome
            return novo
        return erro

    instancia._make_status_error = types.MethodType(_make_status_error, instancia)
    return instancia


def ao_vivo() -> bool:
    """``True`` só quando ``CURSO_AO_VIVO=1`` (o interruptor explícito do modo ao vivo)."""
    return os.environ.get(_VARIAVEL_INTERRUPTOR, "").strip() == "1"


def cliente(decisor=None, *, assincrono: bool = False, silencioso: bool = False):
    """Devolve o cliente ``openai`` do curso e diz numa linha qual é o modo ativo.

    Offline (por omissão): o modelo offline com ``decisor`` — se não passares nenhum, o
    ``decisor_padrao``, que não chama ferramentas e responde a explicar o que recebeu.
    Ao vivo (``CURSO_AO_VIVO=1`` mais ``OPENAI_API_KEY`` ou ``OPENAI_BASE_URL``): o SDK verdadeiro
    contra a API real ou o servidor de ``OPENAI_BASE_URL``; o ``decisor`` é ignorado.
    ``assincrono=True`` devolve ``openai.AsyncOpenAI``. ``silencioso=True`` não escreve a linha.
    """
    def dizer(linha: str) -> None:
        if not silencioso:
            print(linha)

    if ao_vivo():
        return _cliente_ao_vivo(decisor, assincrono, dizer)

    from .offline import cliente_offline, cliente_offline_assincrono
    from .offline.decisores import decisor_padrao

    construtor = cliente_offline_assincrono if assincrono else cliente_offline
    instancia = _com_mensagens_do_curso(construtor(decisor if decisor is not None else decisor_padrao))
    interruptor = os.environ.get(_VARIAVEL_INTERRUPTOR, "").strip()
    if interruptor:
        aviso = f" ({_VARIAVEL_INTERRUPTOR}={interruptor!r} não é «1»)"
    elif os.environ.get("OPENAI_API_KEY"):
        aviso = f" (a OPENAI_API_KEY é ignorada sem {_VARIAVEL_INTERRUPTOR}=1)"
    else:
        aviso = ""
    dizer(
        f"Modo offline: modelo simulado, sem rede nem custos{aviso}. "
        f"Para a API real: {_VARIAVEL_INTERRUPTOR}=1 e OPENAI_API_KEY."
    )
    return instancia


def _url_para_mostrar(url: str) -> str:
    """O URL sem utilizador, palavra-passe nem parâmetros (onde às vezes há segredos)."""
    from urllib.parse import urlsplit, urlunsplit

    partes = urlsplit(url)
    anfitriao = partes.hostname or ""
    if partes.port:
        anfitriao += f":{partes.port}"
    return urlunsplit((partes.scheme, anfitriao, partes.path, "", ""))


def _cliente_ao_vivo(decisor, assincrono, dizer):
    import openai

    chave = os.environ.get("OPENAI_API_KEY") or None
    url = os.environ.get("OPENAI_BASE_URL") or None
    if chave is None and url is None:
        raise RuntimeError(
            f"{_VARIAVEL_INTERRUPTOR}=1 pede o modo ao vivo, mas falta a OPENAI_API_KEY (ou a "
            "OPENAI_BASE_URL de um servidor compatível, como o Ollama). Define-a no ambiente, "
            "nunca num caderno."
        )
    # um servidor local (Ollama, vLLM…) não precisa de chave, mas o SDK exige uma
    opcoes = {"api_key": chave or "sem-chave", "base_url": url or URL_OPENAI}
    instancia = _com_mensagens_do_curso((openai.AsyncOpenAI if assincrono else openai.OpenAI)(**opcoes))
    ignorado = " (o decisor passado é ignorado)" if decisor is not None else ""
    dizer(
        f"Modo ao vivo: modelo {modelo()} em {_url_para_mostrar(opcoes['base_url'])}; cada chamada pode ter custos{ignorado}."
    )
    return instancia
