"""A API Responses (``POST /v1/responses``) no modelo offline, com o mesmo decisor do Chat Completions.

O pedido (``input`` em texto ou itens, ``instructions``, ferramentas planas, ``previous_response_id``)
converte-se nas ``messages``/``tools`` do Chat Completions que o decisor já conhece; a resposta do
decisor volta como itens de ``output`` (``message`` ou ``function_call`` com ``call_id``). As
conversas ficam em memória, no motor, para ``previous_response_id``.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass

from .formatos import json_canonico, json_compacto
from .validacao import ErroPedido, em_falta, tipo_invalido, erro_das_ferramentas

CAMINHO = "/v1/responses"
_PAPEIS = ("user", "assistant", "system", "developer")
_MAX_CONVERSAS = 10_000  # conversas guardadas para previous_response_id (as mais antigas saem)


class Conversas:
    """As conversas guardadas por id de resposta (limitadas; as mais antigas saem primeiro)."""

    def __init__(self, maximo: int = _MAX_CONVERSAS):
        self._dados: OrderedDict[str, list] = OrderedDict()
        self._maximo = maximo
        self._trinco = threading.Lock()

    def obter(self, identificador: str) -> list | None:
        with self._trinco:
            return self._dados.get(identificador)

    def guardar(self, identificador: str, mensagens: list) -> None:
        with self._trinco:
            self._dados[identificador] = mensagens
            self._dados.move_to_end(identificador)
            while len(self._dados) > self._maximo:
                self._dados.popitem(last=False)


@dataclass
class Pedido:
    """Um pedido Responses já traduzido para a forma que o decisor conhece."""

    mensagens: list  # as messages que o decisor vê (instructions primeiro)
    historico: list  # a conversa sem instructions (o que previous_response_id continua)
    ferramentas: list  # as tools na forma do Chat Completions
    ferramentas_json: str | None  # o seu JSON canónico (para contar tokens)


# --------------------------------------------------------------------------- pedido


def _texto_das_partes(content, caminho: str) -> str | list:
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise tipo_invalido(caminho, "one of a string or array of objects", content)
    for j, parte in enumerate(content):
        if not isinstance(parte, dict):
            raise tipo_invalido(f"{caminho}[{j}]", "an object", parte)
        if "type" not in parte:
            raise em_falta(f"{caminho}[{j}].type")
    # as partes input_text/output_text passam a partes de texto do Chat Completions
    return [{"type": "text", "text": p["text"]} for p in content if isinstance(p.get("text"), str)]


def _obrigatorio_texto(item: dict, campo: str, caminho: str) -> str:
    valor = item.get(campo)
    if valor is None:
        raise em_falta(f"{caminho}.{campo}")
    if not isinstance(valor, str):
        raise tipo_invalido(f"{caminho}.{campo}", "a string", valor)
    return valor


def _converter_itens(itens, anteriores: list) -> list:
    """Itens de ``input`` → mensagens do Chat Completions, a seguir às ``anteriores``."""
    if isinstance(itens, str):
        return [{"role": "user", "content": itens}]
    if itens is None:
        return []
    if not isinstance(itens, list):
        raise tipo_invalido("input", "one of a string or array of input items", itens)
    mensagens: list = []
    chamadas = {c["id"] for m in anteriores for c in m.get("tool_calls") or ()}
    for i, item in enumerate(itens):
        aqui = f"input[{i}]"
        if not isinstance(item, dict):
            raise tipo_invalido(aqui, "an object", item)
        tipo = item.get("type") or ("message" if "role" in item else None)
        if tipo is None:
            raise em_falta(f"{aqui}.type")
        if tipo == "message":
            papel = _obrigatorio_texto(item, "role", aqui)
            if papel not in _PAPEIS:
                raise ErroPedido(
                    f"Invalid value: {papel!r}. Supported values are: 'user', 'assistant', 'system', "
                    "and 'developer'.", param=f"{aqui}.role", codigo="invalid_value",
                )
            if item.get("content") is None:
                raise em_falta(f"{aqui}.content")
            mensagens.append({"role": papel, "content": _texto_das_partes(item["content"], f"{aqui}.content")})
        elif tipo == "function_call":
            chamada = {
                "id": _obrigatorio_texto(item, "call_id", aqui),
                "type": "function",
                "function": {
                    "name": _obrigatorio_texto(item, "name", aqui),
                    "arguments": _obrigatorio_texto(item, "arguments", aqui),
                },
            }
            chamadas.add(chamada["id"])
            ultima = mensagens[-1] if mensagens else None
            # chamadas seguidas (e o texto do assistente antes delas) são uma só mensagem
            if ultima is not None and ultima["role"] == "assistant":
                ultima.setdefault("tool_calls", []).append(chamada)
            else:
                mensagens.append({"role": "assistant", "content": None, "tool_calls": [chamada]})
        elif tipo == "function_call_output":
            identificador = _obrigatorio_texto(item, "call_id", aqui)
            if identificador not in chamadas:
                raise ErroPedido(
                    f"No tool call found for function call output with call_id {identificador}.",
                    param="input",
                )
            saida = item.get("output")
            if saida is None:
                raise em_falta(f"{aqui}.output")
            conteudo = saida if isinstance(saida, str) else _texto_das_partes(saida, f"{aqui}.output")
            mensagens.append({"role": "tool", "tool_call_id": identificador, "content": conteudo})
        # outros itens (reasoning, item_reference…) não mudam o que o decisor vê
    return mensagens


def _sem_resposta(mensagens: list) -> None:
    """Como a API real: uma chamada de função no histórico tem de ter o seu resultado."""
    respondidas = {m.get("tool_call_id") for m in mensagens if m["role"] == "tool"}
    for m in mensagens:
        for chamada in m.get("tool_calls") or ():
            if chamada["id"] not in respondidas:
                raise ErroPedido(f"No tool output found for function call {chamada['id']}.", param="input")


def _ferramentas(ferramentas) -> tuple[list, str | None]:
    """Ferramentas planas → forma do Chat Completions (só as ``function``), validadas."""
    if ferramentas is None:
        return [], None
    if not isinstance(ferramentas, list):
        raise tipo_invalido("tools", "an array of objects", ferramentas)
    convertidas = []
    for i, ferramenta in enumerate(ferramentas):
        if not isinstance(ferramenta, dict):
            raise tipo_invalido(f"tools[{i}]", "an object", ferramenta)
        if ferramenta.get("type") is None:
            raise em_falta(f"tools[{i}].type")
        if ferramenta["type"] != "function":
            continue  # ferramentas da própria OpenAI (web_search…): o modelo offline não as usa
        if ferramenta.get("name") is None:
            raise em_falta(f"tools[{i}].name")
        funcao = {"name": ferramenta["name"]}
        for campo in ("description", "parameters", "strict"):
            if ferramenta.get(campo) is not None:
                funcao[campo] = ferramenta[campo]
        convertidas.append({"type": "function", "function": funcao})
    if not convertidas:
        return [], None
    texto = json_canonico(convertidas)
    erro = erro_das_ferramentas(texto)
    if erro is not None:
        mensagem, param, codigo = erro
        # os caminhos do Chat Completions (tools[0].function.name) na forma plana (tools[0].name)
        raise ErroPedido(mensagem.replace(".function.", "."), param=(param or "").replace(".function.", "."),
                         codigo=codigo)
    return convertidas, texto


def preparar(corpo, conversas: Conversas) -> Pedido:
    """Valida um pedido ``POST /v1/responses`` e traduz-o para o decisor."""
    if not isinstance(corpo, dict):
        raise tipo_invalido("body", "an object", corpo)
    if not corpo.get("model"):
        raise em_falta("model")
    anterior = corpo.get("previous_response_id")
    historico = []
    if anterior is not None:
        guardado = conversas.obter(anterior) if isinstance(anterior, str) else None
        if guardado is None:
            raise ErroPedido(f"Previous response with id '{anterior}' not found.",
                             param="previous_response_id", codigo="previous_response_not_found")
        historico = list(guardado)
    ferramentas, ferramentas_json = _ferramentas(corpo.get("tools"))
    historico += _converter_itens(corpo.get("input"), historico)
    if not historico:
        raise em_falta("input")
    _sem_resposta(historico)
    instrucoes = corpo.get("instructions")
    mensagens = ([{"role": "system", "content": instrucoes}] if isinstance(instrucoes, str) and instrucoes
                 else []) + historico
    return Pedido(mensagens, historico, ferramentas, ferramentas_json)


# --------------------------------------------------------------------------- resposta


def _id(prefixo: str, resumo: str, etiqueta: str) -> str:
    return prefixo + hashlib.sha256(f"{resumo}:{etiqueta}".encode()).hexdigest()[:48]


def _ferramentas_ecoadas(corpo: dict) -> list:
    """As ``tools`` como a resposta as repete (as de função com todos os campos)."""
    ecoadas = []
    for f in corpo.get("tools") or ():
        if f.get("type") == "function":
            f = {"type": "function", "name": f["name"], "description": f.get("description"),
                 "parameters": f.get("parameters"), "strict": f.get("strict", True)}
        ecoadas.append(f)
    return ecoadas


def _itens_de_saida(resumo: str, texto, chamadas, ids_chamadas, raciocinio: dict | None) -> list:
    # o item de raciocínio, quando o modelo raciocinou, vem antes de tudo, como na API verdadeira
    antes = [raciocinio] if raciocinio else []
    return antes + _mensagem_e_chamadas(resumo, texto, chamadas, ids_chamadas)


def _mensagem_e_chamadas(resumo: str, texto, chamadas, ids_chamadas) -> list:
    mensagem = [{
        "type": "message", "id": _id("msg_", resumo, "msg"), "status": "completed", "role": "assistant",
        "content": [{"type": "output_text", "text": texto or "", "annotations": [], "logprobs": []}],
    }]
    if not chamadas:
        return mensagem
    # o texto que acompanha as chamadas é um item «message» antes delas, como na API verdadeira
    return (mensagem if texto else []) + [
        {"type": "function_call", "id": _id("fc_", resumo, f"fc{i}"), "call_id": ids_chamadas[i],
         "name": nome, "arguments": argumentos, "status": "completed"}
        for i, (nome, argumentos) in enumerate(chamadas)
    ]


def resposta(corpo: dict, texto, chamadas, *, resumo: str, created: int,
             ids_chamadas: list[str], uso: dict, esforco: str | None = None,
             raciocinio: dict | None = None) -> dict:
    """O objeto ``response`` completo (``status: completed``).

    ``esforco``: o esforço de raciocínio efetivo (o do perfil do modelo, se o pedido não disse
    outro); ``raciocinio``: o item ``reasoning`` a pôr antes da resposta, ou ``None``.
    """
    escolha = corpo.get("tool_choice", "auto")
    return {
        "id": _id("resp_", resumo, "resp"),
        "object": "response",
        "created_at": created,
        "status": "completed",
        "background": False,
        "error": None,
        "incomplete_details": None,
        "instructions": corpo.get("instructions"),
        "max_output_tokens": corpo.get("max_output_tokens"),
        "max_tool_calls": corpo.get("max_tool_calls"),
        "model": corpo["model"],
        "output": _itens_de_saida(resumo, texto, chamadas, ids_chamadas, raciocinio),
        "parallel_tool_calls": corpo.get("parallel_tool_calls") is not False,
        "previous_response_id": corpo.get("previous_response_id"),
        "reasoning": {"effort": esforco, "summary": None},
        "service_tier": "default",
        "store": corpo.get("store") is not False,
        "temperature": corpo.get("temperature", 1.0),
        "text": corpo.get("text") or {"format": {"type": "text"}},
        "tool_choice": escolha if escolha is not None else "auto",
        "tools": _ferramentas_ecoadas(corpo),
        "top_p": corpo.get("top_p", 1.0),
        "truncation": corpo.get("truncation") or "disabled",
        "usage": uso,
        "user": corpo.get("user"),
        "metadata": corpo.get("metadata") or {},
    }


def uso(entrada: int, saida: int, em_cache: int, escritos: int, raciocinio: int = 0) -> dict:
    """O ``usage`` da API Responses (``saida`` já conta os tokens de ``raciocinio``)."""
    return {
        "input_tokens": entrada,
        "input_tokens_details": {"cached_tokens": em_cache, "cache_write_tokens": escritos},
        "output_tokens": saida,
        "output_tokens_details": {"reasoning_tokens": raciocinio},
        "total_tokens": entrada + saida,
    }


def conversa_depois(pedido: Pedido, texto, chamadas, ids_chamadas) -> list:
    """O histórico que ``previous_response_id`` continua: o pedido mais a resposta."""
    if chamadas:
        mensagem = {"role": "assistant", "content": texto or None, "tool_calls": [
            {"id": i, "type": "function", "function": {"name": nome, "arguments": argumentos}}
            for i, (nome, argumentos) in zip(ids_chamadas, chamadas, strict=True)
        ]}
    else:
        mensagem = {"role": "assistant", "content": texto or ""}
    return [*pedido.historico, mensagem]


def _evento(tipo: str, dados: dict, numero: int) -> bytes:
    dados = {"type": tipo, "sequence_number": numero, **dados}
    return b"event: " + tipo.encode() + b"\ndata: " + json_compacto(dados) + b"\n\n"


def fluxo(final: dict, pedacos_texto: list[str], pedaco_argumentos: int) -> bytes:
    """Os eventos SSE, pela ordem da API real, que terminam no objeto ``final``."""
    eventos = []

    def emitir(tipo, **dados):
        eventos.append(_evento(tipo, dados, len(eventos)))

    inicial = {**final, "status": "in_progress", "output": [], "usage": None}
    emitir("response.created", response=inicial)
    emitir("response.in_progress", response=inicial)
    for indice, item in enumerate(final["output"]):
        if item["type"] == "reasoning":
            # sem resumo pedido, o item de raciocínio chega inteiro, sem deltas
            emitir("response.output_item.added", output_index=indice, item={**item, "status": "in_progress"})
        elif item["type"] == "function_call":
            emitir("response.output_item.added", output_index=indice,
                   item={**item, "arguments": "", "status": "in_progress"})
            argumentos = item["arguments"]
            for k in range(0, len(argumentos), pedaco_argumentos):
                emitir("response.function_call_arguments.delta", item_id=item["id"], output_index=indice,
                       delta=argumentos[k : k + pedaco_argumentos])
            emitir("response.function_call_arguments.done", item_id=item["id"], output_index=indice,
                   name=item["name"], arguments=argumentos)
        else:
            parte = item["content"][0]
            emitir("response.output_item.added", output_index=indice,
                   item={**item, "status": "in_progress", "content": []})
            comum = {"item_id": item["id"], "output_index": indice, "content_index": 0}
            emitir("response.content_part.added", **comum, part={**parte, "text": ""})
            for pedaco in pedacos_texto:
                emitir("response.output_text.delta", **comum, delta=pedaco, logprobs=[])
            emitir("response.output_text.done", **comum, text=parte["text"], logprobs=[])
            emitir("response.content_part.done", **comum, part=parte)
        emitir("response.output_item.done", output_index=indice, item=item)
    emitir("response.completed", response=final)
    return b"".join(eventos)
