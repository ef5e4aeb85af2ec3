"""``curso atualizar`` com o JupyterLab aberto no curso e uma resposta por gravar, num Chromium
verdadeiro.

Se atualizasse, o JupyterLab ficava com a versão antiga no ecrã: ao gravar a resposta, o diálogo
«File Changed» (com «Overwrite» em foco) repunha por cima o enunciado antigo, e «Revert» perdia a
resposta. Por isso recusa, diz como fechar o JupyterLab e não mexe em nada; a resposta grava-se
sem diálogo e, com o JupyterLab fechado, a atualização traz o enunciado novo com a resposta.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import nbformat
import pytest
from _lab_do_curso import abrir_caderno, abrir_lab, ambiente_do_teste, esperar_sem_alteracoes, jupyterlab_do_curso
from test_jupyterlab import CHROMIUM, RAIZ_REPO, lancar_chromium

pytestmark = pytest.mark.navegador

CADERNO = "exercises/cap01/cap01.ipynb"
RESPOSTA = "def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):\n    return 'a minha resposta'"
NOVO = " (enunciado da versão nova)"
GIT = {"GIT_AUTHOR_NAME": "Curso", "GIT_AUTHOR_EMAIL": "curso@exemplo.invalid", "GIT_COMMITTER_NAME": "Curso",
       "GIT_COMMITTER_EMAIL": "curso@exemplo.invalid", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


def _git(pasta, *args) -> str:
    return subprocess.run(["git", *args], cwd=pasta, capture_output=True, text=True, timeout=60, check=True,
                          env={**os.environ, **GIT}).stdout


def _celula(nb, grade_id):
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def _origem_e_clone(tmp_path):
    """A origem do curso (o caderno do capítulo 1) e o clone de quem estuda; depois, a origem
    ganha uma versão nova com outro enunciado do 1.1."""
    origem, clone = tmp_path / "origem", tmp_path / "aluno"
    (origem / "exercises" / "cap01").mkdir(parents=True)
    shutil.copy2(RAIZ_REPO / CADERNO, origem / CADERNO)
    shutil.copy2(RAIZ_REPO / ".gitignore", origem / ".gitignore")
    _git(origem, "init", "-q", "-b", "main")
    _git(origem, "add", "-A")
    _git(origem, "commit", "-q", "-m", "versão 1")
    _git(tmp_path, "clone", "-q", str(origem), str(clone))
    nb = nbformat.read(origem / CADERNO, as_version=4)
    _celula(nb, "enunciado_1_1").source += NOVO
    nbformat.write(nb, origem / CADERNO)
    _git(origem, "commit", "-q", "-am", "versão 2")
    return clone


def _atualizar(clone, tmp_path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "curso", "atualizar", "--pasta", str(clone)],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, **GIT, **ambiente_do_teste(tmp_path)})


# a célula da resposta do 1.1 passa a ser a ativa; devolve o seu índice
_CELULA_DO_1_1 = """() => {
    const celula = window.__cadernoAberto.content.widgets.find(
        (c) => (c.model.getMetadata("nbgrader") || {}).grade_id === "ex1_1");
    window.__cadernoAberto.content.activeCellIndex = window.__cadernoAberto.content.widgets.indexOf(celula);
    return window.__cadernoAberto.content.widgets.indexOf(celula);
}"""


@pytest.mark.timeout(600)
def test_atualizar_com_o_jupyterlab_aberto_recusa_e_nada_se_perde(tmp_path):
    if not CHROMIUM.exists():
        pytest.fail("Falta o Chromium do Debian em /usr/bin/chromium (apt-get install -y chromium).")
    from playwright.sync_api import expect, sync_playwright

    clone = _origem_e_clone(tmp_path)
    sem_autosave = {"@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False}}
    with jupyterlab_do_curso(clone, tmp_path, sem_autosave) as lab, sync_playwright() as p:
        browser = lancar_chromium(p, tmp_path)
        try:
            pagina = browser.new_page()
            pagina.set_default_timeout(90_000)
            expect.set_options(timeout=30_000)
            abrir_lab(pagina, lab)
            abrir_caderno(pagina, CADERNO)
            # quem estuda escreve a resposta do 1.1 e ainda não a gravou
            indice = pagina.evaluate(_CELULA_DO_1_1)
            editor = pagina.locator(".jp-Notebook .jp-Cell").nth(indice).locator(".cm-content")
            editor.click()
            pagina.keyboard.press("Control+a")
            pagina.keyboard.insert_text(RESPOSTA)
            expect(pagina.locator(".jp-mod-dirty")).not_to_have_count(0)  # o ponto de «por gravar»

            r = _atualizar(clone, tmp_path)
            assert r.returncode == 1, f"atualizou com o JupyterLab aberto:\n{r.stdout}{r.stderr}"
            assert "fecha-o" in r.stderr and "File → Shut Down" in r.stderr, r.stderr
            assert _git(clone, "log", "-1", "--format=%s").strip() == "versão 1"

            # a resposta grava-se (Ctrl+S) sem o diálogo «File Changed»: o ficheiro não mudou por baixo
            pagina.keyboard.press("Control+s")
            esperar_sem_alteracoes(pagina)
            expect(pagina.locator(".jp-Dialog")).to_have_count(0)
            assert _celula(nbformat.read(clone / CADERNO, as_version=4), "ex1_1").source == RESPOSTA
        finally:
            browser.close()
    # com o JupyterLab fechado (como Ctrl+C), a atualização traz o enunciado novo e guarda a resposta
    r = _atualizar(clone, tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    nb = nbformat.read(clone / CADERNO, as_version=4)
    assert _celula(nb, "enunciado_1_1").source.endswith(NOVO)
    assert _celula(nb, "ex1_1").source == RESPOSTA
