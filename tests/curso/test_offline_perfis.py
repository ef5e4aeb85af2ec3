"""Os perfis dos modelos (``curso.offline.perfis``) pelo SDK verdadeiro, com
``_strict_response_validation=True``: o que o modelo do curso recusa, como raciocina e o que conta,
nas duas APIs, dentro do processo e por HTTP, síncrono, assíncrono e em *streaming*.

Cada regra aqui tem a fonte ao lado, em ``src/curso/offline/perfis.py``.
"""

import asyncio
import contextlib
import json
import subprocess
import sys

import openai
import pytest

from curso.clientes import MODELO_PADRAO
from curso.offline import cliente_offline, cliente_offline_assincrono, servir
from curso.offline.perfis import PERFIS, TOKENS_DE_RACIOCINIO, Perfil, perfil_de
from curso.offline.tokens import n

ANTIGO = "gpt-4o-mini"  # um modelo sem raciocínio, com perfil
DESCONHECIDO = "modelo-sem-perfil"
PERGUNTA = [{"role": "user", "content": "Há caneta?"}]
VER_STOCK = {"type": "function", "function": {
    "name": "ver_stock", "description": "Stock de um produto.",
    "parameters": {"type": "object", "properties": {"produto": {"type": "string"}}, "required": ["produto"]}}}
VER_STOCK_PLANA = {"type": "function", **VER_STOCK["function"]}
MENSAGEM_400 = (f"Function tools with reasoning_effort are not supported for {MODELO_PADRAO} in "
                "/v1/chat/completions. To use function tools, use /v1/responses or set reasoning_effort to 'none'.")


def pede_stock(mensagens, ferramentas):
    if ferramentas and mensagens[-1]["role"] == "user":
        return [{"nome": "ver_stock", "argumentos": {"produto": "caneta"}}]
    return "Há 40 canetas."


@contextlib.contextmanager
def cliente(modo, decisor=pede_stock, perfis=PERFIS):
    """Um cliente do SDK verdadeiro e estrito: dentro do processo ou por HTTP, síncrono ou assíncrono."""
    if modo == "http":
        with servir(decisor, perfis=perfis) as url:
            yield openai.OpenAI(base_url=url, api_key="x", max_retries=0, _strict_response_validation=True)
    elif modo == "assincrono":
        yield cliente_offline_assincrono(decisor, perfis=perfis, _strict_response_validation=True)
    else:
        yield cliente_offline(decisor, perfis=perfis, _strict_response_validation=True)


def pedir(c, metodo, **corpo):
    """Chama ``c.chat.completions.create`` ou ``c.responses.create``; aguarda se for assíncrono."""
    recurso = c.chat.completions if metodo == "chat" else c.responses
    resultado = recurso.create(**corpo)
    return asyncio.run(resultado) if asyncio.iscoroutine(resultado) else resultado


MODOS = ["processo", "assincrono", "http"]


# --------------------------------------------------------------------------------------------
# Chat Completions + ferramentas + raciocínio ligado: o 400 da API


@pytest.mark.parametrize("modo", MODOS)
@pytest.mark.parametrize("esforco", [None, "low", "medium"])
def test_ferramentas_no_chat_com_raciocinio_ligado_dao_o_400_da_api(modo, esforco):
    extra = {} if esforco is None else {"reasoning_effort": esforco}
    with cliente(modo) as c, pytest.raises(openai.BadRequestError) as erro:
        pedir(c, "chat", model=MODELO_PADRAO, messages=PERGUNTA, tools=[VER_STOCK], **extra)
    e = erro.value
    assert e.status_code == 400 and e.param == "reasoning_effort" and e.code is None
    assert e.body == {"message": MENSAGEM_400, "type": "invalid_request_error", "param": "reasoning_effort",
                      "code": None}


