"""A tarefa de duas ferramentas «Tenho 250 dólares. Quanto é isso em reais?» de ponta a ponta
através de ``servir``: SDK openai (síncrono, assíncrono, streaming), LangChain (``ChatOpenAI``
com ferramentas e ``create_agent``) e OpenAI Agents SDK (``OpenAIChatCompletionsModel``)."""

import asyncio
import json

import openai
import pytest

from curso.offline import servir, validar_mensagens
from curso.offline.exemplos import ESQUEMAS, FERRAMENTAS, PERGUNTA, converter, decisor_cambio, obter_taxa_cambio

MODELO = "gpt-4o-mini"
RESPOSTA = "250,00 dólares são 1 375,00 reais (taxa de 5.5)."
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
    for pedido in pedidos:
        validar_mensagens(pedido["messages"])
    nomes = [
        c["function"]["name"]
        for m in pedidos[-1]["messages"] if m["role"] == "assistant" for c in m.get("tool_calls") or []
    ]
    assert nomes == ["obter_taxa_cambio", "converter"]


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
    assert resposta.tool_calls[0]["args"] == {"origem": "USD", "destino": "BRL"}
    assert resposta.usage_metadata["input_tokens"] > 0


@pytest.mark.parametrize("em_fluxo", [False, True], ids=["invoke", "streaming"])
def test_langchain_create_agent(servidor, em_fluxo):
    from langchain.agents import create_agent
    from langchain_openai import ChatOpenAI

    url, pedidos = servidor
    llm = ChatOpenAI(model=MODELO, base_url=url, api_key="x", max_retries=0, streaming=em_fluxo)
    agente = create_agent(llm, tools=[obter_taxa_cambio, converter], system_prompt="És um assistente de câmbio.")
    resultado = agente.invoke({"messages": [{"role": "user", "content": PERGUNTA}]}, {"recursion_limit": 10})
    assert resultado["messages"][-1].content == RESPOSTA
    confirmar_conversa(pedidos)
    assert all(p.get("stream", False) is em_fluxo for p in pedidos)


@pytest.mark.parametrize("em_fluxo", [False, True], ids=["run", "streaming"])
def test_openai_agents_sdk(servidor, em_fluxo):
    from agents import Agent, OpenAIChatCompletionsModel, Runner, function_tool, set_tracing_disabled

    set_tracing_disabled(True)  # o rastreio enviaria dados para a OpenAI
    url, pedidos = servidor

    async def correr():
        cliente = openai.AsyncOpenAI(base_url=url, api_key="x", max_retries=0)
        agente = Agent(
            name="Câmbio",
            instructions="És um assistente de câmbio.",
            model=OpenAIChatCompletionsModel(model=MODELO, openai_client=cliente),
            tools=[function_tool(obter_taxa_cambio), function_tool(converter)],
        )
        if em_fluxo:
            resultado = Runner.run_streamed(agente, PERGUNTA, max_turns=MAX_VOLTAS)
            async for _ in resultado.stream_events():
                pass
        else:
            resultado = await Runner.run(agente, PERGUNTA, max_turns=MAX_VOLTAS)
        await cliente.close()
        return resultado.final_output

    assert asyncio.run(correr()) == RESPOSTA
    confirmar_conversa(pedidos)
