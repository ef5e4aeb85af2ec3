"""Escolha do cliente: o modelo offline por omissão; a API real só quando pedes explicitamente.

- ``cliente()`` devolve um ``openai.OpenAI``. Sem mais nada, é o modelo offline (sem rede, sem
  custos). Para ir ao vivo precisas das duas coisas: ``CURSO_AO_VIVO=1`` **e** as variáveis
  normais do SDK, ``OPENAI_API_KEY`` (e, para outro servidor compatível, ``OPENAI_BASE_URL``).
  Uma chave sozinha nunca gasta dinheiro.
- ``modelo()`` devolve o nome do modelo a usar: ``CURSO_MODELO`` ou :data:`MODELO_PADRAO`.
- O cliente envia o que o modelo precisa: num pedido Chat Completions com ferramentas a um modelo
  cujo perfil (``curso.offline.perfis``) diz que só as aceita sem raciocínio, acrescenta
  ``reasoning_effort="none"`` — se o pedido não escolheu outro. Fá-lo no gancho que o SDK tem para
  isso (``_prepare_options``, o mesmo que o ``AzureOpenAI`` usa), antes de o corpo ser montado:
  o que vai pela rede (e o que ``cliente.pedidos`` regista offline) já o leva. Um servidor
  compatível (Ollama, vLLM) com os seus modelos nunca o recebe: o curso não lhes conhece perfil.
- Quando o servidor responde que o modelo não existe ou foi retirado (404 ``model_not_found`` ou
  410), o cliente lança :class:`ModeloIndisponivel`; quando recusa as ferramentas por causa do
  raciocínio (400, ``param: reasoning_effort``), :class:`ParametrosIncompativeis`. As duas com uma
  mensagem em português que diz o que fazer, em vez do erro em inglês do SDK.

A chave nunca é escrita no ecrã nem em lado nenhum.
"""

from __future__ import annotations

import inspect
import os
import types

# O modelo do modo ao vivo, escolhido só aqui (um teste impede que apareça noutro ficheiro, salvo
# no catálogo dos perfis, que o descreve). Escolhido pela página de descontinuações da OpenAI
# (https://developers.openai.com/api/docs/deprecations), verificada a 2026-12-02: o modelo anterior
# deste curso (gpt-4o-mini-2024-07-18) sai da API a 2027-01-14 e o substituto que a página
# recomenda para ele é este; a família GPT-5 mini sai já a 2026-12-11.
# Confirmado a 2026-12-04 (e relido a 2026-12-06): as docstrings do SDK openai 3.57.0
# (openai/resources/responses/responses.py) dão 2027-01-14 ao gpt-4o-mini-2024-07-18 e nenhuma data
# de saída a este; a página do modelo (developers.openai.com/api/docs/models/<este nome>) confirma o
# nome e que é um modelo de raciocínio: na Chat Completions, ferramentas só com
# reasoning_effort="none" — o cliente abaixo envia-o (o perfil está em curso/offline/perfis.py).
# Não chamámos a API verdadeira (o curso corre sem rede): antes de confiar neste nome, confirma em
# ``GET /v1/models`` que ele existe e não tem ``shutdown_date`` próximo; se tiver, muda-o aqui (e
# junta o perfil do novo ao catálogo) ou usa CURSO_MODELO.
MODELO_PADRAO = "gpt-6-luna"
URL_OPENAI = "https://api.openai.com/v1"
_VARIAVEL_INTERRUPTOR = "CURSO_AO_VIVO"


def modelo() -> str:
    """O nome do modelo, definido num só sítio: ``CURSO_MODELO`` ou ``MODELO_PADRAO``."""
    return os.environ.get("CURSO_MODELO", "").strip() or MODELO_PADRAO


_ERROS_DO_CURSO = {
    "ModeloIndisponivel": ("NotFoundError", """O servidor diz que o modelo não existe ou foi retirado (404 ``model_not_found`` ou 410).

        É um ``openai.NotFoundError`` (quem já o apanhava continua a apanhá-lo), com ``.code``,
        ``.status_code`` e ``.body`` do servidor e ``.modelo`` com o nome pedido; a mensagem diz,
        em português, o que aconteceu e o que pôr em ``CURSO_MODELO``. Num caderno, mostra só a
        mensagem, sem o *traceback* do SDK.
        """),
    "ParametrosIncompativeis": ("BadRequestError", """O modelo recusa ferramentas na Chat Completions com o raciocínio ligado (400, ``param: reasoning_effort``).

        É um ``openai.BadRequestError`` com ``.param``, ``.code``, ``.status_code`` e ``.body`` do
        servidor e ``.modelo`` com o nome pedido; a mensagem diz, em português, as duas saídas:
        ``reasoning_effort="none"`` no pedido, ou a API Responses. Num caderno, mostra só a
        mensagem, sem o *traceback* do SDK.
        """),
}


