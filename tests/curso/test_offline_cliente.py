"""O cliente em processo: SDK verdadeiro (síncrono, assíncrono, streaming), determinismo, usage,
Roteiro, falhas simuladas e novas tentativas."""

import asyncio
import hashlib
import json

import openai
import pytest

from curso import modelo
from curso.offline import Roteiro, RoteiroEsgotado, cliente_offline, cliente_offline_assincrono, codificador
from curso.offline.tokens import FICHEIRO_VOCABULARIO, SHA256_O200K_BASE

MODELO = modelo()  # o nome vive num só sítio: curso.clientes
PERGUNTA = [{"role": "user", "content": "Olá! Que horas são?"}]
FERRAMENTAS = [
    {"type": "function", "function": {"name": "hora", "parameters": {"type": "object", "properties": {}}}},
    {"type": "function", "function": {"name": "data", "description": "Data de hoje."}},
]


def estrito(decisor, **opcoes):
    return cliente_offline(decisor, _strict_response_validation=True, **opcoes)


# ----------------------------------------------------------------------------- tokenizador


def test_vocabulario_confere_com_o_sha256_publicado():
    assert hashlib.sha256(FICHEIRO_VOCABULARIO.read_bytes()).hexdigest() == SHA256_O200K_BASE


def test_codificador_e_o_o200k_base():
    c = codificador()
    assert c is codificador()
    assert c.name == "o200k_base" and c.n_vocab == 200019
    # valores de referência de outra implementação (js-tiktoken) do o200k_base
    assert c.encode("hello world") == [24912, 2375]
    assert c.encode("Tenho 250 dólares. Quanto é isso em reais?") == [
        171455, 220, 6911, 53529, 13, 120849, 1212, 11922, 863, 74065, 30,
    ]
    assert c.encode("🤖 agentes") == [50378, 244, 65496]
    assert c.decode(c.encode("ação çãõ")) == "ação çãõ"


def test_codificador_trata_tokens_especiais_como_texto():
    assert len(codificador().encode("<|endoftext|>")) > 1


# ----------------------------------------------------------------------------- respostas


def test_texto_sincrono():
    cliente = estrito(lambda mensagens, ferramentas: "São 12:00.")
    r = cliente.chat.completions.create(model=MODELO, messages=PERGUNTA)
    assert r.choices[0].message.content == "São 12:00."
    assert r.choices[0].finish_reason == "stop"
    assert r.choices[0].message.tool_calls is None
    assert r.model == MODELO and r.id.startswith("chatcmpl-")
    assert cliente.pedidos == [{"model": MODELO, "messages": PERGUNTA}]


def test_decisor_recebe_messages_e_tools_como_enviados():
    recebido = []
    cliente = estrito(lambda m, f: recebido.append((m, f)) or "ok")
    cliente.chat.completions.create(model=MODELO, messages=PERGUNTA)
    cliente.chat.completions.create(model=MODELO, messages=PERGUNTA, tools=FERRAMENTAS)
    assert recebido == [(PERGUNTA, []), (PERGUNTA, FERRAMENTAS)]


def test_chamadas_em_paralelo():
    cliente = estrito(lambda m, f: [{"nome": "hora", "argumentos": {"cidade": "São Paulo"}}, {"nome": "data"}])
    r = cliente.chat.completions.create(model=MODELO, messages=PERGUNTA, tools=FERRAMENTAS)
    escolha = r.choices[0]
    assert escolha.finish_reason == "tool_calls" and escolha.message.content is None
    hora, data = escolha.message.tool_calls
    assert hora.function.name == "hora" and data.function.name == "data"
    assert hora.function.arguments == '{"cidade": "São Paulo"}'  # JSON, ensure_ascii=False
    assert data.function.arguments == "{}"
    assert hora.id != data.id and hora.id.startswith("call_")


