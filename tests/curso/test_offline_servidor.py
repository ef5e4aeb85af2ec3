"""``servir`` por HTTP verdadeiro em loopback, e o comando ``curso servidor``."""

import asyncio
import json
import os
import socket
import subprocess
import sys
import urllib.request
from urllib.parse import urlsplit

import openai
import pytest

from curso import modelo
from curso.offline import Roteiro, servir

MODELO = modelo()  # o nome vive num só sítio: curso.clientes
PERGUNTA = [{"role": "user", "content": "Olá"}]


def cliente_http(url, max_retries=0):
    return openai.OpenAI(base_url=url, api_key="qualquer", max_retries=max_retries, _strict_response_validation=True)


def test_servir_devolve_um_url_simples_em_loopback_e_fecha_a_porta():
    with servir(lambda m, f: "olá por HTTP") as url:
        assert type(url) is str
        partes = urlsplit(url)
        assert partes.scheme == "http" and partes.hostname == "127.0.0.1" and partes.path == "/v1"
        r = cliente_http(url).chat.completions.create(model=MODELO, messages=PERGUNTA)
        assert r.choices[0].message.content == "olá por HTTP"
    with pytest.raises(OSError):
        socket.create_connection((partes.hostname, partes.port), timeout=1).close()


def test_servir_sincrono_stream_e_pedidos_registados():
    pedidos = []
    roteiro = Roteiro(["primeira", [{"nome": "hora", "argumentos": {"cidade": "Faro"}}]])
    ferramentas = [{"type": "function", "function": {"name": "hora"}}]
    with servir(roteiro, pedidos=pedidos) as url:
        cliente = cliente_http(url)
        fluxo = cliente.chat.completions.create(
            model=MODELO, messages=PERGUNTA, stream=True, stream_options={"include_usage": True})
        pedacos = list(fluxo)
        assert "".join(p.choices[0].delta.content or "" for p in pedacos if p.choices) == "primeira"
        assert pedacos[-1].usage.prompt_tokens > 0
        r = cliente.chat.completions.create(model=MODELO, messages=PERGUNTA, tools=ferramentas)
        assert json.loads(r.choices[0].message.tool_calls[0].function.arguments) == {"cidade": "Faro"}
    assert [p["messages"] for p in pedidos] == [PERGUNTA, PERGUNTA]


def test_servir_assincrono_em_paralelo():
    async def correr(url):
        cliente = openai.AsyncOpenAI(base_url=url, api_key="x", max_retries=0, _strict_response_validation=True)
        respostas = await asyncio.gather(*[
            cliente.chat.completions.create(model=MODELO, messages=[{"role": "user", "content": str(i)}])
            for i in range(8)
        ])
        await cliente.close()
        return [r.choices[0].message.content for r in respostas]

    with servir(lambda m, f: "eco " + m[-1]["content"]) as url:
        assert asyncio.run(correr(url)) == [f"eco {i}" for i in range(8)]


def test_servir_erros_com_o_json_da_api_e_sem_novas_tentativas():
    with servir(lambda m, f: "nunca") as url:
        cliente = cliente_http(url, max_retries=2)
        with pytest.raises(openai.BadRequestError) as info:
            cliente.chat.completions.create(model=MODELO, messages=[{"role": "tool", "tool_call_id": "a", "content": "1"}])
        assert info.value.param == "messages.[0].role"
        assert info.value.response.headers["x-should-retry"] == "false"
        pedido = urllib.request.Request(url + "/chat/completions", data=b"nao e json", method="POST")
        with pytest.raises(urllib.error.HTTPError) as http:
            urllib.request.urlopen(pedido, timeout=5)
        assert http.value.code == 400
        assert json.loads(http.value.read())["error"]["type"] == "invalid_request_error"


def test_servir_falhas_simuladas_e_novas_tentativas():
    roteiro = Roteiro([Roteiro.falha(429, retry_after_ms=5), "depois da falha"])
    with servir(roteiro) as url:
        r = cliente_http(url, max_retries=1).chat.completions.create(model=MODELO, messages=PERGUNTA)
    assert r.choices[0].message.content == "depois da falha"


def test_servir_respostas_iguais_byte_a_byte():
    corpo = json.dumps({"model": MODELO, "messages": PERGUNTA}).encode()
    with servir(lambda m, f: "sempre igual") as url:
        respostas = []
        for _ in range(2):
            pedido = urllib.request.Request(
                url + "/chat/completions", data=corpo, headers={"content-type": "application/json"})
            with urllib.request.urlopen(pedido, timeout=5) as r:
                respostas.append(r.read())
    assert respostas[0] == respostas[1]


def _curso(*argumentos, **opcoes):
    ambiente = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "curso", *argumentos],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ambiente, **opcoes,
    )


