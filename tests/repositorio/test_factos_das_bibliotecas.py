"""Os factos das bibliotecas de agentes que as lições e os docs afirmam, conferidos contra as
versões que o ``requirements.lock`` instala (openai-agents, langgraph, langchain, mcp, openai).

Três tipos de prova:

1. cada nome, parâmetro ou valor por omissão que o texto afirma está em ``FACTOS``, com a frase do
   texto onde aparece e uma conferência contra a biblioteca instalada (``inspect.signature``,
   constantes, o próprio comportamento);
2. cada chamada de uma biblioteca escrita num caderno ou num doc (``function_tool(..., timeout=S)``,
   ``Runner.run(..., max_turns=N)``…) só usa parâmetros que a função instalada aceita — foi assim
   que ``timeout_seconds=`` chegou a ser ensinado;
3. o valor por omissão do ``recursion_limit`` não está escrito à mão: as lições leem-no.

Atualizar o *lock* para uma versão que muda um destes factos faz este teste falhar, e a mensagem
diz que frase da lição conferir.
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

from ._cadernos import RAIZ, ler, licoes

DOCS = [RAIZ / "README.md", *sorted((RAIZ / "docs").glob("*.md"))]


def _textos() -> dict[str, str]:
    textos = {str(p.relative_to(RAIZ)): p.read_text(encoding="utf-8") for p in DOCS}
    for caminho in licoes():
        celulas = ler(caminho)["cells"]
        textos[str(caminho.relative_to(RAIZ))] = "\n".join("".join(c["source"]) for c in celulas)
    return textos


TEXTOS = _textos()
TUDO = "\n".join(TEXTOS.values())


def _parametros(objeto) -> dict[str, inspect.Parameter]:
    return dict(inspect.signature(objeto).parameters)


def _importar(caminho: str):
    """``"pacote.modulo:Classe.metodo"`` → o objeto."""
    modulo, _, atributos = caminho.partition(":")
    objeto = importlib.import_module(modulo)
    for nome in atributos.split("."):
        objeto = getattr(objeto, nome)
    return objeto


# --------------------------------------------------------------------------------------------
# 1. os factos, um a um: (frase que o texto contém, conferência)


def _function_tool_timeout():
    from agents import function_tool

    parametros = _parametros(function_tool)
    assert "timeout" in parametros and "timeout_seconds" not in parametros, list(parametros)

    def sincrona(x: int) -> int:
        return x

    async def assincrona(x: int) -> int:
        return x

    with pytest.raises(ValueError, match="async"):
        function_tool(sincrona, timeout=1)
    assert function_tool(assincrona, timeout=2).timeout_seconds == 2


def _needs_approval():
    from agents import function_tool

    assert _parametros(function_tool)["needs_approval"].default is False


def _max_turns_por_omissao():
    from agents import Runner
    from agents.run import DEFAULT_MAX_TURNS

    for metodo in (Runner.run, Runner.run_sync, Runner.run_streamed):
        assert _parametros(metodo)["max_turns"].default == DEFAULT_MAX_TURNS, metodo


def _max_turns_conta_chamadas_ao_modelo():
    from agents import MaxTurnsExceeded  # noqa: F401  (o nome que a lição apanha)


def _reset_tool_choice():
    from agents import Agent

    assert _parametros(Agent)["reset_tool_choice"].default is True


def _guardrails():
    from agents import input_guardrail, output_guardrail, tool_input_guardrail  # noqa: F401


def _tracing():
    import agents.tracing.provider as provider
    from agents import set_tracing_disabled  # noqa: F401

    assert "OPENAI_AGENTS_DISABLE_TRACING" in Path(provider.__file__).read_text(encoding="utf-8")


def _mcp_aprovacao():
    from agents.mcp import MCPServerStdio

    assert {"require_approval", "tool_filter"} <= set(_parametros(MCPServerStdio))


def _recursion_limit_por_omissao():
    from langgraph._internal import _config

    assert isinstance(_config.DEFAULT_RECURSION_LIMIT, int)
    assert "LANGGRAPH_DEFAULT_RECURSION_LIMIT" in Path(_config.__file__).read_text(encoding="utf-8")


def _grafo_que_nunca_para(chamadas: list):
    """Um grafo modelo ⇄ ferramentas sem saída; cada vez que o nó «modelo» corre, ``chamadas`` cresce."""
    from typing import TypedDict

    from langgraph.graph import START, StateGraph

    class Estado(TypedDict):
        n: int

    def modelo(estado: Estado) -> dict:
        chamadas.append(estado["n"])
        return {"n": estado["n"] + 1}

    grafo = StateGraph(Estado)
    grafo.add_node("modelo", modelo)
    grafo.add_node("ferramentas", lambda estado: {"n": estado["n"]})
    grafo.add_edge(START, "modelo")
    grafo.add_edge("modelo", "ferramentas")
    grafo.add_edge("ferramentas", "modelo")
    return grafo.compile()


def _recursion_limit_conta_nos():
    """Com ``recursion_limit = 2 * max_steps - 1``, o nó do modelo corre exatamente max_steps vezes."""
    from langgraph.errors import GraphRecursionError

    for max_steps in (1, 2, 4, 6):
        chamadas: list = []
        with pytest.raises(GraphRecursionError):
            _grafo_que_nunca_para(chamadas).invoke({"n": 0}, {"recursion_limit": 2 * max_steps - 1})
        assert len(chamadas) == max_steps, (max_steps, len(chamadas))


def _langgraph_aprovacao_e_passos():
    from langgraph.checkpoint.memory import InMemorySaver  # noqa: F401
    from langgraph.pregel import Pregel
    from langgraph.types import Command, interrupt  # noqa: F401

    assert "resume" in _parametros(Command)
    assert "step_timeout" in _parametros(Pregel)
    assert "stream_mode" in _parametros(Pregel.stream)


def _middleware():
    import langchain.agents.middleware as mw
    from langchain.agents import create_agent

    assert "middleware" in _parametros(create_agent)
    for nome in ("ModelCallLimitMiddleware", "ToolCallLimitMiddleware"):
        assert "run_limit" in _parametros(getattr(mw, nome)), nome
    assert "interrupt_on" in _parametros(mw.HumanInTheLoopMiddleware)
    for nome in ("AgentMiddleware", "ToolRetryMiddleware", "ModelRetryMiddleware",
                 "SummarizationMiddleware", "PIIMiddleware"):
        assert hasattr(mw, nome), nome


def _mcp_input_schema():
    from mcp.types import Tool

    assert "input_schema" in Tool.model_fields


def _openai_novas_tentativas():
    """Duas por omissão, e só em 408, 409, 429 e 5xx (o ramo ``_should_retry`` do cliente)."""
    import httpx
    import openai

    assert openai.DEFAULT_MAX_RETRIES == 2
    cliente = openai.OpenAI(api_key="x", base_url="http://127.0.0.1:9/v1")
    assert cliente.max_retries == 2
    pedido = httpx.Request("POST", "http://127.0.0.1:9/v1/chat/completions")
    repete = {codigo: cliente._should_retry(httpx.Response(codigo, request=pedido))
              for codigo in (400, 401, 404, 408, 409, 422, 429, 500, 503)}
    assert [c for c, sim in repete.items() if sim] == [408, 409, 429, 500, 503], repete


def _agents_sdk_usa_a_responses():
    from agents.models import _openai_shared

    assert _openai_shared.get_use_responses_by_default() is True


def _agents_novas_tentativas_e_compactacao():
    from agents import ModelRetrySettings, ModelSettings, OpenAIResponsesCompactionSession

    assert "retry" in ModelSettings.__dataclass_fields__
    assert {"max_retries", "backoff", "policy"} <= set(_parametros(ModelRetrySettings))
    assert {"session_id", "underlying_session"} <= set(_parametros(OpenAIResponsesCompactionSession))


def _mcp_revisao_da_especificacao():
    import mcp_types

    assert mcp_types.LATEST_PROTOCOL_VERSION == "2026-07-28"


def _openai_gancho_prepare_options():
    """O gancho onde o cliente do curso acrescenta reasoning_effort: existe, diz para que serve e
    corre antes de o corpo ser montado (o que sai pela rede já traz o que ele mudou)."""
    import httpx2
    import openai

    from openai._base_client import AsyncAPIClient, SyncAPIClient

    for base, classe in ((SyncAPIClient, openai.OpenAI), (AsyncAPIClient, openai.AsyncOpenAI)):
        assert "Hook for mutating the given options" in (base._prepare_options.__doc__ or ""), base
        assert issubclass(classe, base)
    enviados = []

    def guardar(pedido):
        enviados.append(pedido.content)
        return httpx2.Response(500, json={"error": {"message": "x"}})

    class Marcado(openai.OpenAI):
        def _prepare_options(self, opcoes):
            opcoes = super()._prepare_options(opcoes)
            opcoes.json_data = {**opcoes.json_data, "marca": 1}
            return opcoes

    cliente = Marcado(api_key="x", base_url="http://offline.teste/v1", max_retries=0,
                      http_client=httpx2.Client(transport=httpx2.MockTransport(guardar)))
    with pytest.raises(openai.InternalServerError):
        cliente.chat.completions.create(model="m", messages=[{"role": "user", "content": "olá"}])
    assert b'"marca":1' in enviados[0].replace(b" ", b"")


def _openai_raciocinio_e_cache_no_usage():
    from typing import get_args

    from openai.types import CompletionUsage
    from openai.types.chat import completion_create_params
    from openai.types.responses import ResponseUsage
    from openai.types.shared import ChatModel, ReasoningEffort

    from curso.clientes import MODELO_PADRAO

    esforcos = {valor for membro in get_args(ReasoningEffort) for valor in get_args(membro)}
    assert "none" in esforcos and MODELO_PADRAO in get_args(ChatModel)
    uso = CompletionUsage.model_fields
    assert "reasoning_tokens" in uso["completion_tokens_details"].annotation.__args__[0].model_fields
    assert "cache_write_tokens" in uso["prompt_tokens_details"].annotation.__args__[0].model_fields
    assert "cache_write_tokens" in ResponseUsage.model_fields["input_tokens_details"].annotation.model_fields
    assert {"mode", "ttl"} <= set(completion_create_params.PromptCacheOptions.__annotations__)
    assert "prompt_cache_retention" in completion_create_params.CompletionCreateParamsBase.__annotations__


def _openai_datas_de_saida():
    """As docstrings do SDK instalado dão a data de saída do modelo anterior e nenhuma ao atual."""
    import openai.resources.responses.responses as modulo

    from curso.clientes import MODELO_PADRAO

    texto = Path(modulo.__file__).read_text(encoding="utf-8")
    assert '"gpt-4o-mini-2024-07-18": Announced shutdown date: 2027-01-14' in texto
    assert f'"{MODELO_PADRAO}": Announced shutdown date' not in texto


def _tiktoken_nao_conhece_o_modelo():
    from tiktoken.model import encoding_name_for_model

    from curso.clientes import MODELO_PADRAO

    with pytest.raises(KeyError):
        encoding_name_for_model(MODELO_PADRAO)
    assert encoding_name_for_model("gpt-4o-mini") == "o200k_base"


FACTOS = {
    "`ModelSettings(retry=ModelRetrySettings(...))`": _agents_novas_tentativas_e_compactacao,
    "revisão 2026-07-28": _mcp_revisao_da_especificacao,
    "gancho que o SDK tem para isso (`_prepare_options`": _openai_gancho_prepare_options,
    "`completion_tokens_details.reasoning_tokens`": _openai_raciocinio_e_cache_no_usage,
    "sem data de saída no SDK instalado": _openai_datas_de_saida,
    "o `tiktoken` instalado não o conhece": _tiktoken_nao_conhece_o_modelo,
    "duas vezes por omissão e com *backoff*, os erros de ligação e as respostas 408, 409, 429 e 5xx":
        _openai_novas_tentativas,
    "a que o OpenAI Agents SDK usa por omissão": _agents_sdk_usa_a_responses,
    "function_tool(..., timeout=S)": _function_tool_timeout,
    "`function_tool(..., needs_approval=True)`": _needs_approval,
    "max_turns por omissão": _max_turns_por_omissao,
    "`max_turns` (conta chamadas ao modelo; lança `MaxTurnsExceeded`)": _max_turns_conta_chamadas_ao_modelo,
    "repõe o `tool_choice`": _reset_tool_choice,
    "`@tool_input_guardrail`": _guardrails,
    "`OPENAI_AGENTS_DISABLE_TRACING=1`": _tracing,
    "`MCPServerStdio(..., require_approval=...)`": _mcp_aprovacao,
    "DEFAULT_RECURSION_LIMIT": _recursion_limit_por_omissao,
    "`2 * max_steps - 1`": _recursion_limit_conta_nos,
    "`Command(resume=...)`": _langgraph_aprovacao_e_passos,
    "`HumanInTheLoopMiddleware(interrupt_on=...)`": _middleware,
    "(`input_schema` passa a `parameters`)": _mcp_input_schema,
}


@pytest.mark.parametrize("frase", FACTOS)
def test_o_facto_continua_escrito_numa_licao_ou_doc(frase):
    """Um facto que saiu do texto sai também daqui (e um novo entra): a lista não envelhece."""
    assert frase in TUDO, f"nenhuma lição nem doc diz {frase!r}: tira-o de FACTOS ou volta a escrevê-lo"


@pytest.mark.parametrize("frase", FACTOS)
def test_o_facto_vale_na_versao_instalada(frase):
    FACTOS[frase]()


# --------------------------------------------------------------------------------------------
# 2. cada chamada escrita no texto usa parâmetros que existem

CHAMAVEIS = {
    "function_tool": "agents:function_tool",
    "Runner.run": "agents:Runner.run",
    "Runner.run_sync": "agents:Runner.run_sync",
    "Runner.run_streamed": "agents:Runner.run_streamed",
    "Agent": "agents:Agent",
    "MCPServerStdio": "agents.mcp:MCPServerStdio",
    "create_agent": "langchain.agents:create_agent",
    "ChatOpenAI": "langchain_openai:ChatOpenAI",
    "ModelCallLimitMiddleware": "langchain.agents.middleware:ModelCallLimitMiddleware",
    "ToolCallLimitMiddleware": "langchain.agents.middleware:ToolCallLimitMiddleware",
    "HumanInTheLoopMiddleware": "langchain.agents.middleware:HumanInTheLoopMiddleware",
    "Command": "langgraph.types:Command",
}
CHAMADA = re.compile(r"(?<![\w.])(" + "|".join(re.escape(n) for n in sorted(CHAMAVEIS, key=len, reverse=True))
                     + r")\(([^()]*(?:\([^()]*\)[^()]*)*)\)")
ARGUMENTO = re.compile(r"(?<![\w.=])([a-z_][a-z0-9_]*)\s*=(?!=)")


# a armadilha mostrada de propósito (a célula apanha o TypeError), marcada na própria linha
DE_PROPOSITO = "# nome errado"


def chamadas_no_texto(texto: str) -> list[tuple[str, str]]:
    """(função, argumento nomeado) de cada chamada de ``CHAMAVEIS`` escrita em ``texto``."""
    texto = "\n".join(linha for linha in texto.splitlines() if DE_PROPOSITO not in linha)
    return [(m[1], arg) for m in CHAMADA.finditer(texto) for arg in ARGUMENTO.findall(m[2])]


def test_a_regra_apanha_o_parametro_que_nao_existe():
    texto = "por ferramenta: `function_tool(..., timeout_seconds=S)`; `Runner.run(agente, pedido, max_turns=N)`"
    assert chamadas_no_texto(texto) == [("function_tool", "timeout_seconds"), ("Runner.run", "max_turns")]
    assert chamadas_no_texto("function_tool(f, timeout_seconds=2),   # nome errado") == []


def test_cada_chamada_escrita_usa_parametros_que_existem():
    erradas = []
    for onde, texto in TEXTOS.items():
        for funcao, argumento in chamadas_no_texto(texto):
            parametros = _parametros(_importar(CHAMAVEIS[funcao]))
            aceita_tudo = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parametros.values())
            if argumento not in parametros and not aceita_tudo:
                erradas.append(f"{onde}: {funcao}(..., {argumento}=…) — a versão instalada aceita {list(parametros)}")
    assert not erradas, "chamadas com parâmetros que a biblioteca instalada não tem:\n" + "\n".join(erradas)


# --------------------------------------------------------------------------------------------
# 3. o recursion_limit por omissão não se escreve à mão


def test_o_recursion_limit_por_omissao_nao_esta_escrito_a_mao():
    from langgraph._internal._config import DEFAULT_RECURSION_LIMIT

    valor = int(DEFAULT_RECURSION_LIMIT)
    formas = {str(valor), f"{valor:,}".replace(",", " "), f"{valor:,}".replace(",", "\u202f")}
    perto = re.compile(r"recursion_limit.{0,200}", re.S)
    achados = [f"{onde}: {forma}" for onde, texto in TEXTOS.items()
               for trecho in perto.findall(texto) for forma in formas if forma in trecho]
    assert not achados, ("o recursion_limit por omissão escrito à mão (lê-o de DEFAULT_RECURSION_LIMIT): "
                         + ", ".join(achados))