def test_argumentos_em_texto_passam_tal_e_qual():
    cliente = estrito(lambda m, f: [{"nome": "hora", "argumentos": "{cidade: Lisboa"}])
    r = cliente.chat.completions.create(model=MODELO, messages=PERGUNTA, tools=FERRAMENTAS)
    assert r.choices[0].message.tool_calls[0].function.arguments == "{cidade: Lisboa"


def test_mesma_conversa_da_resposta_igual_byte_a_byte():
    def bruto(cliente, **kwargs):
        return cliente.chat.completions.with_raw_response.create(model=MODELO, **kwargs).http_response.content

    decisor = lambda m, f: [{"nome": "hora", "argumentos": {}}]  # noqa: E731
    a = bruto(estrito(decisor), messages=PERGUNTA, tools=FERRAMENTAS)
    b = bruto(estrito(decisor), messages=PERGUNTA, tools=FERRAMENTAS)
    c = bruto(estrito(decisor), messages=[{"role": "user", "content": "outra"}], tools=FERRAMENTAS)
    assert a == b
    assert json.loads(a)["id"] != json.loads(c)["id"]
    assert json.loads(a)["choices"][0]["message"]["tool_calls"][0]["id"] != (
        json.loads(c)["choices"][0]["message"]["tool_calls"][0]["id"]
    )
    fluxo = [bruto(estrito(decisor), messages=PERGUNTA, tools=FERRAMENTAS, stream=True) for _ in range(2)]
    assert fluxo[0] == fluxo[1]


# ----------------------------------------------------------------------------- usage


def contar_como_documentado(mensagens, ferramentas=None):
    """A regra de docs/modelo_offline.md, escrita à parte para a confirmar."""
    enc = codificador()

    def n(texto):
        return len(enc.encode(texto))

    total = 3
    for m in mensagens:
        total += 3 + n(m["role"])
        conteudo = m.get("content")
        if isinstance(conteudo, str):
            total += n(conteudo)
        elif isinstance(conteudo, list):
            total += sum(n(p["text"]) for p in conteudo if "text" in p)
        if m.get("name"):
            total += 1 + n(m["name"])
        for c in m.get("tool_calls") or []:
            total += 3 + n(c["function"]["name"]) + n(c["function"]["arguments"])
    if ferramentas:
        total += n(json.dumps(ferramentas, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
    return total


def test_usage_segue_a_regra_documentada():
    mensagens = [
        {"role": "system", "content": "És um assistente de câmbio.", "name": "regras"},
        {"role": "user", "content": [{"type": "text", "text": "Tenho 250 dólares."}, {"type": "text", "text": " E reais?"}]},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "hora", "arguments": '{"a": 1}'}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "5.5"},
    ]
    cliente = estrito(lambda m, f: "São 1 375 reais.")
    sem = cliente.chat.completions.create(model=MODELO, messages=mensagens).usage
    assert sem.prompt_tokens == contar_como_documentado(mensagens)
    assert sem.completion_tokens == len(codificador().encode("São 1 375 reais."))
    assert sem.total_tokens == sem.prompt_tokens + sem.completion_tokens
    com = cliente.chat.completions.create(model=MODELO, messages=mensagens, tools=FERRAMENTAS).usage
    assert com.prompt_tokens == contar_como_documentado(mensagens, FERRAMENTAS) > sem.prompt_tokens


def test_usage_de_chamadas():
    cliente = estrito(lambda m, f: [{"nome": "hora", "argumentos": {"x": 1}}])
    uso = cliente.chat.completions.create(model=MODELO, messages=PERGUNTA, tools=FERRAMENTAS).usage
    enc = codificador()
    assert uso.completion_tokens == 3 + len(enc.encode("hora")) + len(enc.encode('{"x": 1}'))


# ----------------------------------------------------------------------------- streaming


