"""A tarefa de duas ferramentas «Tenho 250 euros. Quanto é isso em libras?» de ponta a ponta
através de ``servir``, nas duas APIs: SDK openai (síncrono, assíncrono, streaming), LangChain
(``ChatOpenAI`` com ferramentas e ``create_agent``, também com ``use_responses_api=True``) e
OpenAI Agents SDK (no modo por omissão, a API Responses, e com ``OpenAIChatCompletionsModel``)."""

import asyncio
import json

import openai
import pytest

from curso import modelo
from curso.offline import servir, validar_mensagens
from curso.offline.exemplos import (
    ESQUEMAS,
    ESQUEMAS_PLANOS,
    FERRAMENTAS,
    PERGUNTA,
    converter,
    decisor_cambio,
    obter_taxa_cambio,
)

MODELO = modelo()  # o nome vive num só sítio: curso.clientes
RESPOSTA = "250,00 € são 212,50 £ (taxa de 0,85)."
MAX_VOLTAS = 5


@pytest.fixture
def servidor():
    pedidos = []
    with servir(decisor_cambio, pedidos=pedidos) as url:
        yield url, pedidos


def executar(chamada):
    funcao = FERRAMENTAS[chamada.function.name]
    return json.dumps(funcao(**json.loads(chamada.function.arguments)), ensure_ascii=False)


def confirmar_conversa(pedidos):
    """Três pedidos: pergunta → taxa → conversão → resposta; cada histórico é válido."""
    assert len(pedidos) == 3
    if "input" in pedidos[0]:
        confirmar_itens(pedidos)
        return
    for pedido in pedidos:
        validar_mensagens(pedido["messages"])
    nomes = [
        c["function"]["name"]
        for m in pedidos[-1]["messages"] if m["role"] == "assistant" for c in m.get("tool_calls") or []
    ]
    assert nomes == ["obter_taxa_cambio", "converter"]


def confirmar_itens(pedidos):
    """O mesmo na API Responses: as chamadas e os seus resultados, ligados por call_id."""
    assert all(p["tools"] and all("name" in f for f in p["tools"]) for p in pedidos)
    itens = pedidos[-1]["input"]
    if pedidos[-1].get("previous_response_id"):  # só os itens novos; o resto está no servidor
        itens = [i for p in pedidos for i in (p["input"] if isinstance(p["input"], list) else [])]
    chamadas = [i for i in itens if i.get("type") == "function_call"]
    resultados = [i for i in itens if i.get("type") == "function_call_output"]
    assert [c["name"] for c in chamadas] == ["obter_taxa_cambio", "converter"] or not chamadas
    assert {r["call_id"] for r in resultados} <= {c["call_id"] for c in chamadas} or not chamadas
    assert len(resultados) == 2


def test_sdk_openai_sincrono(servidor):
    url, pedidos = servidor
    cliente = openai.OpenAI(base_url=url, api_key="x", max_retries=0, _strict_response_validation=True)
    mensagens = [{"role": "user", "content": PERGUNTA}]
    for _ in range(MAX_VOLTAS):
        mensagem = cliente.chat.completions.create(model=MODELO, messages=mensagens, tools=ESQUEMAS).choices[0].message
        mensagens.append(mensagem)  # o próprio objeto do SDK, como os alunos fazem
        if not mensagem.tool_calls:
            break
        for chamada in mensagem.tool_calls:
            mensagens.append({"role": "tool", "tool_call_id": chamada.id, "content": executar(chamada)})
    assert mensagens[-1].content == RESPOSTA
    confirmar_conversa(pedidos)


