"""``cliente()`` e ``modelo()``: offline por omissão; ao vivo só com CURSO_AO_VIVO=1; a chave
nunca aparece."""

import openai
import pytest

from curso import clientes
from curso.offline import Roteiro

CHAVE = "sk-teste-NAO-MOSTRAR-1234567890"
VARIAVEIS = ("CURSO_AO_VIVO", "CURSO_MODELO", "OPENAI_API_KEY", "OPENAI_BASE_URL")


@pytest.fixture(autouse=True)
def ambiente_limpo(monkeypatch):
    for nome in VARIAVEIS:
        monkeypatch.delenv(nome, raising=False)


def e_offline(c):
    return str(c.base_url).startswith("http://offline.curso") and hasattr(c, "pedidos")


def test_por_omissao_e_offline_e_diz_o_numa_linha(capsys):
    c = clientes.cliente()
    assert isinstance(c, openai.OpenAI) and e_offline(c)
    saida = capsys.readouterr().out
    assert saida.count("\n") == 1 and saida.startswith("Modo offline")
    resposta = c.chat.completions.create(model=clientes.modelo(), messages=[{"role": "user", "content": "olá"}])
    assert resposta.choices[0].message.content.startswith("[modelo offline]")
    assert resposta.choices[0].message.tool_calls is None


def test_uma_chave_sozinha_nunca_vai_ao_vivo(monkeypatch, capsys):
    monkeypatch.setenv("OPENAI_API_KEY", CHAVE)
    monkeypatch.setenv("OPENAI_BASE_URL", "https://api.openai.com/v1")
    c = clientes.cliente()
    assert e_offline(c)
    saida = capsys.readouterr().out
    assert "ignorada" in saida and CHAVE not in saida


@pytest.mark.parametrize("valor", ["0", "true", "sim", "", "yes"])
def test_so_o_valor_1_liga_o_modo_ao_vivo(monkeypatch, valor):
    monkeypatch.setenv("OPENAI_API_KEY", CHAVE)
    monkeypatch.setenv("CURSO_AO_VIVO", valor)
    assert e_offline(clientes.cliente(silencioso=True))


def test_ao_vivo_com_interruptor_e_chave(monkeypatch, capsys):
    monkeypatch.setenv("OPENAI_API_KEY", CHAVE)
    monkeypatch.setenv("CURSO_AO_VIVO", "1")
    c = clientes.cliente()
    assert isinstance(c, openai.OpenAI) and not hasattr(c, "pedidos")
    assert str(c.base_url).startswith("https://api.openai.com/v1")
    saida = capsys.readouterr().out
    assert saida.startswith("Modo ao vivo") and clientes.MODELO_PADRAO in saida
    assert CHAVE not in saida and CHAVE not in repr(c)


def test_ao_vivo_com_servidor_compativel_sem_chave(monkeypatch, capsys):
    monkeypatch.setenv("CURSO_AO_VIVO", "1")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://utilizador:segredo@127.0.0.1:11434/v1?chave=x")
    c = clientes.cliente(assincrono=True)
    assert isinstance(c, openai.AsyncOpenAI)
    saida = capsys.readouterr().out
    assert "127.0.0.1:11434/v1" in saida and "segredo" not in saida and "chave=" not in saida


def test_ao_vivo_sem_chave_nem_url_falha_com_explicacao(monkeypatch):
    monkeypatch.setenv("CURSO_AO_VIVO", "1")
    with pytest.raises(RuntimeError, match="OPENAI_API_KEY"):
        clientes.cliente()


def test_decisor_proprio_e_assincrono(capsys):
    c = clientes.cliente(Roteiro(["do roteiro"]), assincrono=True, silencioso=True)
    assert isinstance(c, openai.AsyncOpenAI) and e_offline(c)
    assert capsys.readouterr().out == ""


def test_modelo_definido_num_so_sitio(monkeypatch):
    assert clientes.modelo() == clientes.MODELO_PADRAO
    monkeypatch.setenv("CURSO_MODELO", "  llama3.2  ")
    assert clientes.modelo() == "llama3.2"


