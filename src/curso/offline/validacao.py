"""Validação de pedidos como a API real da OpenAI, antes de o decisor correr.

As mensagens de erro (em inglês) são cópias das que a API devolve — incluindo a gralha
«preceeding» — para que o aluno encontre offline exatamente o erro que veria ao vivo.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from .formatos import envelope_de_erro, json_canonico

PAPEIS = ("system", "assistant", "user", "function", "tool", "developer")
_NOME_VALIDO = re.compile(r"^[a-zA-Z0-9_-]+$")
_MAX_NOME = 64


class ErroPedido(ValueError):
    """Um pedido que a API real recusaria; ``str(erro)`` é a mensagem da API.

    Atributos: ``estado`` (código HTTP), ``tipo``, ``param`` e ``codigo`` — os campos de
    ``{"error": {...}}`` da resposta.
    """

    def __init__(self, mensagem, *, param=None, codigo=None, estado=400, tipo="invalid_request_error"):
        super().__init__(mensagem)
        self.mensagem = mensagem
        self.param = param
        self.codigo = codigo
        self.estado = estado
        self.tipo = tipo

    def corpo(self) -> dict:
        """O JSON de erro que a API devolve."""
        return envelope_de_erro(self.mensagem, self.tipo, self.param, self.codigo)


def _nome_do_tipo(valor) -> str:
    if valor is None:
        return "null"
    if isinstance(valor, bool):
        return "a boolean"
    if isinstance(valor, int):
        return "an integer"
    if isinstance(valor, float):
        return "a decimal"
    if isinstance(valor, str):
        return "a string"
    if isinstance(valor, list):
        return "an array"
    return "an object"


def em_falta(caminho: str) -> ErroPedido:
    return ErroPedido(
        f"Missing required parameter: '{caminho}'.", param=caminho, codigo="missing_required_parameter"
    )


def tipo_invalido(caminho: str, esperado: str, valor) -> ErroPedido:
    return ErroPedido(
        f"Invalid type for '{caminho}': expected {esperado}, but got {_nome_do_tipo(valor)} instead.",
        param=caminho,
        codigo="invalid_type",
    )


def _vazio(caminho: str) -> ErroPedido:
    return ErroPedido(
        f"Invalid '{caminho}': empty array. Expected an array with minimum length 1, "
        "but got an empty array instead.",
        param=caminho,
        codigo="empty_array",
    )


def _objetos(valor, caminho: str) -> list[dict]:
    """Confirma que ``valor`` é uma lista não vazia de objetos (dicionários)."""
    if valor is None:
        raise em_falta(caminho)
    if not isinstance(valor, list):
        raise tipo_invalido(caminho, "an array of objects", valor)
    if not valor:
        raise _vazio(caminho)
    for i, item in enumerate(valor):
        if not isinstance(item, dict):
            raise tipo_invalido(f"{caminho}[{i}]", "an object", item)
    return valor


def _obrigatorio(objeto: dict, campo: str, caminho: str):
    valor = objeto.get(campo)
    if valor is None:
        raise em_falta(f"{caminho}.{campo}")
    return valor


def _como_dicionario(mensagem):
    """Aceita também os objetos do SDK (``ChatCompletionMessage``) que o aluno volta a enviar."""
    if isinstance(mensagem, dict):
        return mensagem
    despejar = getattr(mensagem, "model_dump", None)
    if callable(despejar):
        return despejar(mode="json", exclude_unset=True)
    return mensagem


# --------------------------------------------------------------------------- forma das mensagens


def _validar_content(content, caminho: str) -> None:
    if isinstance(content, str):
        return
    if isinstance(content, list):
        for j, parte in enumerate(content):
            if not isinstance(parte, dict):
                raise tipo_invalido(f"{caminho}[{j}]", "an object", parte)
            if "type" not in parte:
                raise em_falta(f"{caminho}[{j}].type")
        return
    raise tipo_invalido(caminho, "one of a string or array of objects", content)


def _validar_chamadas(chamadas, caminho: str) -> None:
    if not isinstance(chamadas, list):
        raise tipo_invalido(caminho, "an array of objects", chamadas)
    for j, chamada in enumerate(chamadas):
        aqui = f"{caminho}[{j}]"
        if not isinstance(chamada, dict):
            raise tipo_invalido(aqui, "an object", chamada)
        for campo in ("id", "type", "function"):
            if chamada.get(campo) is None:
                raise em_falta(f"{aqui}.{campo}")
        funcao = chamada["function"]
        if not isinstance(funcao, dict):
            raise tipo_invalido(f"{aqui}.function", "an object", funcao)
        for campo in ("name", "arguments"):
            if funcao.get(campo) is None:
                raise em_falta(f"{aqui}.function.{campo}")
            if not isinstance(funcao[campo], str):
                raise tipo_invalido(f"{aqui}.function.{campo}", "a string", funcao[campo])


def _validar_forma(mensagens) -> list:
    if isinstance(mensagens, list):
        mensagens = [_como_dicionario(m) for m in mensagens]
    for i, m in enumerate(_objetos(mensagens, "messages")):
        aqui = f"messages[{i}]"
        papel = _obrigatorio(m, "role", aqui)
        if papel not in PAPEIS:
            raise ErroPedido(
                f"Invalid value: {json.dumps(papel, ensure_ascii=False)[1:-1]!r}. Supported values are: "
                "'system', 'assistant', 'user', 'function', 'tool', and 'developer'.",
                param=f"{aqui}.role",
                codigo="invalid_value",
            )
        content = m.get("content")
        if papel == "assistant":
            chamadas = m.get("tool_calls")
            if chamadas is not None:
                _validar_chamadas(chamadas, f"{aqui}.tool_calls")
            if content is None:
                if not chamadas and not m.get("function_call"):
                    raise ErroPedido(
                        "Invalid value for 'content': expected a string, got null.",
                        param=f"messages.[{i}].content",
                    )
            else:
                _validar_content(content, f"{aqui}.content")
        else:
            if "content" not in m:
                raise em_falta(f"{aqui}.content")
            _validar_content(content, f"{aqui}.content")
        if papel == "tool" and m.get("tool_call_id") is None:
            raise ErroPedido(
                "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.",
                param=f"messages.[{i}].tool_call_id",
            )
    return mensagens


# --------------------------------------------------------------------------- protocolo


def _sem_resposta(ids: list[str], indice: int) -> ErroPedido:
    return ErroPedido(
        "An assistant message with 'tool_calls' must be followed by tool messages responding to "
        "each 'tool_call_id'. The following tool_call_ids did not have response messages: "
        + ", ".join(ids),
        param=f"messages.[{indice}].role",
    )


def _validar_protocolo(mensagens: list) -> None:
    ids_anteriores = None  # ids da última mensagem do assistente com tool_calls (ainda na cadeia)
    pendentes: list[str] = []
    indice_assistente = -1
    for i, m in enumerate(mensagens):
        if m["role"] == "tool":
            if ids_anteriores is None:
                raise ErroPedido(
                    "Invalid parameter: messages with role 'tool' must be a response to a "
                    "preceeding message with 'tool_calls'.",
                    param=f"messages.[{i}].role",
                )
            identificador = m["tool_call_id"]
            if identificador not in ids_anteriores:
                raise ErroPedido(
                    f"Invalid parameter: 'tool_call_id' of '{identificador}' not found in "
                    "'tool_calls' of previous message.",
                    param=f"messages.[{i}].tool_call_id",
                )
            if identificador in pendentes:
                pendentes.remove(identificador)
            continue
        if pendentes:
            raise _sem_resposta(pendentes, indice_assistente)
        ids_anteriores = None
        if m["role"] == "assistant" and m.get("tool_calls"):
            ids_anteriores = [c["id"] for c in m["tool_calls"]]
            pendentes = list(ids_anteriores)
            indice_assistente = i
    if pendentes:
        raise _sem_resposta(pendentes, indice_assistente)


def validar_mensagens(mensagens) -> None:
    """Confirma que um histórico de ``messages`` seria aceite pela API real.

    Lança ``ValueError`` (um :class:`ErroPedido`) com a mensagem exata da API quando não seria —
    por exemplo, uma mensagem ``tool`` sem ``tool_calls`` antes, ou chamadas sem resposta. Aceita
    dicionários e os objetos de mensagem do SDK. Não altera a lista que recebe.
    """
    _validar_protocolo(_validar_forma(mensagens))


# --------------------------------------------------------------------------- ferramentas


def _erro_de_esquema(esquema: dict) -> str | None:
    import jsonschema

    try:
        jsonschema.Draft202012Validator.check_schema(esquema)
    except jsonschema.SchemaError as erro:
        return erro.message
    return None


def _validar_ferramentas(ferramentas) -> None:
    for i, ferramenta in enumerate(_objetos(ferramentas, "tools")):
        aqui = f"tools[{i}]"
        tipo = _obrigatorio(ferramenta, "type", aqui)
        if tipo not in ("function", "custom"):
            raise ErroPedido(
                f"Invalid value: {tipo!r}. Supported values are: 'function' and 'custom'.",
                param=f"{aqui}.type",
                codigo="invalid_value",
            )
        if tipo == "custom":
            continue
        funcao = _obrigatorio(ferramenta, "function", aqui)
        if not isinstance(funcao, dict):
            raise tipo_invalido(f"{aqui}.function", "an object", funcao)
        nome = _obrigatorio(funcao, "name", f"{aqui}.function")
        if not isinstance(nome, str):
            raise tipo_invalido(f"{aqui}.function.name", "a string", nome)
        if len(nome) > _MAX_NOME:
            raise ErroPedido(
                f"Invalid '{aqui}.function.name': string too long. Expected a string with maximum "
                f"length {_MAX_NOME}, but got a string with length {len(nome)} instead.",
                param=f"{aqui}.function.name",
                codigo="string_above_max_length",
            )
        if not _NOME_VALIDO.match(nome):
            raise ErroPedido(
                f"Invalid '{aqui}.function.name': string does not match pattern. Expected a string "
                "that matches the pattern '^[a-zA-Z0-9_-]+$'.",
                param=f"{aqui}.function.name",
                codigo="invalid_value",
            )
        if "parameters" not in funcao:
            continue
        parametros = funcao["parameters"]
        if not isinstance(parametros, dict):
            raise tipo_invalido(f"{aqui}.function.parameters", "an object", parametros)
        erro = None
        tipo_raiz = parametros.get("type")
        if tipo_raiz != "object":
            erro = (
                "schema must be a JSON Schema of 'type: \"object\"', got "
                f"'type: {json.dumps(tipo_raiz, ensure_ascii=False)}'."
            )
        else:
            mensagem = _erro_de_esquema(parametros)
            if mensagem is not None:
                erro = mensagem.rstrip(".") + "."
        if erro:
            raise ErroPedido(
                f"Invalid schema for function '{nome}': {erro}",
                param=f"{aqui}.function.parameters",
                codigo="invalid_function_parameters",
            )


# --------------------------------------------------------------------------- pedido completo


@lru_cache(maxsize=512)
def erro_das_ferramentas(ferramentas_json: str) -> tuple | None:
    """Valida uma lista ``tools`` (em JSON canónico) uma só vez; devolve o erro, se houver."""
    try:
        _validar_ferramentas(json.loads(ferramentas_json))
    except ErroPedido as erro:
        return erro.mensagem, erro.param, erro.codigo
    return None


def validar_pedido(corpo) -> str | None:
    """Valida o corpo de um pedido ``POST /v1/chat/completions`` (já decifrado de JSON).

    Devolve o JSON canónico de ``tools`` (ou ``None`` sem ferramentas), que serve para contar.
    """
    if not isinstance(corpo, dict):
        raise tipo_invalido("body", "an object", corpo)
    if not corpo.get("model"):
        raise ErroPedido("you must provide a model parameter")
    mensagens = _validar_forma(corpo.get("messages"))
    if corpo.get("tool_choice") is not None and not corpo.get("tools"):
        raise ErroPedido(
            "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
            param="tool_choice",
        )
    ferramentas_json = None
    if corpo.get("tools") is not None:
        ferramentas_json = json_canonico(corpo["tools"])
        erro = erro_das_ferramentas(ferramentas_json)
        if erro is not None:
            mensagem, param, codigo = erro
            raise ErroPedido(mensagem, param=param, codigo=codigo)
    _validar_protocolo(mensagens)
    return ferramentas_json