def _classe_de_erro(nome: str):
    import openai

    base, documentacao = _ERROS_DO_CURSO[nome]
    classe = type(nome, (getattr(openai, base),), {
        "__doc__": documentacao, "__module__": __name__, "__qualname__": nome,
        "_render_traceback_": lambda self: [f"{nome}: {self}"],
    })
    return classe


def __getattr__(nome):
    # as classes são criadas só quando são pedidas, para «import curso.clientes» não importar o SDK
    if nome in _ERROS_DO_CURSO:
        return globals().setdefault(nome, _classe_de_erro(nome))
    raise AttributeError(f"o módulo 'curso.clientes' não tem o atributo {nome!r}")


def _corpo_do_pedido(resposta) -> dict:
    import json

    try:
        pedido = json.loads(resposta.request.content or b"{}")
    except (ValueError, AttributeError, RuntimeError):
        return {}
    return pedido if isinstance(pedido, dict) else {}


def _modelo_do_pedido(resposta) -> str | None:
    return _corpo_do_pedido(resposta).get("model")


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


def mensagem_parametros_incompativeis(nome: str | None, enviado, detalhe: str) -> str:
    """A mensagem de :class:`ParametrosIncompativeis`: o que aconteceu, as duas saídas, e o pormenor."""
    quem = f"O modelo «{nome}»" if nome else "O modelo pedido"
    levava = (f"este pedido levava reasoning_effort={enviado!r}" if enviado is not None
              else "este pedido não dizia nenhum, e o do modelo não é \"none\"")
    return (
        f"{quem} raciocina e, na API Chat Completions, só aceita ferramentas com o raciocínio "
        f"desligado (HTTP 400; {levava}). Duas saídas: envia reasoning_effort=\"none\" no pedido "
        "(o curso.cliente() fá-lo sozinho nos modelos cujo perfil conhece), ou usa a API Responses "
        "(cliente.responses.create), que junta raciocínio e ferramentas.\n"
        f"Pormenor do servidor: {detalhe}"
    )


def _traduzir(erro, err_msg: str, response):
    """O erro do curso que corresponde a ``erro`` (do SDK), ou ``None`` se não houver."""
    estado = response.status_code
    corpo = erro.body if isinstance(erro.body, dict) else {}
    detalhe = corpo.get("message") or err_msg
    if estado == 410 or (estado == 404 and getattr(erro, "code", None) == "model_not_found"):
        nome = _modelo_do_pedido(response)
        if nome is None and "/models/" in response.request.url.path:
            nome = response.request.url.path.rsplit("/models/", 1)[1]
        return "ModeloIndisponivel", nome, mensagem_modelo_indisponivel(nome, estado, detalhe)
    if estado == 400 and getattr(erro, "param", None) == "reasoning_effort" \
            and str(detalhe).startswith("Function tools with reasoning_effort"):
        pedido = _corpo_do_pedido(response)
        nome = pedido.get("model")
        enviado = pedido.get("reasoning_effort")
        return "ParametrosIncompativeis", nome, mensagem_parametros_incompativeis(nome, enviado, detalhe)
    return None


def _com_mensagens_do_curso(instancia):
    """Faz o cliente lançar :class:`ModeloIndisponivel` (404 ``model_not_found``, 410) e
    :class:`ParametrosIncompativeis` (400 das ferramentas com raciocínio) em vez do erro do SDK."""
    original = instancia._make_status_error

    def _make_status_error(self, err_msg, *, body, response):
        erro = original(err_msg, body=body, response=response)
        traduzido = _traduzir(erro, err_msg, response)
        if traduzido is None:
            return erro
        classe, nome, mensagem = traduzido
        novo = __getattr__(classe)(mensagem, response=response, body=erro.body)
        novo.modelo = nome
        return novo

    instancia._make_status_error = types.MethodType(_make_status_error, instancia)
    return instancia


def _o_que_o_modelo_precisa(opcoes):
    """Acrescenta ``reasoning_effort="none"`` a um pedido Chat Completions com ferramentas, quando o
    perfil do modelo o exige e o pedido não escolheu outro esforço. Devolve as opções (mudadas ou não)."""
    from .offline.perfis import perfil_de, precisa_de_esforco_none

    dados = opcoes.json_data
    if str(opcoes.method).lower() != "post" or not str(opcoes.url).endswith("/chat/completions") \
            or not isinstance(dados, dict) or not dados.get("tools") or dados.get("reasoning_effort") is not None:
        return opcoes
    if precisa_de_esforco_none(perfil_de(dados.get("model"))):
        opcoes.json_data = {**dados, "reasoning_effort": "none"}
    return opcoes


