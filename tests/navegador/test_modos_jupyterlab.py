"""O JupyterLab do aluno (``python3 iniciar.py``) e o do professor (``python3 iniciar.py professor``),
num browser verdadeiro.

O aluno não vê as ferramentas do professor do nbgrader (menu Nbgrader, botão «Validate», painel
«Create Assignment», Formgrader, Course List) nem o aviso das notícias do Jupyter; o professor vê
as ferramentas, e também não o aviso. O JupyterLab arranca com o comando de ``iniciar.py``, só com o que um teste precisa por
cima (porta livre, token, pastas temporárias para a raiz, as definições e o runtime), e abre uma
cópia da lição 1, como o aluno a vê ao arrancar.
"""

from __future__ import annotations

import json
import os
import shutil
import urllib.error
import urllib.request

import pytest

from _lab_do_curso import iniciar, jupyterlab_do_curso
from test_jupyterlab import CHROMIUM, RAIZ_REPO, lancar_chromium



NOTICIAS = "Would you like to get notified about official Jupyter news?"
COMANDOS_DO_PROFESSOR = ["nbgrader:open-formgrader", "nbgrader:open-course-list",
                         "nbgrader:open-create-assignment"]


def _estado_http(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as resposta:
            return resposta.status
    except urllib.error.HTTPError as erro:
        return erro.code


@pytest.fixture(params=["aluno", "professor"])
def jupyterlab_de(request, tmp_path):
    """O JupyterLab de ``iniciar.py`` no modo pedido; desliga-se sempre no fim."""
    professor = request.param == "professor"
    raiz = tmp_path / "raiz"
    (raiz / "chapters").mkdir(parents=True)
    shutil.copy(RAIZ_REPO / iniciar.PRIMEIRA_LICAO, raiz / iniciar.PRIMEIRA_LICAO)
    with jupyterlab_do_curso(raiz, tmp_path, professor=professor) as lab:
        yield {**lab, "professor": professor}


@pytest.mark.navegador  # o último teste deste ficheiro não precisa do browser
@pytest.mark.timeout(600)
def test_ferramentas_do_professor_so_no_modo_do_professor(jupyterlab_de, tmp_path):
    if not CHROMIUM.exists():
        pytest.fail("Falta o Chromium do Debian em /usr/bin/chromium (apt-get install chromium).")
    from playwright.sync_api import expect, sync_playwright

    base, token, professor = jupyterlab_de["base"], jupyterlab_de["token"], jupyterlab_de["professor"]
    with sync_playwright() as p:
        browser = lancar_chromium(p, tmp_path)
        try:
            pagina = browser.new_page()
            pagina.set_default_timeout(90_000)  # o arranque numa máquina nova e ocupada
            expect.set_options(timeout=90_000)
            pagina.goto(f"{base}/lab/tree/{iniciar.PRIMEIRA_LICAO}?token={token}")
            barra = pagina.locator(".jp-NotebookPanel-toolbar")
            expect(barra).to_contain_text("Python 3")  # a lição aberta, com o kernel escolhido
            expect(pagina.get_by_role("menuitem", name="Help")).to_be_visible()
            pagina.evaluate("() => window.jupyterapp.restored")  # o aviso das notícias vem depois disto
            menu_nbgrader = pagina.get_by_role("menuitem", name="Nbgrader")
            validar = barra.get_by_role("button", name="Validate")
            painel = pagina.locator('.jp-SideBar.jp-mod-right [title="Nbgrader Create Assignment"]')
            noticias = pagina.get_by_text(NOTICIAS).first
            # o aviso vem depois de restored, a seu tempo: que não está lá prova-se pela extensão
            # desligada na página (nos dois modos), e não só por ainda não ter aparecido
            desligadas = pagina.evaluate("() => JSON.parse(document.getElementById("
                                         "'jupyter-config-data').textContent).disabledExtensions")
            assert "@jupyterlab/apputils-extension:announcements" in desligadas, desligadas
            comandos = pagina.evaluate("(nomes) => nomes.map((n) => window.jupyterapp.commands.hasCommand(n))",
                                       COMANDOS_DO_PROFESSOR)
            if professor:
                expect(menu_nbgrader).to_be_visible()
                expect(validar).to_be_visible()
                expect(painel).to_have_count(1)
                expect(noticias).to_have_count(0)
                assert comandos == [True] * len(COMANDOS_DO_PROFESSOR)
                assert _estado_http(f"{base}/formgrader?token={token}") == 200
            else:
                expect(menu_nbgrader).to_have_count(0)
                expect(validar).to_have_count(0)
                expect(painel).to_have_count(0)
                expect(noticias).to_have_count(0)
                assert comandos == [False] * len(COMANDOS_DO_PROFESSOR)
                for caminho in ("formgrader", "courses"):
                    assert _estado_http(f"{base}/{caminho}?token={token}") == 404, caminho
            pagina.screenshot(path=str(tmp_path / ("professor.png" if professor else "aluno.png")))
        finally:
            browser.close()


def _so_o_page_config(pasta) -> dict:
    """A pasta de configuração está no repositório e só tem o ``labconfig/page_config.json``."""
    assert pasta.is_relative_to(RAIZ_REPO)
    ficheiros = sorted(str(f.relative_to(pasta)) for f in pasta.rglob("*") if f.is_file())
    assert ficheiros == [os.path.join("labconfig", "page_config.json")]
    return json.loads((pasta / "labconfig" / "page_config.json").read_text())


def test_a_configuracao_do_professor_so_desliga_as_noticias():
    assert _so_o_page_config(iniciar.CONFIGURACAO_PROFESSOR) == {
        "disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}


def test_a_configuracao_do_aluno_e_do_curso_e_so_desliga_o_que_deve():
    """A configuração do aluno só desliga extensões do navegador."""
    config = _so_o_page_config(iniciar.CONFIGURACAO_ALUNO)
    assert set(config) == {"disabledExtensions"}
    assert all(nome.startswith(("@jupyter/nbgrader:", "@jupyterlab/apputils-extension:announcements"))
               for nome in config["disabledExtensions"])