def test_sdk_openai_assincrono(servidor):
    url, pedidos = servidor

    async def correr():
        cliente = openai.AsyncOpenAI(base_url=url, api_key="x", max_retries=0, _strict_response_validation=True)
        mensagens = [{"role": "user", "content": PERGUNTA}]
        for _ in range(MAX_VOLTAS):
            r = await cliente.chat.completions.create(model=MODELO, messages=mensagens, tools=ESQUEMAS)
            mensagem = r.choices[0].message
            mensagens.append(mensagem.model_dump())
            if not mensagem.tool_calls:
                break
            for chamada in mensagem.tool_calls:
                mensagens.append({"role": "tool", "tool_call_id": chamada.id, "content": executar(chamada)})
        await cliente.close()
        return mensagens[-1]["content"]

    assert asyncio.run(correr()) == RESPOSTA
    confirmar_conversa(pedidos)


def test_sdk_openai_streaming(servidor):
    url, pedidos = servidor
    cliente = openai.OpenAI(base_url=url, api_key="x", max_retries=0, _strict_response_validation=True)
    mensagens = [{"role": "user", "content": PERGUNTA}]
    for _ in range(MAX_VOLTAS):
        texto, chamadas = "", {}
        fluxo = cliente.chat.completions.create(model=MODELO, messages=mensagens, tools=ESQUEMAS, stream=True)
        for pedaco in fluxo:
            delta = pedaco.choices[0].delta
            texto += delta.content or ""
            for parcial in delta.tool_calls or []:
                atual = chamadas.setdefault(parcial.index, {"id": None, "name": "", "arguments": ""})
                atual["id"] = parcial.id or atual["id"]
                atual["name"] += (parcial.function and parcial.function.name) or ""
                atual["arguments"] += (parcial.function and parcial.function.arguments) or ""
        if not chamadas:
            mensagens.append({"role": "assistant", "content": texto})
            break
        mensagens.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}}
            for c in chamadas.values()
        ]})
        for c in chamadas.values():
            resultado = FERRAMENTAS[c["name"]](**json.loads(c["arguments"]))
            mensagens.append({"role": "tool", "tool_call_id": c["id"], "content": json.dumps(resultado)})
    assert mensagens[-1]["content"] == RESPOSTA
    confirmar_conversa(pedidos)


def test_langchain_chatopenai_com_ferramentas(servidor):
    from langchain_openai import ChatOpenAI

    url, _ = servidor
    llm = ChatOpenAI(model=MODELO, base_url=url, api_key="x", max_retries=0)
    resposta = llm.bind_tools([obter_taxa_cambio, converter]).invoke(PERGUNTA)
    assert resposta.tool_calls[0]["name"] == "obter_taxa_cambio"
    assert resposta.tool_calls[0]["args"] == {"origem": "EUR", "destino": "GBP"}
    assert resposta.usage_metadata["input_tokens"] > 0


API = pytest.mark.parametrize("responses", [False, True], ids=["chat", "responses"])


@API
@pytest.mark.parametrize("em_fluxo", [False, True], ids=["invoke", "streaming"])
def test_langchain_create_agent(servidor, em_fluxo, responses):
    from langchain.agents import create_agent
    from langchain_openai import ChatOpenAI

    url, pedidos = servidor
    llm = ChatOpenAI(model=MODELO, base_url=url, api_key="x", max_retries=0, streaming=em_fluxo,
                     use_responses_api=responses)
    agente = create_agent(llm, tools=[obter_taxa_cambio, converter], system_prompt="És um assistente de câmbio.")
    resultado = agente.invoke({"messages": [{"role": "user", "content": PERGUNTA}]}, {"recursion_limit": 10})
    assert resultado["messages"][-1].text == RESPOSTA
    confirmar_conversa(pedidos)
    assert all(("input" in p) is responses for p in pedidos)
    assert all(p.get("stream", False) is em_fluxo for p in pedidos)