def _com_o_que_o_modelo_precisa(instancia):
    """Liga :func:`_o_que_o_modelo_precisa` ao gancho do SDK para mudar um pedido antes de o enviar.

    ``_prepare_options`` é o gancho que o SDK documenta («Hook for mutating the given options») e
    que o seu ``AzureOpenAI`` usa; corre em cada tentativa, sobre uma cópia das opções, antes de o
    corpo JSON ser montado (``tests/repositorio/test_factos_das_bibliotecas.py`` confere-o).
    """
    original = instancia._prepare_options
    if inspect.iscoroutinefunction(original):
        async def _prepare_options(self, opcoes):
            return _o_que_o_modelo_precisa(await original(opcoes))
    else:
        def _prepare_options(self, opcoes):
            return _o_que_o_modelo_precisa(original(opcoes))
    instancia._prepare_options = types.MethodType(_prepare_options, instancia)
    return instancia


def _do_curso(instancia):
    """O cliente do curso: envia o que o modelo precisa e traduz os erros que o curso conhece."""
    return _com_mensagens_do_curso(_com_o_que_o_modelo_precisa(instancia))


def ao_vivo() -> bool:
    """``True`` só quando ``CURSO_AO_VIVO=1`` (o interruptor explícito do modo ao vivo)."""
    return os.environ.get(_VARIAVEL_INTERRUPTOR, "").strip() == "1"


def cliente(decisor=None, *, assincrono: bool = False, silencioso: bool = False, offline: bool = False):
    """Devolve o cliente ``openai`` do curso e diz numa linha qual é o modo ativo.

    Offline (por omissão): o modelo offline com ``decisor`` — se não passares nenhum, o
    ``decisor_padrao``, que não chama ferramentas e responde a explicar o que recebeu — e com o
    perfil do modelo pedido (``curso.offline.perfis``): recusa, raciocina e conta como ele.
    Ao vivo (``CURSO_AO_VIVO=1`` mais ``OPENAI_API_KEY`` ou ``OPENAI_BASE_URL``): o SDK verdadeiro
    contra a API real ou o servidor de ``OPENAI_BASE_URL``; o ``decisor`` é ignorado.
    ``offline=True``: sempre o modelo offline, também com ``CURSO_AO_VIVO=1`` (para as células que
    mostram uma falha com um decisor escrito de propósito). ``assincrono=True`` devolve
    ``openai.AsyncOpenAI``. ``silencioso=True`` não escreve a linha.
    Nos dois modos, o cliente envia o que o modelo precisa (ver o início do módulo).
    """
    def dizer(linha: str) -> None:
        if not silencioso:
            print(linha)

    if ao_vivo() and not offline:
        return _cliente_ao_vivo(decisor, assincrono, dizer)

    from .offline import cliente_offline, cliente_offline_assincrono
    from .offline.decisores import decisor_padrao
    from .offline.perfis import PERFIS

    construtor = cliente_offline_assincrono if assincrono else cliente_offline
    instancia = _do_curso(construtor(decisor if decisor is not None else decisor_padrao, perfis=PERFIS))
    interruptor = os.environ.get(_VARIAVEL_INTERRUPTOR, "").strip()
    if ao_vivo():
        dizer(f"Modo offline nesta célula, também com {_VARIAVEL_INTERRUPTOR}=1: um decisor escrito de "
              "propósito faz de modelo para mostrar o que a secção ensina; sem rede nem custos.")
        return instancia
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
    instancia = _do_curso((openai.AsyncOpenAI if assincrono else openai.OpenAI)(**opcoes))
    ignorado = " (o decisor passado é ignorado)" if decisor is not None else ""
    dizer(
        f"Modo ao vivo: modelo {modelo()} em {_url_para_mostrar(opcoes['base_url'])}; cada chamada pode ter "
        f"custos{ignorado}.{_o_que_envia(modelo())}"
    )
    return instancia


def _o_que_envia(nome: str) -> str:
    """A parte da linha do modo ao vivo que diz o que o cliente acrescenta aos pedidos, e porquê."""
    from .offline.perfis import perfil_de, precisa_de_esforco_none

    if not precisa_de_esforco_none(perfil_de(nome)):
        return ""
    return (" É um modelo de raciocínio: nos pedidos Chat Completions com ferramentas, o cliente envia "
            "reasoning_effort=\"none\" (sem isso a API recusa-os com HTTP 400); para raciocinar com "
            "ferramentas, usa a API Responses.")
