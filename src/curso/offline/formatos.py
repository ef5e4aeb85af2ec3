"""Os formatos que todo o modelo offline partilha: JSON compacto, JSON canónico e o envelope de
erro da API (``{"error": {...}}``), num só sítio para as duas APIs e o servidor não divergirem.

O JSON passa pelo ``orjson``, várias vezes mais rápido: ler, copiar e escrever JSON era metade do
tempo do motor. Dá o mesmo texto que o ``json`` da biblioteca padrão com estas opções, salvo a
notação de alguns números decimais (``1e-7`` em vez de ``1e-07``), que lidos dão o mesmo valor.
O que o ``orjson`` recusa (chaves que não são texto e inteiros com mais de 64 bits ao escrever,
``NaN`` ao ler) segue pelo ``json`` da biblioteca padrão, com o resultado de sempre.
"""

from __future__ import annotations

import json

import orjson


def json_compacto(valor) -> bytes:
    """O JSON que vai no corpo de uma resposta: sem espaços, UTF-8 sem escapes."""
    try:
        return orjson.dumps(valor)
    except TypeError:  # orjson.JSONEncodeError é um TypeError
        return json.dumps(valor, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def json_canonico(valor) -> str:
    """JSON compacto e ordenado: a chave das caches e o texto contado em ``usage``."""
    try:
        return orjson.dumps(valor, option=orjson.OPT_SORT_KEYS).decode("utf-8")
    except TypeError:
        return json.dumps(valor, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def ler_json(corpo: bytes | str):
    """``json.loads``, mais depressa. O que o ``orjson`` recusa (``NaN``, ``Infinity``) vai para o
    ``json`` da biblioteca padrão, que o aceita como sempre aceitou. Diferença que fica: um inteiro
    com mais de 64 bits lê-se como decimal (o ``orjson`` não guarda inteiros maiores)."""
    try:
        return orjson.loads(corpo)
    except orjson.JSONDecodeError:
        return json.loads(corpo)


def copia_json(valor):
    """Uma cópia funda de dados JSON (o que o decisor recebe, para não mexer no original)."""
    return ler_json(json_compacto(valor))


def envelope_de_erro(mensagem: str, tipo: str = "server_error", param=None, codigo=None) -> dict:
    """O corpo de erro que a API da OpenAI devolve, com os seus quatro campos."""
    return {"error": {"message": mensagem, "type": tipo, "param": param, "code": codigo}}


def corpo_de_erro(mensagem: str, tipo: str = "server_error", param=None, codigo=None) -> bytes:
    """:func:`envelope_de_erro` já em bytes, pronto a enviar."""
    return json_compacto(envelope_de_erro(mensagem, tipo, param, codigo))
