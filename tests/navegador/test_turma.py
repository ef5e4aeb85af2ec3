"""O relatório da turma (``curso turma``) abre no Chromium verdadeiro a partir do ficheiro, sem
servidor: as duas imagens desenham-se, a matriz aparece, e o browser não pede nada fora do
próprio ficheiro (nem rede, nem outros ficheiros)."""

from __future__ import annotations

import re
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_jupyterlab import CHROMIUM, _pasta_capturas, lancar_chromium

# a turma simulada dos testes do relatório
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "turma"))
import _simulada

pytestmark = pytest.mark.navegador


@pytest.mark.timeout(300)
def test_relatorio_abre_no_chromium_sem_servidor(tmp_path):
    if not CHROMIUM.exists():
        pytest.fail("Falta o Chromium do Debian em /usr/bin/chromium (apt-get install -y chromium).")
    from playwright.sync_api import sync_playwright

    raiz = tmp_path / "curso"
    shutil.copytree(_simulada.SOLUCOES, raiz / "solutions")
    _simulada.aleatoria(raiz, 30, semente=7)
    r = subprocess.run([sys.executable, "-m", "curso", "turma"], cwd=raiz, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    relatorio = raiz / "relatorios" / "turma.html"
    pedidos = []
    with sync_playwright() as p:
        browser = lancar_chromium(p, tmp_path)
        try:
            pagina = browser.new_page()
            pagina.on("request", lambda pedido: pedidos.append(pedido.url))
            pagina.goto(relatorio.as_uri())
            assert pagina.title() == "Relatório da turma"
            larguras = pagina.eval_on_selector_all(
                "img", "imgs => imgs.map(i => i.complete ? i.naturalWidth : 0)")
            assert len(larguras) == 2 and all(w > 500 for w in larguras), larguras
            assert pagina.locator("table.matriz tbody tr").count() == 30
            assert pagina.locator("text=aluno030").first.is_visible()
            pagina.screenshot(path=str(tmp_path / "turma.png"))
        finally:
            browser.close()
    fora = [u for u in pedidos if not u.startswith(("data:", relatorio.as_uri()))]
    assert not fora, fora


# ---------------------------------------------------------------------------------------------
# a primeira semana de uma turma de verdade: três alunos corrigidos só no capítulo 1, e o que o
# professor e os alunos veem (o relatório, o retorno e a correção manual no formgrader)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from curso.correcao.fronteira import _ident  # noqa: E402

from correcao._turma import (celula, copiar_curso, corrigir, esboco, exercicios, ler,  # noqa: E402
                             maximo, nota_no_retorno, resolvido, submeter)

CAP = "cap01"
# os números da primeira semana tirados das soluções (mudam quando o capítulo 1 muda): a carla tem
# tudo menos o 1.3, onde o kernel morreu
EXERCICIOS = [_ident(ver) for _, ver, _ in exercicios(CAP)]  # a regra do corretor: ex1_2_verificacao → 1.2
PONTOS_1_3 = exercicios(CAP)[2][2]
CARLA = maximo(CAP) - PONTOS_1_3
INGLES = ["Student's answer", "Grade cell", "Test cell", "Score", "(Top)", "In [", "Full credit",
          "Submission", "Next", "Prev", "Manual Grading", "Loading", "Names", "Gradebook", "Search",
          "Manage", "Assignment", "Student", "Generate", "Release", "Collect", "Instructions",
          "Due Date", "None", "Add new"]


@pytest.fixture(scope="module")
def primeira_semana(tmp_path_factory):
    """O curso (capítulos 1 e 2) corrigido por omissão, com três alunos no capítulo 1: a ana com
    as soluções, o bruno com o caderno em branco, a carla com o 1.3 a matar o kernel."""
    pasta = tmp_path_factory.mktemp("curso")
    copiar_curso(pasta, [CAP, "cap02"])
    submeter(pasta, "ana", CAP, resolvido(CAP))
    submeter(pasta, "bruno", CAP, ler(pasta / "exercises" / CAP / f"{CAP}.ipynb"))
    nb = resolvido(CAP)
    sol_c = exercicios(CAP)[2][0]
    celula(nb, sol_c)["source"] = esboco(CAP, sol_c, "import os\nos._exit(3)")
    submeter(pasta, "carla", CAP, nb)
    r = corrigir(pasta, "--timeout", "15")
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run([sys.executable, "-m", "curso", "turma"], cwd=pasta, capture_output=True,
                       text=True, timeout=180)
    assert r.returncode == 0, r.stdout + r.stderr
    return pasta


def _so_ficheiros(pagina, pedidos: list[str]) -> None:
    """Regista os pedidos e recusa os que sairiam da máquina (o MathJax do retorno vem da rede)."""
    pagina.on("request", lambda pedido: pedidos.append(pedido.url))
    pagina.route(re.compile(r"^https?://"), lambda rota: rota.abort())


def _capturar(pagina, tmp_path, nome: str) -> None:
    for pasta in _pasta_capturas(tmp_path):
        pagina.screenshot(path=str(pasta / nome))


@pytest.mark.timeout(900)
def test_relatorio_e_retorno_da_primeira_semana_no_chromium(primeira_semana, tmp_path):
    if not CHROMIUM.exists():
        pytest.fail("Falta o Chromium do Debian em /usr/bin/chromium (apt-get install -y chromium).")
    from playwright.sync_api import expect, sync_playwright

    relatorio = primeira_semana / "relatorios" / "turma.html"
    retorno = primeira_semana / "feedback" / "carla" / CAP / f"{CAP}.html"
    with sync_playwright() as p:
        browser = lancar_chromium(p, tmp_path)
        try:
            pagina = browser.new_page()
            pagina.set_viewport_size({"width": 1100, "height": 1250})
            pedidos: list[str] = []
            _so_ficheiros(pagina, pedidos)
            pagina.goto(relatorio.as_uri())
            corpo = pagina.locator("body")
            expect(corpo).to_contain_text(f"3 alunos, {len(EXERCICIOS)} exercícios em 1 capítulo(s) (cap01)")
            expect(pagina.locator("table.matriz tbody tr")).to_have_count(3)
            expect(pagina.locator("table.matriz thead th")).to_have_text(
                ["aluno", *EXERCICIOS, "total"])
            rever = pagina.locator("#falhadas ~ table").first
            expect(rever).to_contain_text("carla")
            expect(rever).to_contain_text(f"{CARLA:g}/{maximo(CAP):g}")
            expect(rever).to_contain_text("o kernel morreu")
            assert "/87" not in corpo.inner_text() and "cap02" not in corpo.inner_text()
            larguras = pagina.eval_on_selector_all(
                "img", "imgs => imgs.map(i => i.complete ? i.naturalWidth : 0)")
            assert len(larguras) == 2 and all(w > 500 for w in larguras), larguras
            _capturar(pagina, tmp_path, "turma_primeira_semana.png")

            pagina.goto(retorno.as_uri())
            expect(pagina.locator("h4").first).to_have_text(f"cap01 {nota_no_retorno(CARLA, maximo(CAP))}")
            expect(pagina.locator("#toc")).to_contain_text(f"Verificação do exercício 1.3 {nota_no_retorno(0, PONTOS_1_3)}")
            expect(pagina.get_by_text("A tua resposta").first).to_be_visible()
            expect(pagina.get_by_text("(voltar ao início)").first).to_be_visible()
            texto = corpo.inner_text()
            assert [palavra for palavra in INGLES if palavra in texto] == [], texto[:2000]
            _capturar(pagina, tmp_path, "retorno_ao_aluno.png")
            # a verificação do 1.3, onde o kernel da carla morreu: a nota e o que o aluno lê
            verificacao = pagina.locator("a[name=ex1_3_verificacao] + .panel-heading")
            expect(verificacao).to_contain_text("Verificação do exercício 1.3")
            expect(verificacao).to_contain_text(f"Nota: 0 / {PONTOS_1_3:g}")
            verificacao.scroll_into_view_if_needed()
            pagina.evaluate("() => window.scrollBy(0, -300)")
            _capturar(pagina, tmp_path, "retorno_verificacao.png")
        finally:
            browser.close()
    fora = [u for u in pedidos if not u.startswith(("data:", "file://"))]
    assert all(u.startswith(("https://cdnjs", "http://cdnjs")) for u in fora), fora


@pytest.mark.timeout(900)
def test_correcao_manual_no_formgrader_em_portugues(primeira_semana, tmp_path):
    """O formgrader do modo do professor (``iniciar.py professor``): as páginas da correção
    manual (curso.correcao.formgrader) e a submissão da carla (o modelo «formgrade» traduzido)."""
    if not CHROMIUM.exists():
        pytest.fail("Falta o Chromium do Debian em /usr/bin/chromium (apt-get install -y chromium).")
    import importlib.util

    from nbgrader.api import Gradebook
    from playwright.sync_api import expect, sync_playwright

    from test_jupyterlab import RAIZ_REPO, _esperar_servidor, _porta_livre, parar

    spec = importlib.util.spec_from_file_location("iniciar", RAIZ_REPO / "iniciar.py")
    iniciar = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(iniciar)
    with Gradebook(f"sqlite:///{primeira_semana / 'gradebook.db'}") as gb:
        submissao = gb.find_submission_notebook(CAP, CAP, "carla").id
    comando, ambiente = iniciar.comando_jupyterlab(iniciar._python_do_venv(), professor=True)
    porta, token = _porta_livre(), secrets.token_hex(16)
    comando = [a for a in comando if not a.startswith("--ServerApp.root_dir=")] + [
        "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={porta}",
        "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={primeira_semana}", "--allow-root"]
    ambiente.update(JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
                    IPYTHONDIR=str(tmp_path / "ipython"), JUPYTER_PLATFORM_DIRS="1")
    registo = open(tmp_path / "jupyterlab.log", "w")  # noqa: SIM115 — fica aberto enquanto o servidor corre
    processo = subprocess.Popen(comando, cwd=primeira_semana, env=ambiente, stdout=registo,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{porta}"
    try:
        _esperar_servidor(f"{base}/api/status?token={token}", processo, tmp_path / "jupyterlab.log")
        with sync_playwright() as p:
            browser = lancar_chromium(p, tmp_path)
            try:
                pagina = browser.new_page()
                pagina.set_viewport_size({"width": 1200, "height": 1000})
                pagina.set_default_timeout(90_000)  # o primeiro HTML do formgrader numa máquina ocupada
                # a primeira página do formgrader, a gestão dos capítulos, e a dos alunos
                pagina.goto(f"{base}/formgrader?token={token}")
                expect(pagina.locator("h1").nth(1)).to_have_text("Gerir trabalhos", timeout=90_000)
                expect(pagina.locator("thead th").first).to_have_text("Capítulo")
                expect(pagina.locator("#main-table tr").first).to_contain_text(CAP)  # a tabela carregou
                expect(pagina.get_by_role("link", name="Novo capítulo…")).to_be_visible()
                corpo = pagina.locator("body").inner_text()
                assert [palavra for palavra in INGLES if palavra in corpo] == [], corpo[:2000]
                _capturar(pagina, tmp_path, "formgrader_gerir_trabalhos.png")
                pagina.goto(f"{base}/formgrader/manage_students?token={token}")
                expect(pagina.locator("h1").nth(1)).to_have_text("Gerir alunos")
                expect(pagina.locator("#main-table")).to_contain_text("carla")
                expect(pagina.locator("#main-table")).to_contain_text("(sem nome)")
                corpo = pagina.locator("body").inner_text()
                assert [palavra for palavra in INGLES if palavra in corpo] == [], corpo[:2000]
                # o caminho da correção manual: capítulos → cadernos → submissões → uma submissão
                pagina.goto(f"{base}/formgrader/gradebook?token={token}")
                expect(pagina.locator("h1").nth(1)).to_have_text("Correção manual", timeout=90_000)
                expect(pagina.locator("thead th")).to_have_text(
                    ["Capítulo", "Data limite", "Submissões", "Nota média"])
                expect(pagina.locator("#main-table")).to_contain_text(CAP)  # a tabela carregou
                pagina.goto(f"{base}/formgrader/gradebook/{CAP}/{CAP}?token={token}")
                expect(pagina.locator("#toggle_names")).to_have_text("Mostrar todos os nomes")
                expect(pagina.locator("#main-table tr")).to_have_count(3)
                expect(pagina.locator("#main-table")).to_contain_text("Submissão n.º 3")
                pagina.locator("#toggle_names").click()
                expect(pagina.locator("#toggle_names")).to_have_text("Esconder todos os nomes")
                expect(pagina.locator("#main-table")).to_contain_text("carla")
                expect(pagina.get_by_text("Procurar:")).to_be_visible()
                corpo = pagina.locator("body").inner_text()
                assert [palavra for palavra in INGLES if palavra in corpo] == [], corpo[:2000]
                _capturar(pagina, tmp_path, "formgrader_submissoes.png")
                pagina.goto(f"{base}/formgrader/submissions/{submissao}/?token={token}")
                expect(pagina.locator(".panel-title").first).to_contain_text(
                    re.compile(r"Submissão [123] de 3"), timeout=90_000)
                expect(pagina.get_by_text("Resposta do aluno").first).to_be_visible()
                expect(pagina.get_by_role("button", name="Nota máxima").first).to_be_visible()
                expect(pagina.get_by_role("link", name="Correção manual")).to_be_visible()
                corpo = pagina.locator("body").inner_text()
                assert [palavra for palavra in INGLES if palavra in corpo] == [], corpo[:2000]
                _capturar(pagina, tmp_path, "formgrader_correcao_manual.png")
            finally:
                browser.close()
    finally:
        parar(processo, registo)