@API
@pytest.mark.parametrize("em_fluxo", [False, True], ids=["run", "streaming"])
def test_openai_agents_sdk(servidor, em_fluxo, responses):
    """Por omissão (API Responses) como no README: cliente por omissão e model em texto; ou
    forçado ao Chat Completions com ``OpenAIChatCompletionsModel``."""
    from agents import Agent, OpenAIChatCompletionsModel, Runner, function_tool, set_default_openai_client
    from agents import set_tracing_disabled
    from agents.models import _openai_shared

    set_tracing_disabled(True)  # o rastreio enviaria dados para a OpenAI
    url, pedidos = servidor
    anterior = _openai_shared.get_default_openai_client()

    async def correr():
        cliente = openai.AsyncOpenAI(base_url=url, api_key="x", max_retries=0)
        set_default_openai_client(cliente)
        modelo = MODELO if responses else OpenAIChatCompletionsModel(model=MODELO, openai_client=cliente)
        agente = Agent(name="Câmbio", instructions="És um assistente de câmbio.", model=modelo,
                       tools=[function_tool(obter_taxa_cambio), function_tool(converter)])
        if em_fluxo:
            resultado = Runner.run_streamed(agente, PERGUNTA, max_turns=MAX_VOLTAS)
            async for _ in resultado.stream_events():
                pass
        else:
            resultado = await Runner.run(agente, PERGUNTA, max_turns=MAX_VOLTAS)
        await cliente.close()
        return resultado.final_output

    try:
        assert asyncio.run(correr()) == RESPOSTA
    finally:
        _openai_shared._default_openai_client = anterior  # o cliente por omissão é global
    confirmar_conversa(pedidos)
    assert all(("input" in p) is responses for p in pedidos)


# ----------------------------------------------------------------------------- API Responses


def resultados(chamadas):
    """Corre cada item function_call e devolve os itens function_call_output."""
    return [{"type": "function_call_output", "call_id": c.call_id,
             "output": json.dumps(FERRAMENTAS[c.name](**json.loads(c.arguments)))} for c in chamadas]


def test_sdk_responses_sincrono_com_itens(servidor):
    url, pedidos = servidor
    cliente = openai.OpenAI(base_url=url, api_key="x", max_retries=0, _strict_response_validation=True)
    itens = [{"role": "user", "content": PERGUNTA}]
    for _ in range(MAX_VOLTAS):
        r = cliente.responses.create(model=MODELO, input=itens, tools=ESQUEMAS_PLANOS)
        itens += r.output  # os próprios itens do SDK, de volta
        chamadas = [i for i in r.output if i.type == "function_call"]
        if not chamadas:
            break
        itens += resultados(chamadas)
    assert r.output_text == RESPOSTA
    confirmar_conversa(pedidos)


def test_sdk_responses_assincrono_com_previous_response_id(servidor):
    url, pedidos = servidor

    async def correr():
        cliente = openai.AsyncOpenAI(base_url=url, api_key="x", max_retries=0, _strict_response_validation=True)
        r = await cliente.responses.create(model=MODELO, input=PERGUNTA, tools=ESQUEMAS_PLANOS)
        for _ in range(MAX_VOLTAS):
            chamadas = [i for i in r.output if i.type == "function_call"]
            if not chamadas:
                break
            r = await cliente.responses.create(model=MODELO, previous_response_id=r.id, input=resultados(chamadas),
                                               tools=ESQUEMAS_PLANOS)
        await cliente.close()
        return r.output_text

    assert asyncio.run(correr()) == RESPOSTA
    assert [bool(p.get("previous_response_id")) for p in pedidos] == [False, True, True]


def test_sdk_responses_streaming(servidor):
    url, pedidos = servidor
    cliente = openai.OpenAI(base_url=url, api_key="x", max_retries=0, _strict_response_validation=True)
    itens = [{"role": "user", "content": PERGUNTA}]
    for _ in range(MAX_VOLTAS):
        with cliente.responses.stream(model=MODELO, input=itens, tools=ESQUEMAS_PLANOS) as fluxo:
            texto = "".join(e.delta for e in fluxo if e.type == "response.output_text.delta")
            final = fluxo.get_final_response()
        itens += final.output
        chamadas = [i for i in final.output if i.type == "function_call"]
        if not chamadas:
            break
        itens += resultados(chamadas)
    assert texto == final.output_text == RESPOSTA
    confirmar_conversa(pedidos)