@pytest.mark.parametrize("modo", MODOS)
def test_com_reasoning_effort_none_as_ferramentas_funcionam(modo):
    with cliente(modo) as c:
        r = pedir(c, "chat", model=MODELO_PADRAO, messages=PERGUNTA, tools=[VER_STOCK], reasoning_effort="none")
    assert r.choices[0].message.tool_calls[0].function.name == "ver_stock"
    assert r.usage.completion_tokens_details.reasoning_tokens == 0


def test_em_streaming_o_400_chega_antes_do_primeiro_pedaco():
    with cliente("processo") as c, pytest.raises(openai.BadRequestError, match="reasoning_effort"):
        c.chat.completions.create(model=MODELO_PADRAO, messages=PERGUNTA, tools=[VER_STOCK], stream=True)


def test_uma_versao_datada_tem_o_perfil_do_modelo():
    with cliente("processo") as c, pytest.raises(openai.BadRequestError, match="reasoning_effort"):
        c.chat.completions.create(model=f"{MODELO_PADRAO}-2026-09-22", messages=PERGUNTA, tools=[VER_STOCK])
    assert perfil_de(f"{MODELO_PADRAO}-2026-09-22") is perfil_de(MODELO_PADRAO)


@pytest.mark.parametrize("nome, perfis", [(DESCONHECIDO, PERFIS), (MODELO_PADRAO, None), (ANTIGO, PERFIS)])
def test_sem_perfil_ou_sem_raciocinio_tudo_e_aceite_como_hoje(nome, perfis):
    with cliente("processo", perfis=perfis) as c:
        r = c.chat.completions.create(model=nome, messages=PERGUNTA, tools=[VER_STOCK], reasoning_effort="low")
    assert r.choices[0].finish_reason == "tool_calls"
    assert r.usage.completion_tokens_details.reasoning_tokens == 0


# --------------------------------------------------------------------------------------------
# reasoning_tokens no usage


@pytest.mark.parametrize("modo", MODOS)
def test_um_modelo_que_raciocina_conta_reasoning_tokens_dentro_da_saida(modo):
    with cliente(modo, decisor=lambda m, f: "Olá!") as c:
        r = pedir(c, "chat", model=MODELO_PADRAO, messages=PERGUNTA)
        baixo = pedir(c, "chat", model=MODELO_PADRAO, messages=PERGUNTA, reasoning_effort="low")
    medio = TOKENS_DE_RACIOCINIO[PERFIS[MODELO_PADRAO].esforco_padrao]
    assert medio > 0 and r.usage.completion_tokens_details.reasoning_tokens == medio
    assert r.usage.completion_tokens == n("Olá!") + medio
    assert r.usage.total_tokens == r.usage.prompt_tokens + r.usage.completion_tokens
    assert baixo.usage.completion_tokens_details.reasoning_tokens == TOKENS_DE_RACIOCINIO["low"]


def test_em_streaming_o_usage_final_traz_o_raciocinio():
    with cliente("processo", decisor=lambda m, f: "Olá de novo!") as c:
        pedacos = list(c.chat.completions.create(model=MODELO_PADRAO, messages=PERGUNTA, stream=True,
                                                 stream_options={"include_usage": True}))
    uso = pedacos[-1].usage
    assert uso.completion_tokens_details.reasoning_tokens == TOKENS_DE_RACIOCINIO["medium"]
    assert "".join(p.choices[0].delta.content or "" for p in pedacos if p.choices) == "Olá de novo!"


# --------------------------------------------------------------------------------------------
# API Responses: raciocínio e ferramentas juntos, com o item de raciocínio