def test_stream_de_texto_com_usage():
    cliente = estrito(lambda m, f: "Olá, mundo! Tudo bem?")
    pedacos = list(cliente.chat.completions.create(
        model=MODELO, messages=PERGUNTA, stream=True, stream_options={"include_usage": True}))
    assert pedacos[0].choices[0].delta.role == "assistant"
    assert "".join(p.choices[0].delta.content or "" for p in pedacos if p.choices) == "Olá, mundo! Tudo bem?"
    assert len(pedacos) > 4
    assert pedacos[-2].choices[0].finish_reason == "stop"
    assert pedacos[-1].choices == [] and pedacos[-1].usage.completion_tokens > 0
    assert all(p.usage is None for p in pedacos[:-1])


def test_stream_sem_include_usage_nao_traz_usage():
    cliente = estrito(lambda m, f: "Olá")
    pedacos = list(cliente.chat.completions.create(model=MODELO, messages=PERGUNTA, stream=True))
    assert all(p.choices for p in pedacos) and pedacos[-1].choices[0].finish_reason == "stop"


def test_stream_de_chamadas_id_e_nome_primeiro_argumentos_depois():
    argumentos = {"cidade": "São Paulo", "formato": "24h", "notas": "x" * 30}
    cliente = estrito(lambda m, f: [{"nome": "hora", "argumentos": argumentos}, {"nome": "data"}])
    pedacos = list(cliente.chat.completions.create(
        model=MODELO, messages=PERGUNTA, tools=FERRAMENTAS, stream=True))
    primeiro = pedacos[0].choices[0].delta.tool_calls[0]
    assert primeiro.id.startswith("call_") and primeiro.function.name == "hora"
    assert primeiro.function.arguments == ""
    fragmentos = [
        tc.function.arguments
        for p in pedacos for tc in (p.choices[0].delta.tool_calls or []) if tc.index == 0 and not tc.id
    ]
    assert len(fragmentos) > 3 and json.loads("".join(fragmentos)) == argumentos
    assert pedacos[-1].choices[0].finish_reason == "tool_calls"
    with cliente.chat.completions.stream(model=MODELO, messages=PERGUNTA, tools=FERRAMENTAS) as fluxo:
        final = fluxo.get_final_completion()
    assert [c.function.name for c in final.choices[0].message.tool_calls] == ["hora", "data"]


def test_texto_ao_lado_das_chamadas_como_num_modelo_verdadeiro():
    """Roteiro.com_texto: content e tool_calls na mesma mensagem, em bloco e em stream."""
    passo = Roteiro.com_texto("Vou ver as horas.", {"nome": "hora", "argumentos": {"x": 1}})
    cliente = estrito(Roteiro([passo, "São 10h."]))
    escolha = cliente.chat.completions.create(model=MODELO, messages=PERGUNTA, tools=FERRAMENTAS).choices[0]
    assert escolha.finish_reason == "tool_calls" and escolha.message.content == "Vou ver as horas."
    assert [c.function.name for c in escolha.message.tool_calls] == ["hora"]
    # a mensagem volta tal e qual no pedido seguinte (content e tool_calls juntos)
    resultado = {"role": "tool", "tool_call_id": escolha.message.tool_calls[0].id, "content": "10h"}
    seguinte = cliente.chat.completions.create(
        model=MODELO, messages=[*PERGUNTA, escolha.message, resultado], tools=FERRAMENTAS)
    assert seguinte.choices[0].message.content == "São 10h."
    enc = codificador()
    uso = estrito(Roteiro([passo])).chat.completions.create(
        model=MODELO, messages=PERGUNTA, tools=FERRAMENTAS).usage
    assert uso.completion_tokens == len(enc.encode("Vou ver as horas.")) + 3 + len(enc.encode("hora")) + len(
        enc.encode('{"x": 1}'))
    pedacos = list(estrito(Roteiro([passo])).chat.completions.create(
        model=MODELO, messages=PERGUNTA, tools=FERRAMENTAS, stream=True))
    assert "".join(p.choices[0].delta.content or "" for p in pedacos) == "Vou ver as horas."
    primeira_chamada = next(i for i, p in enumerate(pedacos) if p.choices[0].delta.tool_calls)
    assert all(not p.choices[0].delta.content for p in pedacos[primeira_chamada:])
    with estrito(Roteiro([passo])).chat.completions.stream(
            model=MODELO, messages=PERGUNTA, tools=FERRAMENTAS) as fluxo:
        final = fluxo.get_final_completion().choices[0].message
    assert final.content == "Vou ver as horas." and final.tool_calls[0].function.name == "hora"


