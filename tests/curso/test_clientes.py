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