@pytest.mark.parametrize("modo", MODOS)
def test_na_responses_o_modelo_raciocina_e_chama_ferramentas(modo):
    with cliente(modo) as c:
        r = pedir(c, "responses", model=MODELO_PADRAO, input="Há caneta?", tools=[VER_STOCK_PLANA])
        tipos = [item.type for item in r.output]
        assert tipos == ["reasoning", "function_call"], tipos
        assert r.reasoning.effort == "medium" and r.output[0].id.startswith("rs_")
        assert r.usage.output_tokens_details.reasoning_tokens == TOKENS_DE_RACIOCINIO["medium"]
        chamada = r.output[1]
        # o item de raciocínio pode voltar na entrada seguinte, como a API pede
        final = pedir(c, "responses", model=MODELO_PADRAO, tools=[VER_STOCK_PLANA], input=[
            {"role": "user", "content": "Há caneta?"}, r.output[0].model_dump(exclude_none=True),
            chamada.model_dump(exclude_none=True),
            {"type": "function_call_output", "call_id": chamada.call_id, "output": "40"}])
    assert final.output_text == "Há 40 canetas." and final.output[0].type == "reasoning"


def test_na_responses_sem_raciocinio_nao_ha_item_de_raciocinio():
    with cliente("processo") as c:
        r = c.responses.create(model=MODELO_PADRAO, input="Há caneta?", tools=[VER_STOCK_PLANA],
                               reasoning={"effort": "none"})
        antigo = c.responses.create(model=ANTIGO, input="Há caneta?", tools=[VER_STOCK_PLANA])
    assert [i.type for i in r.output] == ["function_call"] and r.reasoning.effort == "none"
    assert r.usage.output_tokens_details.reasoning_tokens == 0
    assert [i.type for i in antigo.output] == ["function_call"] and antigo.reasoning.effort is None


def test_streaming_da_responses_com_raciocinio():
    with cliente("processo", decisor=lambda m, f: "Olá!") as c:
        eventos = list(c.responses.create(model=MODELO_PADRAO, input="Olá", stream=True))
    tipos = [e.type for e in eventos]
    assert tipos[:4] == ["response.created", "response.in_progress", "response.output_item.added",
                         "response.output_item.done"]
    assert eventos[2].item.type == "reasoning" and eventos[3].item.status == "completed"
    final = eventos[-1].response
    assert [i.type for i in final.output] == ["reasoning", "message"] and final.output_text == "Olá!"


# --------------------------------------------------------------------------------------------
# A janela de contexto


PEQUENO = {"pequeno": Perfil(janela=60, saida_maxima=20)}  # cabem 40 tokens de entrada


@pytest.mark.parametrize("metodo, param", [("chat", "messages"), ("responses", "input")])
def test_um_pedido_maior_do_que_a_janela_da_o_400_context_length_exceeded(metodo, param):
    with cliente("processo", decisor=lambda m, f: "ok", perfis=PEQUENO) as c:
        cabe = "palavra " * 20
        if metodo == "chat":
            pedir(c, "chat", model="pequeno", messages=[{"role": "user", "content": cabe}])
            corpo = {"messages": [{"role": "user", "content": cabe * 3}]}
        else:
            pedir(c, "responses", model="pequeno", input=cabe)
            corpo = {"input": cabe * 3}
        with pytest.raises(openai.BadRequestError) as erro:
            pedir(c, metodo, model="pequeno", **corpo)
    assert erro.value.code == "context_length_exceeded" and erro.value.param == param
    assert erro.value.body["message"].startswith("Your input exceeds the context window of this model.")


def test_a_janela_do_modelo_do_curso():
    perfil = PERFIS[MODELO_PADRAO]
    assert (perfil.janela, perfil.saida_maxima, perfil.entrada_maxima) == (1_050_000, 128_000, 922_000)


# --------------------------------------------------------------------------------------------
# A escrita na cache: cache_write_tokens e o preço de cada família