def test_import_curso_e_barato():
    import subprocess
    import sys

    codigo = "import sys, curso; print(any(m.split('.')[0] in ('openai', 'httpx2', 'tiktoken') for m in sys.modules))"
    r = subprocess.run([sys.executable, "-c", codigo], capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == "False", r.stderr


def _retirado(nome):
    """Um cliente do curso cujo modelo offline finge que ``nome`` foi retirado."""
    from curso.offline import cliente_offline

    return clientes._com_mensagens_do_curso(cliente_offline(lambda m, f: "ok", retirados=[nome]))


def test_modelo_retirado_da_uma_mensagem_em_portugues_com_o_que_fazer(monkeypatch):
    monkeypatch.setenv("CURSO_MODELO", "modelo-antigo")
    c = _retirado("modelo-antigo")
    with pytest.raises(clientes.ModeloIndisponivel) as erro:
        c.chat.completions.create(model=clientes.modelo(), messages=[{"role": "user", "content": "olá"}])
    e = erro.value
    assert isinstance(e, openai.NotFoundError) and e.code == "model_not_found" and e.modelo == "modelo-antigo"
    texto = str(e)
    assert texto.startswith("O servidor diz que o modelo «modelo-antigo» não existe ou foi retirado (HTTP 404)")
    assert "CURSO_MODELO" in texto and "models.list()" in texto and "does not exist" in texto
    # num caderno, o IPython mostra só isto, sem o traceback do SDK
    assert e._render_traceback_() == [f"ModeloIndisponivel: {texto}"]


def test_410_tambem_vira_modelo_indisponivel():
    c = clientes._com_mensagens_do_curso(cliente_offline_com_falha(410))
    with pytest.raises(clientes.ModeloIndisponivel, match=r"foi retirado \(HTTP 410\)"):
        c.chat.completions.create(model="qualquer", messages=[{"role": "user", "content": "olá"}])


def cliente_offline_com_falha(estado):
    from curso.offline import cliente_offline

    return cliente_offline(Roteiro([Roteiro.falha(estado)]))


def test_outros_404_e_erros_ficam_como_o_sdk_os_da():
    c = clientes._com_mensagens_do_curso(cliente_offline_com_falha(404))
    with pytest.raises(openai.NotFoundError) as erro:
        c.chat.completions.create(model="qualquer", messages=[{"role": "user", "content": "olá"}])
    assert not isinstance(erro.value, clientes.ModeloIndisponivel)
    c = clientes._com_mensagens_do_curso(cliente_offline_com_falha(429))
    with pytest.raises(openai.RateLimitError):
        c.chat.completions.create(model="qualquer", messages=[{"role": "user", "content": "olá"}])


def test_ao_vivo_o_modelo_retirado_diz_o_que_fazer_e_nunca_a_chave(monkeypatch):
    from curso.offline import servir

    with servir(lambda m, f: "ok", retirados=["modelo-antigo"]) as url:
        monkeypatch.setenv("CURSO_AO_VIVO", "1")
        monkeypatch.setenv("OPENAI_API_KEY", CHAVE)
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        monkeypatch.setenv("CURSO_MODELO", "modelo-antigo")
        for assincrono in (False, True):
            c = clientes.cliente(silencioso=True, assincrono=assincrono)
            with pytest.raises(clientes.ModeloIndisponivel) as erro:
                if assincrono:
                    import asyncio

                    asyncio.run(c.responses.create(model=clientes.modelo(), input="olá"))
                else:
                    c.responses.create(model=clientes.modelo(), input="olá")
            assert "CURSO_MODELO" in str(erro.value) and CHAVE not in str(erro.value)
            assert CHAVE not in "".join(erro.value._render_traceback_())


# --------------------------------------------------------------------------------------------
# O que o modelo precisa: reasoning_effort="none" na Chat Completions com ferramentas

from curso.offline.perfis import PERFIS, precisa_de_esforco_none  # noqa: E402

VER_STOCK = {"type": "function", "function": {"name": "ver_stock", "parameters": {
    "type": "object", "properties": {"produto": {"type": "string"}}, "required": ["produto"]}}}
PERGUNTA = [{"role": "user", "content": "Há caneta?"}]


def _pede_stock(mensagens, ferramentas):
    return [{"nome": "ver_stock", "argumentos": {"produto": "caneta"}}] if ferramentas else "Sem ferramentas."


def test_o_modelo_do_curso_precisa_do_esforco_none():
    # sem isto, as provas de baixo não provavam nada com o modelo por omissão
    assert precisa_de_esforco_none(PERFIS[clientes.MODELO_PADRAO])


@pytest.mark.parametrize("assincrono", [False, True])
def test_o_cliente_do_curso_envia_reasoning_effort_none_com_ferramentas(assincrono):
    import asyncio

    c = clientes.cliente(_pede_stock, assincrono=assincrono, silencioso=True)

    def esperar(r):
        return asyncio.run(r) if assincrono else r

    r = esperar(c.chat.completions.create(model=clientes.modelo(), messages=PERGUNTA, tools=[VER_STOCK]))
    assert r.choices[0].message.tool_calls[0].function.name == "ver_stock"
    assert c.pedidos[-1]["reasoning_effort"] == "none"
    # sem ferramentas, e na API Responses, o modelo raciocina à vontade: nada a acrescentar
    esperar(c.chat.completions.create(model=clientes.modelo(), messages=PERGUNTA))
    assert "reasoning_effort" not in c.pedidos[-1]
    esperar(c.responses.create(model=clientes.modelo(), input="Há caneta?", tools=[
        {"type": "function", **VER_STOCK["function"]}]))
    assert "reasoning_effort" not in c.pedidos[-1] and "reasoning" not in c.pedidos[-1]


def test_stream_e_parse_tambem_levam_o_esforco_none():
    c = clientes.cliente(_pede_stock, silencioso=True)
    list(c.chat.completions.create(model=clientes.modelo(), messages=PERGUNTA, tools=[VER_STOCK], stream=True))
    assert c.pedidos[-1]["reasoning_effort"] == "none"
    with c.chat.completions.stream(model=clientes.modelo(), messages=PERGUNTA, tools=[VER_STOCK]) as fluxo:
        fluxo.get_final_completion()
    assert c.pedidos[-1]["reasoning_effort"] == "none"


@pytest.mark.parametrize("nome", ["llama3.2", "gpt-4o-mini"])
def test_um_modelo_sem_essa_regra_nunca_recebe_o_campo(monkeypatch, nome):
    """Um servidor compatível (Ollama…) pode recusar o campo; um modelo sem raciocínio também."""
    monkeypatch.setenv("CURSO_MODELO", nome)
    c = clientes.cliente(_pede_stock, silencioso=True)
    c.chat.completions.create(model=clientes.modelo(), messages=PERGUNTA, tools=[VER_STOCK])
    assert "reasoning_effort" not in c.pedidos[-1]


def test_um_esforco_escolhido_nao_e_trocado_e_o_400_chega_em_portugues():
    c = clientes.cliente(_pede_stock, silencioso=True)
    with pytest.raises(clientes.ParametrosIncompativeis) as erro:
        c.chat.completions.create(model=clientes.modelo(), messages=PERGUNTA, tools=[VER_STOCK],
                                  reasoning_effort="low")
    e = erro.value
    assert isinstance(e, openai.BadRequestError) and e.status_code == 400
    assert e.param == "reasoning_effort" and e.modelo == clientes.MODELO_PADRAO
    texto = str(e)
    assert texto.startswith(f"O modelo «{clientes.MODELO_PADRAO}» raciocina")
    assert "reasoning_effort='low'" in texto and 'reasoning_effort="none"' in texto
    assert "responses.create" in texto and "Function tools with reasoning_effort" in texto
    assert e._render_traceback_() == [f"ParametrosIncompativeis: {texto}"]


def test_outros_400_ficam_como_o_sdk_os_da():
    c = clientes.cliente(_pede_stock, silencioso=True)
    with pytest.raises(openai.BadRequestError) as erro:
        c.chat.completions.create(model=clientes.modelo(), messages=[{"role": "tool", "content": "x"}])
    assert not isinstance(erro.value, clientes.ParametrosIncompativeis)


def test_ao_vivo_a_linha_diz_o_que_envia_e_o_pedido_leva_o(monkeypatch, capsys):
    from curso.offline import servir

    pedidos = []
    with servir(_pede_stock, pedidos=pedidos, perfis=PERFIS) as url:
        monkeypatch.setenv("CURSO_AO_VIVO", "1")
        monkeypatch.setenv("OPENAI_API_KEY", CHAVE)
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        c = clientes.cliente()
        r = c.chat.completions.create(model=clientes.modelo(), messages=PERGUNTA, tools=[VER_STOCK])
        with pytest.raises(clientes.ParametrosIncompativeis, match="Duas saídas"):
            c.chat.completions.create(model=clientes.modelo(), messages=PERGUNTA, tools=[VER_STOCK],
                                      extra_body={"reasoning_effort": "medium"})
    assert r.choices[0].finish_reason == "tool_calls" and pedidos[0]["reasoning_effort"] == "none"
    linha = capsys.readouterr().out
    assert linha.count("\n") == 1 and 'reasoning_effort="none"' in linha and "HTTP 400" in linha
    assert CHAVE not in linha


def test_ao_vivo_com_um_modelo_sem_a_regra_a_linha_nao_fala_dela(monkeypatch, capsys):
    monkeypatch.setenv("CURSO_AO_VIVO", "1")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1")
    monkeypatch.setenv("CURSO_MODELO", "llama3.2")
    clientes.cliente()
    assert "reasoning_effort" not in capsys.readouterr().out


def test_offline_true_fica_offline_mesmo_ao_vivo_e_di_lo(monkeypatch, capsys):
    monkeypatch.setenv("CURSO_AO_VIVO", "1")
    monkeypatch.setenv("OPENAI_API_KEY", CHAVE)
    c = clientes.cliente(Roteiro(["do decisor"]), offline=True)
    assert e_offline(c)
    linha = capsys.readouterr().out
    assert linha.startswith("Modo offline nesta célula") and "CURSO_AO_VIVO=1" in linha and CHAVE not in linha
    assert c.chat.completions.create(model=clientes.modelo(), messages=PERGUNTA).choices[0].message.content \
        == "do decisor"
    monkeypatch.delenv("CURSO_AO_VIVO")
    clientes.cliente(offline=True)
    assert capsys.readouterr().out.startswith("Modo offline: modelo simulado")