def test_comando_curso_servidor():
    processo = _curso("servidor", "--porta", "0", "--duracao", "20", "--decisor",
                      "curso.offline.decisores:decisor_eco")
    try:
        linha = processo.stdout.readline()
        assert linha.startswith("Modelo offline a servir em http://127.0.0.1:"), linha
        url = linha.split(" em ", 1)[1].split(" ", 1)[0]
        r = cliente_http(url).chat.completions.create(model=MODELO, messages=[{"role": "user", "content": "eco!"}])
        assert r.choices[0].message.content == "eco!"
    finally:
        processo.terminate()
        processo.wait(timeout=10)


@pytest.mark.skipif(sys.platform == "win32", reason="sinais POSIX")
@pytest.mark.parametrize(
    "sinal, sigint_herdado",
    [
        ("SIGINT", "SIG_DFL"),
        # lançado em segundo plano por uma shell não interativa («curso servidor &» num script, ou
        # «nohup … &» como no ci_clone_novo.sh): o SIGINT chega ignorado; era aqui que pendurava
        ("SIGINT", "SIG_IGN"),
        ("SIGTERM", "SIG_DFL"),
    ],
)
def test_comando_curso_servidor_termina_com_ctrl_c(sinal, sigint_herdado):
    import signal

    def herdar():
        signal.signal(signal.SIGINT, getattr(signal, sigint_herdado))

    processo = _curso("servidor", "--porta", "0", "--silencioso", preexec_fn=herdar)
    try:
        # as duas linhas de arranque: o sinal chega com o servidor já à espera, como o de quem lê
        # a mensagem e carrega em Ctrl+C
        assert processo.stdout.readline().startswith("Modelo offline a servir em")
        assert "Ctrl+C para terminar" in processo.stdout.readline()
        processo.send_signal(getattr(signal, sinal))
        saida, erros = processo.communicate(timeout=60)
    finally:
        if processo.poll() is None:
            processo.kill()
            processo.communicate()
    assert processo.returncode == 0, erros
    assert "Servidor terminado." in saida and "Traceback" not in erros


def test_comando_curso_servidor_com_decisor_invalido():
    processo = _curso("servidor", "--porta", "0", "--decisor", "nao_existe_modulo:f")
    saida, erros = processo.communicate(timeout=30)
    assert processo.returncode == 2 and "Erro:" in erros and "'nao_existe_modulo'" in erros


def test_carregar_decisor_por_nome_e_dependencia_em_falta(tmp_path, monkeypatch):
    from curso.offline.carregamento import carregar_decisor
    from curso.offline.decisores import decisor_eco

    assert carregar_decisor("curso.offline.decisores:decisor_eco") is decisor_eco
    with pytest.raises(ValueError, match="não tem 'nao_ha'"):
        carregar_decisor("curso.offline.decisores:nao_ha")
    # um módulo que importa uma dependência em falta: o erro nomeia a dependência, não o módulo
    (tmp_path / "com_falta.py").write_text("import dependencia_que_falta\n\ndef f(m, t):\n    return ''\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError) as info:
        carregar_decisor("com_falta:f")
    assert info.value.name == "dependencia_que_falta"


def test_subcomando_com_dependencia_em_falta_diz_qual(monkeypatch, capsys):
    from curso import cli

    monkeypatch.setitem(cli.SUBCOMANDOS, "servidor", ("modulo_que_falta_xyz.cli", "serve"))
    assert cli.main(["servidor", "--porta", "1"]) == 1
    assert "modulo_que_falta_xyz" in capsys.readouterr().err
    # a ajuda geral continua a listar o subcomando, marcado indisponível
    assert "indisponível: falta modulo_que_falta_xyz" in cli._parser().format_help()


def test_corpo_malformado_da_400_e_nao_413():
    with servir(lambda m, f: "nunca") as url:
        partes = urlsplit(url)
        for cabecalho in (b"Content-Length: abc", b"Content-Length: -5", b"Transfer-Encoding: chunked"):
            with socket.create_connection((partes.hostname, partes.port), timeout=5) as ligacao:
                corpo = b"zz\r\n{}\r\n0\r\n\r\n" if b"chunked" in cabecalho else b"{}"
                ligacao.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n" + cabecalho
                                + b"\r\nConnection: close\r\n\r\n" + corpo)
                resposta = b""
                while pedaco := ligacao.recv(65536):
                    resposta += pedaco
            estado = resposta.split(b" ", 2)[1]
            assert estado == b"400", (cabecalho, resposta[:200])
            erro = json.loads(resposta.split(b"\r\n\r\n", 1)[1])["error"]
            assert erro["type"] == "invalid_request_error" and "JSON" in erro["message"]


def test_ajuda_em_portugues():
    r = subprocess.run([sys.executable, "-m", "curso", "servidor", "--help"],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0
    assert "--decisor" in r.stdout and "mostra esta ajuda" in r.stdout and "porta" in r.stdout


def test_decisor_de_um_ficheiro(tmp_path):
    from curso.offline.carregamento import carregar_decisor

    (tmp_path / "meu.py").write_text("def decidir(mensagens, ferramentas):\n    return 'do ficheiro'\n")
    assert carregar_decisor(f"{tmp_path / 'meu.py'}:decidir")([], []) == "do ficheiro"
    with pytest.raises(ValueError):
        carregar_decisor("sem_dois_pontos")