@pytest.mark.parametrize("metodo", ["chat", "responses"])
def test_o_primeiro_pedido_longo_escreve_na_cache_e_o_segundo_le(metodo):
    longo = "Regra: responde em português europeu. " * 200
    with cliente("processo", decisor=lambda m, f: "ok") as c:
        usos = []
        for pergunta in ("primeira", "segunda"):
            if metodo == "chat":
                r = c.chat.completions.create(model=MODELO_PADRAO, messages=[
                    {"role": "system", "content": longo}, {"role": "user", "content": pergunta}])
                detalhes = r.usage.prompt_tokens_details
            else:
                r = c.responses.create(model=MODELO_PADRAO, instructions=longo, input=pergunta)
                detalhes = r.usage.input_tokens_details
            usos.append((detalhes.cache_write_tokens, detalhes.cached_tokens))
    (escritos_1, lidos_1), (escritos_2, lidos_2) = usos
    assert escritos_1 >= 1024 and lidos_1 == 0
    assert lidos_2 >= 1024 and escritos_2 < escritos_1


def test_so_as_familias_novas_cobram_a_escrita_na_cache():
    assert PERFIS[MODELO_PADRAO].fator_escrita_cache == 1.25
    assert PERFIS["gpt-5.6-luna"].fator_escrita_cache == 1.25
    assert PERFIS[ANTIGO].fator_escrita_cache == 1.0


# --------------------------------------------------------------------------------------------
# O catálogo e os seus erros


def test_cada_perfil_tem_fontes_e_um_perfil_incoerente_e_recusado():
    assert all(p.fontes for p in PERFIS.values())
    with pytest.raises(ValueError, match="esforco_padrao"):
        Perfil(raciocinio=True, esforco_padrao="medium", esforcos=("none",))
    with pytest.raises(ValueError, match="não raciocina"):
        Perfil(raciocinio=False, ferramentas_no_chat_so_sem_raciocinio=True)
    with pytest.raises(ValueError, match="andam juntas"):
        Perfil(janela=10)


def test_o_decisor_padrao_cumpre_o_modo_json():
    from curso.offline.decisores import decisor_padrao

    c = cliente_offline(decisor_padrao)
    r = c.chat.completions.create(model=MODELO_PADRAO, messages=PERGUNTA, response_format={"type": "json_object"})
    assert json.loads(r.choices[0].message.content)["resposta"].startswith("[modelo offline]")


def test_curso_servidor_com_perfis_responde_como_o_modelo():
    r = subprocess.run([sys.executable, "-m", "curso", "servidor", "--help"],
                       capture_output=True, text=True, timeout=60)
    assert "--perfis" in r.stdout and "janela de contexto" in r.stdout
    processo = subprocess.Popen([sys.executable, "-m", "curso", "servidor", "--porta", "0", "--duracao", "30",
                                 "--silencioso", "--perfis"], stdout=subprocess.PIPE, text=True)
    try:
        linha = processo.stdout.readline()
        assert "com os perfis dos modelos que o curso conhece" in linha, linha
        url = linha.split(" em ", 1)[1].split(" ", 1)[0]
        c = openai.OpenAI(base_url=url, api_key="x", max_retries=0, _strict_response_validation=True)
        with pytest.raises(openai.BadRequestError, match="Function tools with reasoning_effort"):
            c.chat.completions.create(model=MODELO_PADRAO, messages=PERGUNTA, tools=[VER_STOCK])
    finally:
        processo.terminate()
        processo.wait(timeout=10)


# --------------------------------------------------------------------------------------------
# Contar tokens de um modelo que o tiktoken não conhece


def test_contar_tokens_de_um_modelo_que_o_tiktoken_nao_conhece_e_uma_aproximacao_dita():
    import warnings

    from curso.offline import codificador
    from curso.offline.tokens import AproximacaoDeTokens, codificacao_do_modelo, codificador_do_modelo

    assert codificacao_do_modelo(MODELO_PADRAO) == ("o200k_base", False)
    with pytest.warns(AproximacaoDeTokens, match="aproximação — confirma-a com o usage"):
        assert codificador_do_modelo(MODELO_PADRAO) is codificador()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # um modelo que o tiktoken conhece conta-se sem aviso
        assert codificacao_do_modelo(ANTIGO) == ("o200k_base", True)
        codificador_do_modelo(ANTIGO)
    with pytest.raises(ValueError, match="cl100k_base"):
        codificador_do_modelo("gpt-4")
