"""A API Responses no modelo offline, pelo SDK verdadeiro (``_strict_response_validation=True``):
itens de entrada e saída, ``previous_response_id``, ``usage``, streaming e os 400 da API real."""

import asyncio
import json

import openai
import pytest

from curso import modelo
from curso.offline import Roteiro, cliente_offline, cliente_offline_assincrono, codificador

MODELO = modelo()  # o nome vive num só sítio: curso.clientes
HORA = {
    "type": "function",
    "name": "hora",
    "description": "Hora numa cidade.",
    "parameters": {"type": "object", "properties": {"cidade": {"type": "string"}}, "required": ["cidade"],
                   "additionalProperties": False},
    "strict": True,
}


def estrito(decisor, **opcoes):
    return cliente_offline(decisor, _strict_response_validation=True, **opcoes)


def chama_hora_depois_responde(mensagens, ferramentas):
    """Pede a hora; quando tem o resultado, responde com ele."""
    if mensagens[-1]["role"] == "tool":
        return f"São {mensagens[-1]['content']} em Lisboa."
    return [{"nome": "hora", "argumentos": {"cidade": "Lisboa"}}]


def test_texto_simples_com_instructions_e_output_text():
    vistos = []

    def decidir(mensagens, ferramentas):
        vistos.append((mensagens, ferramentas))
        return "Olá, Ana!"

    r = estrito(decidir).responses.create(model=MODELO, instructions="Sê breve.", input="Olá")
    assert r.output_text == "Olá, Ana!"
    assert r.object == "response" and r.status == "completed" and r.id.startswith("resp_")
    assert r.output[0].type == "message" and r.output[0].role == "assistant"
    assert vistos == [([{"role": "system", "content": "Sê breve."}, {"role": "user", "content": "Olá"}], [])]


def test_ciclo_com_itens_chamada_call_id_e_resultado():
    cliente = estrito(chama_hora_depois_responde)
    entrada = [{"role": "user", "content": "Que horas são em Lisboa?"}]
    r = cliente.responses.create(model=MODELO, input=entrada, tools=[HORA])
    chamada = r.output[0]
    assert chamada.type == "function_call" and chamada.name == "hora"
    assert chamada.call_id.startswith("call_") and chamada.id.startswith("fc_")
    assert json.loads(chamada.arguments) == {"cidade": "Lisboa"}
    entrada += [chamada, {"type": "function_call_output", "call_id": chamada.call_id, "output": "12:00"}]
    final = cliente.responses.create(model=MODELO, input=entrada, tools=[HORA])
    assert final.output_text == "São 12:00 em Lisboa."
    # o decisor recebeu a conversa na forma do Chat Completions
    assert cliente.pedidos[-1]["input"][1]["call_id"] == chamada.call_id


def test_previous_response_id_continua_a_conversa_em_memoria():
    vistos = []

    def decidir(mensagens, ferramentas):
        vistos.append(mensagens)
        return chama_hora_depois_responde(mensagens, ferramentas)

    cliente = estrito(decidir)
    r1 = cliente.responses.create(model=MODELO, input="Que horas são?", tools=[HORA], instructions="Sê breve.")
    r2 = cliente.responses.create(
        model=MODELO, previous_response_id=r1.id, tools=[HORA],
        input=[{"type": "function_call_output", "call_id": r1.output[0].call_id, "output": "12:00"}],
    )
    assert r2.output_text == "São 12:00 em Lisboa." and r2.previous_response_id == r1.id
    # as instructions da primeira resposta não passam para a seguinte (como na API real)
    assert [m["role"] for m in vistos[1]] == ["user", "assistant", "tool"]
    r3 = cliente.responses.create(model=MODELO, previous_response_id=r2.id, input="E no Porto?")
    assert [m["role"] for m in vistos[2]] == ["user", "assistant", "tool", "assistant", "user"]
    assert r3.id not in (r1.id, r2.id)


def test_ids_deterministicos_e_resposta_igual_byte_a_byte():
    def bruto():
        c = estrito(chama_hora_depois_responde)
        return c.responses.with_raw_response.create(model=MODELO, input="Olá", tools=[HORA]).http_response.content

    assert bruto() == bruto()