@pytest.mark.parametrize("texto, chamadas", [("", {"nome": "hora"}), ("Vou ver.", []), ("Vou ver.", [{"x": 1}])])
def test_texto_ao_lado_das_chamadas_recusa_passos_incompletos(texto, chamadas):
    with pytest.raises(TypeError):
        Roteiro.com_texto(texto, chamadas)


# ----------------------------------------------------------------------------- assíncrono


def test_assincrono_texto_chamadas_e_stream():
    async def correr():
        cliente = cliente_offline_assincrono(
            Roteiro(["olá assíncrono", [{"nome": "hora"}], "em fluxo"]), _strict_response_validation=True
        )
        texto = await cliente.chat.completions.create(model=MODELO, messages=PERGUNTA)
        chamadas = await cliente.chat.completions.create(model=MODELO, messages=PERGUNTA, tools=FERRAMENTAS)
        fluxo = await cliente.chat.completions.create(model=MODELO, messages=PERGUNTA, stream=True)
        pedacos = [p.choices[0].delta.content or "" async for p in fluxo]
        return texto, chamadas, pedacos, cliente.pedidos

    texto, chamadas, pedacos, pedidos = asyncio.run(correr())
    assert texto.choices[0].message.content == "olá assíncrono"
    assert chamadas.choices[0].message.tool_calls[0].function.name == "hora"
    assert "".join(pedacos) == "em fluxo"
    assert len(pedidos) == 3 and pedidos[2]["stream"] is True


# ----------------------------------------------------------------------------- Roteiro e falhas


def test_roteiro_por_ordem_e_esgotado_em_voz_alta():
    roteiro = Roteiro([[{"nome": "hora", "argumentos": {}}], "fim"])
    cliente = estrito(roteiro)
    assert cliente.chat.completions.create(model=MODELO, messages=PERGUNTA).choices[0].message.tool_calls
    assert cliente.chat.completions.create(model=MODELO, messages=PERGUNTA).choices[0].message.content == "fim"
    assert roteiro.restantes == 0
    with pytest.raises(openai.InternalServerError) as info:
        cliente.chat.completions.create(model=MODELO, messages=PERGUNTA)
    assert "roteiro do modelo offline esgotou-se" in info.value.message
    assert info.value.response.headers["x-should-retry"] == "false"
    with pytest.raises(RoteiroEsgotado):
        roteiro([], [])


def test_roteiro_esgotado_reconhecido_pela_classe_e_nao_pelo_nome():
    class RoteiroEsgotado(Exception):  # o mesmo nome, outra classe: é uma falha do decisor
        pass

    class MeuGuiao(globals()["RoteiroEsgotado"]):  # uma subclasse: continua a ser um guião esgotado
        pass

    def impostor(m, f):
        raise RoteiroEsgotado("impostor")

    def subclasse(m, f):
        raise MeuGuiao("o meu guião acabou")

    with pytest.raises(openai.InternalServerError) as info:
        cliente_offline(impostor).chat.completions.create(model=MODELO, messages=PERGUNTA)
    assert info.value.message.endswith("O decisor do modelo offline falhou: RoteiroEsgotado: impostor")
    with pytest.raises(openai.InternalServerError) as info:
        cliente_offline(subclasse).chat.completions.create(model=MODELO, messages=PERGUNTA)
    assert info.value.message.endswith("o meu guião acabou") and "falhou" not in info.value.message


def test_roteiro_recusa_passos_invalidos_logo_a_entrada():
    with pytest.raises(TypeError, match="Passo 2"):
        Roteiro(["ok", 42])
    with pytest.raises(TypeError, match="nome"):
        Roteiro([[{"name": "hora"}]])


