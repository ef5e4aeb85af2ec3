"""Os widgets num JupyterLab verdadeiro, num browser verdadeiro (Chromium do Debian + Playwright).

O teste arranca um JupyterLab só para ele (127.0.0.1, porta livre, token, pastas temporárias para a
raiz, o runtime e as definições: nada suja o repositório nem a tua configuração), abre o caderno
``widgets_no_browser.ipynb``, corre todas as células, clica em «Passo seguinte» e em «Aprovar» e
confirma que os widgets mudaram e que nenhum mostra «Error displaying widget».

Capturas: guardadas em ``tmp_path``; com ``CURSO_CAPTURAS=docs/capturas`` (ou outra pasta) vão
também para lá — é assim que se atualizam as imagens da documentação, sem sujar a árvore em cada
corrida dos testes.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from curso.cores import CORES

pytestmark = pytest.mark.navegador

CHROMIUM = Path("/usr/bin/chromium")
CADERNO = Path(__file__).with_name("widgets_no_browser.ipynb")
RAIZ_REPO = Path(__file__).resolve().parents[2]
CAPITULO_1 = RAIZ_REPO / "chapters" / "01_o_que_e_um_agente.ipynb"
CAPITULO_6 = RAIZ_REPO / "chapters" / "06_validacao.ipynb"
ARGUMENTOS_CHROMIUM = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# Definições do JupyterLab só para este teste: todas as células no DOM e nada de notícias.
DEFINICOES = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False},
}


def _rgb(cor: str) -> str:
    """``#1b7f3b`` como o browser devolve a cor calculada: ``rgb(27, 127, 59)``."""
    vermelho, verde, azul = (int(cor[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({vermelho}, {verde}, {azul})"


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _esperar_servidor(url: str, processo: subprocess.Popen, registo: Path, limite: float = 120.0) -> None:
    fim = time.monotonic() + limite
    while time.monotonic() < fim:
        if processo.poll() is not None:
            final = registo.read_text(errors="replace")[-3000:]
            raise RuntimeError(f"o JupyterLab terminou logo ao arrancar (código {processo.returncode}):\n{final}")
        try:
            with urllib.request.urlopen(url, timeout=2) as resposta:
                if resposta.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"o JupyterLab não respondeu em {limite:g} s ({url})")


@pytest.fixture
def jupyterlab(tmp_path):
    """Um JupyterLab em 127.0.0.1 com o caderno de teste; desliga-se sempre no fim."""
    raiz = tmp_path / "raiz"
    raiz.mkdir()
    shutil.copy(CADERNO, raiz / CADERNO.name)
    shutil.copy(CAPITULO_1, raiz / CAPITULO_1.name)
    shutil.copy(CAPITULO_6, raiz / CAPITULO_6.name)
    definicoes = tmp_path / "definicoes"
    for nome, valor in DEFINICOES.items():
        ficheiro = definicoes / nome
        ficheiro.parent.mkdir(parents=True, exist_ok=True)
        ficheiro.write_text(json.dumps(valor))
    porta, token = _porta_livre(), secrets.token_hex(16)
    ambiente = {**os.environ,
                "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
                "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
                "IPYTHONDIR": str(tmp_path / "ipython"),
                "MPLCONFIGDIR": str(tmp_path / "matplotlib"),
                "JUPYTER_PLATFORM_DIRS": "1"}
    comando = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.open_browser=False",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={porta}", "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={raiz}",
        "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly", "--allow-root",
        f"--LabApp.user_settings_dir={definicoes}", f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
    ]
    registo = open(tmp_path / "jupyterlab.log", "w")  # noqa: SIM115 — fica aberto enquanto o servidor corre
    processo = subprocess.Popen(comando, cwd=raiz, env=ambiente, stdout=registo, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{porta}"
    try:
        _esperar_servidor(f"{base}/api/status?token={token}", processo, tmp_path / "jupyterlab.log")
        yield {"base": base, "token": token, "raiz": raiz, "registo": tmp_path / "jupyterlab.log"}
    finally:
        parar(processo, registo)


def parar(processo: subprocess.Popen, registo) -> None:
    """Termina o JupyterLab (à força se não sair em 15 s) e fecha o seu registo."""
    processo.terminate()
    try:
        processo.wait(timeout=15)
    except subprocess.TimeoutExpired:
        processo.kill()
        processo.wait(timeout=5)
    registo.close()


def _pasta_capturas(tmp_path: Path) -> list[Path]:
    pastas = [tmp_path / "capturas"]
    if os.environ.get("CURSO_CAPTURAS"):
        pastas.append(RAIZ_REPO / os.environ["CURSO_CAPTURAS"])
    for pasta in pastas:
        pasta.mkdir(parents=True, exist_ok=True)
    return pastas


def abrir_e_correr(pagina, jupyterlab: dict, nome: str) -> None:
    """Abre o caderno no JupyterLab, espera pelo kernel e corre todas as células."""
    pagina.goto(f"{jupyterlab['base']}/lab/tree/{nome}?token={jupyterlab['token']}")
    pagina.wait_for_function(
        """(nome) => {
            const atual = window.jupyterapp && window.jupyterapp.shell.currentWidget;
            const kernel = atual && atual.context && atual.context.path.endsWith(nome)
                && atual.sessionContext.session && atual.sessionContext.session.kernel;
            return kernel && kernel.status === "idle";
        }""",
        arg=nome,
        timeout=90_000,  # o arranque do kernel numa máquina nova e ocupada
    )
    pagina.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


def lancar_chromium(playwright, tmp_path: Path):
    """O Chromium do Debian, sem cabeça, com um perfil temporário (nada suja a tua configuração)."""
    return playwright.chromium.launch_persistent_context(
        str(tmp_path / "perfil-chromium"), executable_path=str(CHROMIUM), headless=True,
        args=ARGUMENTOS_CHROMIUM, viewport={"width": 1200, "height": 900},
    )



def _resumo_do_capitulo_1() -> str:
    """O resumo que o ``verificar(1, …)`` da última célula do caderno mostra, calculado aqui com as
    mesmas verificações: o total muda quando o capítulo 1 ganha exercícios ou propriedades, e só a
    letra do 1.2 passa."""
    from curso.caderno import Caderno
    from curso.verificacao import PASSOU, correr_verificacoes

    def por_fazer(*argumentos, **nomeados):
        raise NotImplementedError()

    resultados = correr_verificacoes(1, Caderno({"resposta_1_2": "a", "correr_ciclo": por_fazer,
                                                 "resumir_e_traduzir": por_fazer}))
    assert sum(r.estado == PASSOU for r in resultados) == 1, resultados
    return f"1/{len(resultados)} verificações públicas passaram"

@pytest.mark.timeout(900)  # três cadernos num browser: numa máquina nova e ocupada passa dos 300 s
def test_widgets_no_jupyterlab_com_chromium(jupyterlab, tmp_path):
    if not CHROMIUM.exists():
        pytest.fail(
            "Falta o Chromium do Debian em /usr/bin/chromium, de que este teste precisa. Instala-o com "
            "«apt-get update && apt-get install -y chromium» (nunca com «playwright install»)."
        )
    from playwright.sync_api import expect, sync_playwright

    capturas = _pasta_capturas(tmp_path)
    with sync_playwright() as p:
        browser = lancar_chromium(p, tmp_path)
        try:
            pagina = browser.new_page()
            pagina.set_default_timeout(30_000)
            expect.set_options(timeout=30_000)  # o expect tem 5 s por omissão: pouco numa máquina ocupada
            abrir_e_correr(pagina, jupyterlab, CADERNO.name)

            def saida(celula: int, texto: str):
                """A saída da célula n.º ``celula`` do caderno, quando já mostra ``texto``."""
                local = pagina.locator(".jp-Notebook .jp-Cell").nth(celula).locator(".jp-OutputArea-output")
                expect(local).to_contain_text(texto)
                return local

            passo = saida(2, "Ciclo ReAct, passo a passo")
            expect(passo).to_contain_text("Histórico (0 entrada(s))")
            seguinte = passo.get_by_role("button", name="Passo seguinte")
            for _ in range(3):  # pensar, agir, observar
                seguinte.click()
            expect(passo).to_contain_text("Histórico (1 entrada(s))")
            expect(passo).to_contain_text("consultar_preco")
            expect(passo).to_contain_text("próxima fase: pensar")
            passo.scroll_into_view_if_needed()
            for pasta in capturas:
                passo.screenshot(path=str(pasta / "passo_a_passo.png"))

            aprovacao = saida(4, "Aprovação humana")
            expect(aprovacao).to_contain_text("relatorio_antigo.txt")
            aprovar = aprovacao.get_by_role("button", name="Aprovar")
            expect(aprovar).to_be_enabled()
            aprovacao.scroll_into_view_if_needed()
            for pasta in capturas:
                aprovacao.screenshot(path=str(pasta / "aprovacao_pendente.png"))
            aprovar.click()
            expect(aprovacao).to_contain_text("Concluído")
            expect(aprovacao).to_contain_text("Apaguei o relatório.")
            expect(aprovacao).to_contain_text("✔ aprovada")
            expect(aprovar).to_be_disabled()
            for pasta in capturas:
                aprovacao.screenshot(path=str(pasta / "aprovacao.png"))

            traco = saida(5, "Traço da execução")
            expect(traco).to_contain_text("max_steps atingido")
            expect(traco).to_contain_text("caracteres)")  # o corpo longo foi truncado

            custo = saida(6, "Explorador de custo")
            expect(custo).to_contain_text("p95")
            expect(custo.locator("img")).to_be_visible()

            quiz = saida(7, "Num agente, quem decide")
            quiz.get_by_role("button", name="b", exact=True).click()
            expect(quiz).to_contain_text("A tua escolha")
            expect(quiz).to_contain_text('resposta_demo = "b"')

            progresso = saida(8, "O teu progresso")
            expect(progresso).to_contain_text("1/3")
            expect(progresso).to_contain_text("Próximo passo")

            # o relatório de verificar em HTML: ✔ a verde, ✘ a vermelho, dica a negrito, por fazer a cinzento
            relatorio = saida(9, "Exercício 1.2")
            passou = relatorio.locator(".curso-verificacao-passou").first
            expect(passou).to_contain_text("✔ resposta_1_2 é uma das letras")
            expect(passou).to_have_css("color", _rgb(CORES["ok"]))
            falhou = relatorio.locator(".curso-verificacao-falhou").first
            expect(falhou).to_contain_text("✘ A opção escolhida é a certa")
            expect(falhou).to_have_css("color", _rgb(CORES["erro"]))
            expect(relatorio.locator("b", has_text="Relê a secção")).to_have_css("font-weight", "700")
            por_fazer = relatorio.locator(".curso-verificacao-por_fazer").first
            expect(por_fazer).to_contain_text("ainda não implementado")
            expect(por_fazer).to_have_css("color", _rgb(CORES["neutro"]))
            expect(relatorio).to_contain_text(_resumo_do_capitulo_1())

            for nome, local in (("traco", traco), ("custo", custo), ("quiz", quiz), ("progresso", progresso),
                                ("verificar", relatorio)):
                local.scroll_into_view_if_needed()
                for pasta in capturas:
                    local.screenshot(path=str(pasta / f"{nome}.png"))

            # o clique no quiz chegou mesmo ao kernel: a variável existe lá com a letra
            valor = pagina.evaluate("""async () => {
                const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
                const pedido = kernel.requestExecute({code: "", user_expressions: {v: "resposta_demo"}});
                const resposta = await pedido.done;
                return resposta.content.user_expressions.v.data["text/plain"];
            }""")
            assert valor == "'b'"
            assert pagina.locator("body").inner_text().count("Error displaying widget") == 0

            # a lição do capítulo 1, como um estudante a abre: o passo a passo e o quiz funcionam
            abrir_e_correr(pagina, jupyterlab, CAPITULO_1.name)
            ciclo = pagina.locator(".jp-OutputArea-output").filter(has_text="Ciclo ReAct").first
            expect(ciclo).to_contain_text("quero um caderno")
            for _ in range(6):  # duas voltas completas: ver o stock (0) e encomendar
                ciclo.get_by_role("button", name="Passo seguinte").click()
            expect(ciclo).to_contain_text("Histórico (2 entrada(s))")
            expect(ciclo).to_contain_text("encomendar")
            ciclo.get_by_role("button", name="Passo seguinte").click()
            expect(ciclo).to_contain_text("Concluído")
            quiz_licao = pagina.locator(".jp-OutputArea-output").filter(has_text="mais voltas").first
            quiz_licao.get_by_role("button", name="a", exact=True).click()
            expect(quiz_licao).to_contain_text("A tua escolha")
            expect(quiz_licao).to_contain_text("o ciclo agente() é igual")
            expect(quiz_licao).to_contain_text("As outras opções")
            corpo = pagina.locator("body").inner_text()
            assert "Error displaying widget" not in corpo
            assert pagina.locator(".jp-OutputArea-output").filter(has_text="Traceback").count() == 0

            # a lição do capítulo 6: o painel de aprovação pausa uma execução real e retoma-a no clique
            abrir_e_correr(pagina, jupyterlab, CAPITULO_6.name)
            painel = pagina.locator(".jp-OutputArea-output").filter(has_text="Aprovação humana").first
            expect(painel).to_contain_text("ana@exemplo.pt", timeout=30_000)  # a chamada exata, à espera
            aprovar_licao = painel.get_by_role("button", name="Aprovar")
            expect(aprovar_licao).to_be_enabled()
            aprovar_licao.click()
            expect(painel).to_contain_text("clientes@empresa.pt")  # retomou e parou na seguinte
            rejeitar_licao = painel.get_by_role("button", name="Rejeitar")
            expect(rejeitar_licao).to_be_enabled()  # o pedido à vista pode ser respondido
            rejeitar_licao.click()
            expect(painel).to_contain_text("A execução terminou")
            expect(painel).to_contain_text("✔ aprovada")
            assert "Error displaying widget" not in pagina.locator("body").inner_text()
        finally:
            browser.close()
