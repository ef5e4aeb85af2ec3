"""Validação do modelo offline: os 400 da API real, pelo SDK verdadeiro, antes do decisor correr."""

import json

import openai
import pytest

from curso import modelo
from curso.offline import ErroPedido, cliente_offline, validar_mensagens

MODELO = modelo()  # o nome vive num só sítio: curso.clientes
FERRAMENTA = {
    "type": "function",
    "function": {
        "name": "obter_hora",
        "description": "Hora atual numa cidade.",
        "parameters": {"type": "object", "properties": {"cidade": {"type": "string"}}, "required": ["cidade"]},
    },
}
UTILIZADOR = {"role": "user", "content": "Que horas são em Lisboa?"}


def chamada(identificador, nome="obter_hora", argumentos='{"cidade": "Lisboa"}'):
    return {"id": identificador, "type": "function", "function": {"name": nome, "arguments": argumentos}}


def assistente(*ids):
    return {"role": "assistant", "content": None, "tool_calls": [chamada(i) for i in ids]}


def resposta(identificador, texto="12:00"):
    return {"role": "tool", "tool_call_id": identificador, "content": texto}


@pytest.fixture
def decisor_vigiado():
    chamadas = []

    def decidir(mensagens, ferramentas):
        chamadas.append(mensagens)
        return "ok"

    decidir.chamadas = chamadas
    return decidir


def pedir(decisor, **kwargs):
    cliente = cliente_offline(decisor, _strict_response_validation=True)
    kwargs.setdefault("model", MODELO)
    return cliente, cliente.chat.completions.create(**kwargs)


def erro_400(decisor, **kwargs):
    with pytest.raises(openai.BadRequestError) as info:
        pedir(decisor, **kwargs)
    erro = info.value
    assert erro.status_code == 400
    assert erro.response.headers["x-should-retry"] == "false"
    assert decisor.chamadas == [], "o decisor não pode correr quando o pedido é inválido"
    corpo = erro.response.json()["error"]
    assert set(corpo) == {"message", "type", "param", "code"}
    assert corpo["type"] == "invalid_request_error"
    return erro, corpo


# ----------------------------------------------------------------------------- os casos pedidos


def test_ferramenta_sem_tool_calls_antes(decisor_vigiado):
    erro, corpo = erro_400(decisor_vigiado, messages=[UTILIZADOR, resposta("call_1")])
    assert corpo["message"] == (
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding "
        "message with 'tool_calls'."
    )
    assert erro.param == "messages.[1].role" and erro.code is None


def test_chamadas_sem_resposta(decisor_vigiado):
    mensagens = [UTILIZADOR, assistente("call_a", "call_b"), resposta("call_a"), {"role": "user", "content": "e?"}]
    erro, corpo = erro_400(decisor_vigiado, messages=mensagens, tools=[FERRAMENTA])
    assert corpo["message"] == (
        "An assistant message with 'tool_calls' must be followed by tool messages responding to "
        "each 'tool_call_id'. The following tool_call_ids did not have response messages: call_b"
    )
    assert erro.param == "messages.[1].role" and erro.code is None


def test_chamadas_sem_resposta_no_fim(decisor_vigiado):
    erro, corpo = erro_400(decisor_vigiado, messages=[UTILIZADOR, assistente("call_a", "call_b")])
    assert corpo["message"].endswith("did not have response messages: call_a, call_b")


def test_tool_call_id_em_falta(decisor_vigiado):
    sem_id = {"role": "tool", "content": "12:00"}
    erro, corpo = erro_400(decisor_vigiado, messages=[UTILIZADOR, assistente("call_a"), sem_id])
    assert corpo["message"] == (
        "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'."
    )
    assert erro.param == "messages.[2].tool_call_id"


