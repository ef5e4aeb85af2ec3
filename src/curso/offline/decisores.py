"""Decisores prontos a usar com o modelo offline."""

from __future__ import annotations

import json

_MAX_CITACAO = 200


def _texto(content) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def _citar(texto: str) -> str:
    texto = " ".join(texto.split())
    return texto if len(texto) <= _MAX_CITACAO else texto[: _MAX_CITACAO - 1] + "…"


def decisor_padrao(mensagens: list[dict], ferramentas: list[dict]) -> str:
    """O decisor de ``cliente()`` e de ``curso servidor`` quando não escolhes outro.

    Nunca chama ferramentas (por isso qualquer ciclo de agente termina à primeira volta): responde
    com um texto determinístico que diz o que recebeu — a última mensagem, quantas mensagens e
    que ferramentas — e como obter respostas a sério (um decisor teu ou um ``Roteiro``).
    """
    ultima = mensagens[-1] if mensagens else {}
    papel = ultima.get("role", "?")
    if papel == "tool":
        conteudo = f"o resultado de uma ferramenta: «{_citar(_texto(ultima.get('content')))}»"
    else:
        conteudo = f"«{_citar(_texto(ultima.get('content')))}»"
    nomes = [
        f.get("function", {}).get("name", "?") for f in ferramentas if isinstance(f, dict)
    ]
    disponiveis = f"{len(nomes)} ferramenta(s): {', '.join(nomes)}" if nomes else "nenhuma ferramenta"
    return (
        f"[modelo offline] Recebi {len(mensagens)} mensagem(ns) e {disponiveis}. "
        f"A última ({papel}) foi {conteudo}. Sou um modelo simulado e não chamo ferramentas "
        "por mim: para respostas a sério, passa um decisor ou um Roteiro, por exemplo "
        "cliente(decisor=Roteiro([...]))."
    )


def _formato_pedido(pedido) -> dict | None:
    """O formato de saída pedido (``response_format`` nas Chat Completions, ``text.format`` na
    Responses), quando é JSON (``json_schema`` ou ``json_object``)."""
    if not isinstance(pedido, dict):
        return None
    texto = pedido.get("text")
    for formato in (pedido.get("response_format"), texto.get("format") if isinstance(texto, dict) else None):
        if isinstance(formato, dict) and formato.get("type") in ("json_schema", "json_object"):
            return formato
    return None


def esquema_pedido(pedido: dict) -> dict | None:
    """O esquema JSON de uma saída estruturada pedida, ou ``None``."""
    formato = _formato_pedido(pedido)
    if formato is None or formato["type"] != "json_schema":
        return None
    # nas Chat Completions o esquema vem dentro de "json_schema"; na Responses, ao lado de "type"
    interior = formato.get("json_schema") if isinstance(formato.get("json_schema"), dict) else formato
    esquema = interior.get("schema")
    return esquema if isinstance(esquema, dict) else None


def pede_json(pedido: dict) -> bool:
    """Se o pedido pede o «modo JSON» (``{"type": "json_object"}``)."""
    formato = _formato_pedido(pedido)
    return formato is not None and formato["type"] == "json_object"


def exemplo_do_esquema(esquema: dict, definicoes: dict | None = None, fundo: int = 20):
    """O valor mais simples que cumpre ``esquema``: o que o decisor padrão responde quando lhe pedem
    uma saída estruturada (texto vazio, 0, falso, o primeiro valor de um enum, listas vazias)."""
    definicoes = definicoes if definicoes is not None else esquema.get("$defs", {})
    if fundo == 0:
        return None
    if "$ref" in esquema:
        return exemplo_do_esquema(definicoes.get(esquema["$ref"].rsplit("/", 1)[-1], {}), definicoes, fundo - 1)
    if "enum" in esquema:
        return esquema["enum"][0]
    if "const" in esquema:
        return esquema["const"]
    for chave in ("anyOf", "oneOf", "allOf"):
        if esquema.get(chave):
            return exemplo_do_esquema(esquema[chave][0], definicoes, fundo - 1)
    tipo = esquema.get("type")
    tipo = tipo[0] if isinstance(tipo, list) else tipo
    if tipo == "object":
        propriedades = esquema.get("properties", {})
        return {nome: exemplo_do_esquema(sub, definicoes, fundo - 1) for nome, sub in propriedades.items()}
    return {"array": [], "string": "", "integer": 0, "number": 0, "boolean": False}.get(tipo)


def decisor_eco(mensagens: list[dict], ferramentas: list[dict]) -> str:
    """Responde com o texto da última mensagem, tal e qual (útil para testar canalizações)."""
    return _texto(mensagens[-1].get("content")) if mensagens else ""


def resumo_json(valor) -> str:
    """JSON compacto para citar em respostas (``ensure_ascii=False``)."""
    return json.dumps(valor, ensure_ascii=False, separators=(", ", ": "))