def test_falha_429_com_retry_after_ms():
    cliente = estrito(Roteiro([Roteiro.falha(429, retry_after_ms=1500)]))
    with pytest.raises(openai.RateLimitError) as info:
        cliente.chat.completions.create(model=MODELO, messages=PERGUNTA)
    erro = info.value
    assert erro.status_code == 429 and erro.code == "rate_limit_exceeded"
    assert erro.response.headers["retry-after-ms"] == "1500"
    assert "x-should-retry" not in erro.response.headers


def test_falha_500():
    cliente = estrito(Roteiro([Roteiro.falha(500)]))
    with pytest.raises(openai.InternalServerError) as info:
        cliente.chat.completions.create(model=MODELO, messages=PERGUNTA)
    assert info.value.status_code == 500


def test_sdk_tenta_de_novo_e_respeita_retry_after_ms():
    roteiro = Roteiro([Roteiro.falha(429, retry_after_ms=5), Roteiro.falha(500, retry_after_ms=5), "à terceira"])
    cliente = estrito(roteiro, max_retries=2)
    r = cliente.chat.completions.create(model=MODELO, messages=PERGUNTA)
    assert r.choices[0].message.content == "à terceira"
    assert len(cliente.pedidos) == 3 and roteiro.restantes == 0


def test_sem_novas_tentativas_por_omissao():
    cliente = estrito(Roteiro([Roteiro.falha(429, retry_after_ms=5), "nunca"]))
    with pytest.raises(openai.RateLimitError):
        cliente.chat.completions.create(model=MODELO, messages=PERGUNTA)
    assert len(cliente.pedidos) == 1


def test_erros_de_validacao_nao_sao_repetidos_pelo_sdk():
    cliente = estrito(lambda m, f: "ok", max_retries=3)
    with pytest.raises(openai.BadRequestError):
        cliente.chat.completions.create(model=MODELO, messages=[{"role": "tool", "tool_call_id": "x", "content": "1"}])
    assert len(cliente.pedidos) == 1


def test_decisor_que_rebenta_da_500_claro():
    def decisor(m, f):
        raise KeyError("cidade")

    cliente = estrito(decisor, max_retries=2)
    with pytest.raises(openai.InternalServerError) as info:
        cliente.chat.completions.create(model=MODELO, messages=PERGUNTA)
    assert "O decisor do modelo offline falhou: KeyError" in info.value.message
    assert len(cliente.pedidos) == 1


@pytest.mark.parametrize("devolvido", [None, 42, [], [{"name": "hora"}]])
def test_decisor_que_devolve_lixo_da_500_claro(devolvido):
    cliente = estrito(lambda m, f: devolvido)
    with pytest.raises(openai.InternalServerError, match="decisor"):
        cliente.chat.completions.create(model=MODELO, messages=PERGUNTA)


def test_decisor_que_nao_e_chamavel():
    with pytest.raises(TypeError, match="decisor"):
        cliente_offline("não sou uma função")


def test_saida_estruturada_com_o_decisor_padrao():
    """Sem decisor próprio, uma saída estruturada pedida volta a cumprir o esquema (como na API
    verdadeira), com os valores mais simples; com um decisor, o texto é o dele."""
    from pydantic import BaseModel

    from curso.offline import cliente_offline
    from curso.offline.decisores import decisor_padrao

    class Triagem(BaseModel):
        categoria: str
        urgente: bool
        passos: list[str]

    pedido = {"model": "m", "messages": [{"role": "user", "content": "olá"}], "response_format": Triagem}
    mensagem = cliente_offline(decisor_padrao).chat.completions.parse(**pedido).choices[0].message
    assert mensagem.parsed == Triagem(categoria="", urgente=False, passos=[])
    proprio = cliente_offline(lambda m, f: '{"categoria": "x", "urgente": true, "passos": ["a"]}')
    assert proprio.chat.completions.parse(**pedido).choices[0].message.parsed.passos == ["a"]