def test_tool_call_id_que_nao_existe(decisor_vigiado):
    erro, corpo = erro_400(decisor_vigiado, messages=[UTILIZADOR, assistente("call_a"), resposta("call_x")])
    assert corpo["message"] == (
        "Invalid parameter: 'tool_call_id' of 'call_x' not found in 'tool_calls' of previous message."
    )
    assert erro.param == "messages.[2].tool_call_id"


def test_ferramenta_plana_sem_type(decisor_vigiado):
    plana = {"name": "obter_hora", "parameters": {"type": "object", "properties": {}}}
    erro, corpo = erro_400(decisor_vigiado, messages=[UTILIZADOR], tools=[plana])
    assert corpo["message"] == "Missing required parameter: 'tools[0].type'."
    assert erro.param == "tools[0].type" and erro.code == "missing_required_parameter"


def test_ferramenta_plana_sem_function(decisor_vigiado):
    plana = {"type": "function", "name": "obter_hora", "parameters": {"type": "object"}}
    erro, corpo = erro_400(decisor_vigiado, messages=[UTILIZADOR], tools=[FERRAMENTA, plana])
    assert corpo["message"] == "Missing required parameter: 'tools[1].function'."
    assert erro.param == "tools[1].function" and erro.code == "missing_required_parameter"


def test_ferramentas_vazias(decisor_vigiado):
    erro, _ = erro_400(decisor_vigiado, messages=[UTILIZADOR], tools=[])
    assert erro.param == "tools" and erro.code == "empty_array"


@pytest.mark.parametrize("nome", ["obter hora", "obter.hora", "câmbio", "x" * 65])
def test_nome_de_ferramenta_invalido(decisor_vigiado, nome):
    ferramenta = {"type": "function", "function": {"name": nome}}
    erro, corpo = erro_400(decisor_vigiado, messages=[UTILIZADOR], tools=[ferramenta])
    assert erro.param == "tools[0].function.name"
    if len(nome) > 64:
        assert erro.code == "string_above_max_length"
    else:
        assert erro.code == "invalid_value"
        assert "does not match pattern" in corpo["message"] and "^[a-zA-Z0-9_-]+$" in corpo["message"]


@pytest.mark.parametrize(
    "parametros, pedaco",
    [
        ({"type": "object", "properties": {"cidade": {"type": "strin"}}}, "'strin' is not valid under any of the given schemas"),
        ({"type": "string"}, "schema must be a JSON Schema of 'type: \"object\"', got 'type: \"string\"'"),
        ({"type": "object", "required": "cidade"}, "'cidade' is not of type 'array'"),
    ],
)
def test_esquema_de_parametros_invalido(decisor_vigiado, parametros, pedaco):
    ferramenta = {"type": "function", "function": {"name": "obter_hora", "parameters": parametros}}
    erro, corpo = erro_400(decisor_vigiado, messages=[UTILIZADOR], tools=[ferramenta])
    assert corpo["message"].startswith("Invalid schema for function 'obter_hora': ")
    assert pedaco in corpo["message"]
    assert erro.param == "tools[0].function.parameters" and erro.code == "invalid_function_parameters"


def test_modelo_em_falta(decisor_vigiado):
    erro, corpo = erro_400(decisor_vigiado, model="", messages=[UTILIZADOR])
    assert corpo["message"] == "you must provide a model parameter"
    assert erro.param is None and erro.code is None


def test_papel_invalido(decisor_vigiado):
    erro, _ = erro_400(decisor_vigiado, messages=[{"role": "robot", "content": "x"}])
    assert erro.param == "messages[0].role" and erro.code == "invalid_value"


def test_mensagens_vazias(decisor_vigiado):
    erro, _ = erro_400(decisor_vigiado, messages=[])
    assert erro.param == "messages" and erro.code == "empty_array"


def test_assistente_sem_conteudo_nem_chamadas(decisor_vigiado):
    erro, corpo = erro_400(decisor_vigiado, messages=[UTILIZADOR, {"role": "assistant", "content": None}, UTILIZADOR])
    assert corpo["message"] == "Invalid value for 'content': expected a string, got null."


