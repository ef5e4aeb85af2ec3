"""Escolha do cliente: o modelo offline por omissão; a API real só quando pedes explicitamente.

- ``cliente()`` devolve um ``openai.OpenAI``. Sem mais nada, é o modelo offline (sem rede, sem
  custos). Para ir ao vivo precisas das duas coisas: ``CURSO_AO_VIVO=1`` **e** as variáveis
  normais do SDK, ``OPENAI_API_KEY`` (e, para outro servidor compatível, ``OPENAI_BASE_URL``).
  Uma chave sozinha nunca gasta dinheiro.
- ``modelo()`` devolve o nome do modelo a usar: ``CURSO_MODELO`` ou :data:`MODELO_PADRAO`.

A chave nunca é escrita no ecrã nem em lado nenhum.
"""

from __future__ import annotations

import os

MODELO_PADRAO = "gpt-4o-mini"
URL_OPENAI = "https://api.openai.com/v1"
_VARIAVEL_INTERRUPTOR = "CURSO_AO_VIVO"


def modelo() -> str:
    """O nome do modelo, definido num só sítio: ``CURSO_MODELO`` ou ``MODELO_PADRAO``."""
    return os.environ.get("CURSO_MODELO", "").strip() or MODELO_PADRAO


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
    instancia = construtor(decisor if decisor is not None else decisor_padrao)
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
    instancia = (openai.AsyncOpenAI if assincrono else openai.OpenAI)(**opcoes)
    ignorado = " (o decisor passado é ignorado)" if decisor is not None else ""
    dizer(
        f"Modo ao vivo: modelo {modelo()} em {_url_para_mostrar(opcoes['base_url'])}; cada chamada pode ter custos{ignorado}."
    )
    return instancia