def test_usage_conta_como_o_chat_completions_a_mesma_conversa():
    cliente = estrito(lambda m, f: "São 12:00.")
    r = cliente.responses.create(model=MODELO, instructions="Sê breve.", input="Que horas são?", tools=[HORA])
    c = cliente.chat.completions.create(
        model=MODELO, messages=[{"role": "system", "content": "Sê breve."}, {"role": "user", "content": "Que horas são?"}],
        tools=[{"type": "function", "function": {k: HORA[k] for k in ("name", "description", "parameters", "strict")}}],
    )
    assert r.usage.input_tokens == c.usage.prompt_tokens > 0
    assert r.usage.output_tokens == len(codificador().encode("São 12:00.")) == c.usage.completion_tokens
    assert r.usage.total_tokens == r.usage.input_tokens + r.usage.output_tokens
    assert r.usage.input_tokens_details.cached_tokens == 0
    assert r.usage.output_tokens_details.reasoning_tokens == 0


def test_stream_com_a_sequencia_de_eventos_da_api():
    cliente = estrito(lambda m, f: "Olá, mundo! Tudo bem?")
    eventos = list(cliente.responses.create(model=MODELO, input="Olá", stream=True))
    tipos = [e.type for e in eventos]
    assert tipos[:5] == ["response.created", "response.in_progress", "response.output_item.added",
                         "response.content_part.added", "response.output_text.delta"]
    assert tipos[-4:] == ["response.output_text.done", "response.content_part.done",
                          "response.output_item.done", "response.completed"]
    assert [e.sequence_number for e in eventos] == list(range(len(eventos)))
    assert "".join(e.delta for e in eventos if e.type == "response.output_text.delta") == "Olá, mundo! Tudo bem?"
    assert eventos[-1].response.output_text == "Olá, mundo! Tudo bem?"


def test_stream_de_chamadas_com_argumentos_aos_pedacos():
    argumentos = {"cidade": "São Paulo", "notas": "x" * 30}
    cliente = estrito(lambda m, f: [{"nome": "hora", "argumentos": argumentos}])
    eventos = list(cliente.responses.create(model=MODELO, input="Olá", tools=[HORA], stream=True))
    adicionado = next(e for e in eventos if e.type == "response.output_item.added")
    assert adicionado.item.type == "function_call" and adicionado.item.arguments == ""
    deltas = [e.delta for e in eventos if e.type == "response.function_call_arguments.delta"]
    assert len(deltas) > 3 and json.loads("".join(deltas)) == argumentos
    feito = next(e for e in eventos if e.type == "response.function_call_arguments.done")
    assert json.loads(feito.arguments) == argumentos
    with cliente.responses.stream(model=MODELO, input="Olá", tools=[HORA]) as fluxo:
        final = fluxo.get_final_response()
    assert final.output[0].call_id.startswith("call_")


def test_texto_ao_lado_das_chamadas_e_um_item_message_antes_delas():
    passo = Roteiro.com_texto("Vou ver as horas.", {"nome": "hora", "argumentos": {"cidade": "Lisboa"}})
    cliente = estrito(Roteiro([passo, "São 10h em Lisboa.", passo]))
    resposta = cliente.responses.create(model=MODELO, input="Que horas são?", tools=[HORA])
    assert [i.type for i in resposta.output] == ["message", "function_call"]
    assert resposta.output_text == "Vou ver as horas."
    chamada = resposta.output[1]
    resultado = {"type": "function_call_output", "call_id": chamada.call_id, "output": "10h"}
    seguinte = cliente.responses.create(model=MODELO, previous_response_id=resposta.id, input=[resultado],
                                        tools=[HORA])
    assert seguinte.output_text == "São 10h em Lisboa."
    eventos = list(cliente.responses.create(model=MODELO, input="Que horas são?", tools=[HORA], stream=True))
    adicionados = [e.item.type for e in eventos if e.type == "response.output_item.added"]
    assert adicionados == ["message", "function_call"]
    assert "".join(e.delta for e in eventos if e.type == "response.output_text.delta") == "Vou ver as horas."


