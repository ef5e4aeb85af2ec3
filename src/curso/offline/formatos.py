"""Os formatos que todo o modelo offline partilha: JSON compacto, JSON canónico e o envelope de
erro da API (``{"error": {...}}``), num só sítio para as duas APIs e o servidor não divergirem."""

from __future__ import annotations

import json


def json_compacto(valor) -> bytes:
    """O JSON que vai no corpo de uma resposta: sem espaços, UTF-8 sem escapes."""
    return json.dumps(valor, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def json_canonico(valor) -> str:
    """JSON compacto e ordenado: a chave das caches e o texto contado em ``usage``."""
    return json.dumps(valor, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def envelope_de_erro(mensagem: str, tipo: str = "server_error", param=None, codigo=None) -> dict:
    """O corpo de erro que a API da OpenAI devolve, com os seus quatro campos."""
    return {"error": {"message": mensagem, "type": tipo, "param": param, "code": codigo}}


def corpo_de_erro(mensagem: str, tipo: str = "server_error", param=None, codigo=None) -> bytes:
    """:func:`envelope_de_erro` já em bytes, pronto a enviar."""
    return json_compacto(envelope_de_erro(mensagem, tipo, param, codigo))
