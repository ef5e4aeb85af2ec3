"""Construção das respostas do modelo offline: JSON completo ou eventos SSE (``stream=True``).

Tudo é determinístico: os ids e o ``created`` derivam de um resumo (sha256) da conversa, pelo que
o mesmo pedido dá sempre uma resposta igual byte a byte.
"""

from __future__ import annotations

import hashlib
import json
import re

from .formatos import json_compacto
from .roteiro import Falha, TextoEChamadas

_BASE_CREATED = 1_700_000_000  # 14 de novembro de 2023
_IMPRESSAO = "fp_curso_offline"
PEDACO_ARGUMENTOS = 8  # caracteres por fragmento de argumentos no streaming
PALAVRAS = re.compile(r"\s*\S+|\s+")


def resumo_do_pedido(corpo_bytes: bytes) -> str:
    """sha256 (hex) do corpo do pedido tal como chegou: a mesma conversa dá o mesmo resumo."""
    return hashlib.sha256(corpo_bytes).hexdigest()


class RespostaInvalida(TypeError):
    """O decisor devolveu algo que não é um texto, uma lista de chamadas nem uma ``Falha``."""


def normalizar(resultado):
    """Converte o que o decisor devolveu em ``(texto, [(nome, argumentos_json)])`` ou ``Falha``."""
    if isinstance(resultado, Falha):
        return resultado
    if isinstance(resultado, str):
        return resultado, []
    if isinstance(resultado, TextoEChamadas):
        return resultado.texto, normalizar(list(resultado.chamadas))[1]
    if isinstance(resultado, dict):
        resultado = [resultado]
    if isinstance(resultado, (list, tuple)) and resultado:
        chamadas = []
        for chamada in resultado:
            if not isinstance(chamada, dict) or not isinstance(chamada.get("nome"), str):
                raise RespostaInvalida(
                    'cada chamada tem de ser um dicionário {"nome": str, "argumentos": dict}; '
                    f"recebi {chamada!r}"
                )
            argumentos = chamada.get("argumentos", {})
            if not isinstance(argumentos, str):
                # um texto passa tal e qual (serve para simular argumentos malformados)
                argumentos = json.dumps(argumentos, ensure_ascii=False)
            chamadas.append((chamada["nome"], argumentos))
        return None, chamadas
    raise RespostaInvalida(
        "o decisor tem de devolver um texto, uma lista (não vazia) de chamadas "
        f'{{"nome", "argumentos"}} ou Roteiro.falha(...); devolveu {resultado!r}'
    )


def ids(resumo: str, quantas: int) -> tuple[str, int, list[str]]:
    """O id da resposta, o ``created`` e os ids das chamadas, todos derivados do resumo."""
    identificador = "chatcmpl-" + resumo[:29]
    created = _BASE_CREATED + int(resumo[29:37], 16) % 100_000_000
    ids_chamadas = [
        "call_" + hashlib.sha256(f"{resumo}:{i}".encode()).hexdigest()[:24] for i in range(quantas)
    ]
    return identificador, created, ids_chamadas


def uso(prompt: int, conclusao: int, em_cache: int = 0, escritos: int = 0, raciocinio: int = 0) -> dict:
    """O ``usage`` do Chat Completions (``conclusao`` já conta os tokens de ``raciocinio``)."""
    return {
        "prompt_tokens": prompt,
        "completion_tokens": conclusao,
        "total_tokens": prompt + conclusao,
        "prompt_tokens_details": {"cached_tokens": em_cache, "cache_write_tokens": escritos, "audio_tokens": 0},
        "completion_tokens_details": {
            "reasoning_tokens": raciocinio,
            "audio_tokens": 0,
            "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0,
        },
    }


def construir(corpo: dict, texto: str | None, chamadas: list[tuple[str, str]], *, resumo: str,
              uso: dict) -> tuple[bytes, bool]:
    """O corpo da resposta Chat Completions (bytes) e se é um stream SSE.

    ``resumo``: o resumo do pedido (de onde saem os ids e o ``created``).
    """
    identificador, created, ids_chamadas = ids(resumo, len(chamadas))
    modelo = corpo["model"]
    if corpo.get("stream"):
        opcoes = corpo.get("stream_options") or {}
        incluir_uso = isinstance(opcoes, dict) and bool(opcoes.get("include_usage"))
        return _stream(identificador, created, modelo, texto, chamadas, ids_chamadas, uso, incluir_uso), True
    mensagem = {"role": "assistant", "content": texto, "refusal": None, "annotations": []}
    if chamadas:
        mensagem["tool_calls"] = [
            {"id": i, "type": "function", "function": {"name": nome, "arguments": argumentos}}
            for i, (nome, argumentos) in zip(ids_chamadas, chamadas, strict=True)
        ]
    resposta = {
        "id": identificador,
        "object": "chat.completion",
        "created": created,
        "model": modelo,
        "choices": [
            {
                "index": 0,
                "message": mensagem,
                "logprobs": None,
                "finish_reason": "tool_calls" if chamadas else "stop",
            }
        ],
        "usage": uso,
        "service_tier": "default",
        "system_fingerprint": _IMPRESSAO,
    }
    return json_compacto(resposta), False


def _stream(identificador, created, modelo, texto, chamadas, ids_chamadas, uso, incluir_uso) -> bytes:
    def evento(escolhas, **extra) -> bytes:
        dados = {
            "id": identificador,
            "object": "chat.completion.chunk",
            "created": created,
            "model": modelo,
            "service_tier": "default",
            "system_fingerprint": _IMPRESSAO,
            "choices": escolhas,
            **extra,
        }
        return b"data: " + json_compacto(dados) + b"\n\n"

    def pedaco(delta, fim=None) -> bytes:
        escolha = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": fim}
        return evento([escolha], usage=None) if incluir_uso else evento([escolha])

    partes = []
    if chamadas and texto:
        # o texto que acompanha as chamadas chega primeiro, como na API verdadeira
        partes.append(pedaco({"role": "assistant", "content": "", "refusal": None}))
        partes.extend(pedaco({"content": palavra}) for palavra in PALAVRAS.findall(texto))
    if chamadas:
        for i, (identificador_chamada, (nome, argumentos)) in enumerate(zip(ids_chamadas, chamadas, strict=True)):
            inicio = {
                "index": i,
                "id": identificador_chamada,
                "type": "function",
                "function": {"name": nome, "arguments": ""},
            }
            delta = {"tool_calls": [inicio]}
            if i == 0 and not texto:
                delta = {"role": "assistant", "content": None, "refusal": None, **delta}
            partes.append(pedaco(delta))
            for k in range(0, len(argumentos), PEDACO_ARGUMENTOS):
                fragmento = argumentos[k : k + PEDACO_ARGUMENTOS]
                partes.append(pedaco({"tool_calls": [{"index": i, "function": {"arguments": fragmento}}]}))
        partes.append(pedaco({}, "tool_calls"))
    else:
        partes.append(pedaco({"role": "assistant", "content": "", "refusal": None}))
        for palavra in PALAVRAS.findall(texto or ""):
            partes.append(pedaco({"content": palavra}))
        partes.append(pedaco({}, "stop"))
    if incluir_uso:
        partes.append(evento([], usage=uso))
    partes.append(b"data: [DONE]\n\n")
    return b"".join(partes)