def test_assincrono():
    async def correr():
        cliente = cliente_offline_assincrono(lambda m, f: "assíncrono", _strict_response_validation=True)
        r = await cliente.responses.create(model=MODELO, input="Olá")
        textos = [e.delta async for e in await cliente.responses.create(model=MODELO, input="Olá", stream=True)
                  if e.type == "response.output_text.delta"]
        return r.output_text, "".join(textos)

    assert asyncio.run(correr()) == ("assíncrono", "assíncrono")


# ----------------------------------------------------------------------------- os 400 da API real


def erro_400(cliente, **pedido) -> openai.BadRequestError:
    with pytest.raises(openai.BadRequestError) as info:
        cliente.responses.create(model=MODELO, **pedido)
    return info.value


def test_ferramenta_na_forma_do_chat_completions():
    nunca = Roteiro([])
    forma_antiga = {"type": "function", "function": {"name": "hora", "parameters": {"type": "object"}}}
    erro = erro_400(estrito(nunca), input="Olá", tools=[HORA, forma_antiga])
    assert erro.message.endswith("Missing required parameter: 'tools[1].name'.")
    assert erro.param == "tools[1].name" and erro.code == "missing_required_parameter"
    assert erro.response.headers["x-should-retry"] == "false"


def test_resultado_sem_chamada():
    erro = erro_400(estrito(Roteiro([])), input=[
        {"role": "user", "content": "Olá"},
        {"type": "function_call_output", "call_id": "call_inventado", "output": "12:00"},
    ])
    assert "No tool call found for function call output with call_id call_inventado." in erro.message
    assert erro.param == "input"


def test_chamada_sem_resultado():
    erro = erro_400(estrito(Roteiro([])), input=[
        {"role": "user", "content": "Olá"},
        {"type": "function_call", "call_id": "call_1", "name": "hora", "arguments": "{}"},
    ])
    assert "No tool output found for function call call_1." in erro.message


def test_previous_response_id_desconhecido():
    erro = erro_400(estrito(Roteiro([])), input="Olá", previous_response_id="resp_nao_existe")
    assert "Previous response with id 'resp_nao_existe' not found." in erro.message
    assert erro.param == "previous_response_id" and erro.code == "previous_response_not_found"


def test_store_false_nao_guarda_a_conversa():
    cliente = estrito(lambda m, f: "ok")
    r = cliente.responses.create(model=MODELO, input="Olá", store=False)
    erro = erro_400(cliente, input="E agora?", previous_response_id=r.id)
    assert erro.code == "previous_response_not_found"


def test_nome_de_ferramenta_invalido_e_esquema_invalido():
    cliente = estrito(Roteiro([]))
    erro = erro_400(cliente, input="Olá", tools=[{**HORA, "name": "hora certa"}])
    assert erro.param == "tools[0].name" and "string does not match pattern" in erro.message
    erro = erro_400(cliente, input="Olá", tools=[{**HORA, "parameters": {"type": "string"}}])
    assert erro.param == "tools[0].parameters" and erro.code == "invalid_function_parameters"


def test_cada_evento_do_stream_valida_no_tipo_do_sdk():
    """O SDK constrói os eventos sem validar: aqui cada um passa a validação estrita do seu tipo."""
    from openai._models import validate_type
    from openai.types.responses import ResponseStreamEvent

    for decisor in (lambda m, f: "Olá, mundo!", lambda m, f: [{"nome": "hora", "argumentos": {"cidade": "Faro"}}]):
        bruto = estrito(decisor).responses.with_raw_response.create(
            model=MODELO, input="Olá", tools=[HORA], stream=True).http_response.read().decode()
        blocos = [b for b in bruto.split("\n\n") if b]
        for bloco in blocos:
            linha_evento, linha_dados = bloco.split("\n")
            dados = json.loads(linha_dados.removeprefix("data: "))
            assert linha_evento == "event: " + dados["type"]
            evento = validate_type(type_=ResponseStreamEvent, value=dados)
            assert type(evento).__name__ != "dict", dados["type"]