def test_json_invalido_da_400_sem_chamar_o_decisor(decisor_vigiado):
    cliente = cliente_offline(decisor_vigiado)
    resposta_http = cliente.motor.tratar("POST", "/v1/chat/completions", b"{isto nao e json")
    assert resposta_http[0] == 400
    assert json.loads(resposta_http[2])["error"]["message"].startswith("We could not parse the JSON body")
    assert cliente.pedidos == [] and decisor_vigiado.chamadas == []


def test_caminho_desconhecido_da_404():
    cliente = cliente_offline(lambda m, f: "ok")
    with pytest.raises(openai.NotFoundError) as info:
        cliente.post("/respostas", body={}, cast_to=object)
    assert info.value.body["message"] == "Invalid URL (POST /v1/respostas)"


# ----------------------------------------------------------------------------- tolerância


def test_aceita_o_que_os_clientes_reais_enviam(decisor_vigiado):
    """A mensagem do SDK (objeto e model_dump), partes, null, tool_choice e chaves desconhecidas."""
    cliente = cliente_offline(
        lambda m, f: [{"nome": "obter_hora", "argumentos": {"cidade": "Lisboa"}}] if len(m) == 1 else "fim",
        _strict_response_validation=True,
    )
    primeira = cliente.chat.completions.create(model=MODELO, messages=[UTILIZADOR], tools=[FERRAMENTA])
    mensagem = primeira.choices[0].message
    identificador = mensagem.tool_calls[0].id
    for devolvida in (mensagem, mensagem.model_dump(), mensagem.model_dump(mode="json")):
        historico = [
            {"role": "system", "content": [{"type": "text", "text": "És útil."}], "name": "regras"},
            {"role": "user", "content": [{"type": "text", "text": "Que horas são?"}]},
            devolvida,
            {"role": "tool", "tool_call_id": identificador, "content": [{"type": "text", "text": "12:00"}]},
            {"role": "assistant", "content": "São 12:00.", "refusal": None, "audio": None,
             "function_call": None, "tool_calls": None, "annotations": []},
            {"role": "user", "content": "obrigado", "campo_desconhecido": 1},
        ]
        validar_mensagens(historico)
        resposta_final = cliente.chat.completions.create(
            model=MODELO,
            messages=historico,
            tools=[FERRAMENTA],
            tool_choice="auto",
            parallel_tool_calls=True,
            response_format={"type": "text"},
            temperature=0,
            extra_body={"chave_inofensiva": True},
        )
        assert resposta_final.choices[0].message.content == "fim"


def test_stream_options_e_tool_choice_sao_aceites(decisor_vigiado):
    # tool_choice é cumprido (test_offline_escolha.py); "auto" deixa o decisor responder com texto
    _, stream = pedir(
        decisor_vigiado,
        messages=[UTILIZADOR],
        tools=[FERRAMENTA],
        tool_choice="auto",
        stream=True,
        stream_options={"include_usage": True},
    )
    assert "".join(p.choices[0].delta.content or "" for p in stream if p.choices) == "ok"


# ----------------------------------------------------------------------------- validar_mensagens


def test_validar_mensagens_lanca_valueerror_com_a_mensagem_da_api():
    with pytest.raises(ValueError, match="preceeding message with 'tool_calls'") as info:
        validar_mensagens([UTILIZADOR, resposta("call_1")])
    assert isinstance(info.value, ErroPedido) and info.value.param == "messages.[1].role"


def test_validar_mensagens_aceita_um_historico_valido_e_nao_o_altera():
    historico = [UTILIZADOR, assistente("call_a", "call_b"), resposta("call_b"), resposta("call_a")]
    copia = json.loads(json.dumps(historico))
    assert validar_mensagens(historico) is None
    assert historico == copia


def test_validar_mensagens_recusa_o_que_nao_e_lista():
    with pytest.raises(ValueError):
        validar_mensagens("olá")
