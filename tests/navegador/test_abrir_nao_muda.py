"""Abrir e ler um caderno não o modifica: cada lição, solução e exercício, aberto no JupyterLab de
quem estuda num Chromium verdadeiro, fica igual byte a byte depois do *autosave* e de um Ctrl+S.

O kernel preenche o ``language_info`` e o JupyterLab o ``kernelspec`` do caderno; se o que está
gravado for diferente, o caderno fica com alterações por gravar e o *autosave* reescreve-o: o
``git status`` nunca fica limpo e cada ``curso atualizar`` guarda cópias de lições só lidas.
Um dos cadernos vai gravado com outra versão do Python (a de quem o gravou, não a deste kernel):
o JupyterLab de ``iniciar.py`` grava-o com a versão que o ficheiro tinha.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from _lab_do_curso import (
    AUTOSAVE_RAPIDO,
    abrir_caderno,
    abrir_lab,
    esperar_sem_alteracoes,
    gravar_e_fechar,
    jupyterlab_do_curso,
)
from test_jupyterlab import CHROMIUM, RAIZ_REPO, lancar_chromium

pytestmark = pytest.mark.navegador

PASTAS = ("chapters", "solutions", "exercises")
OUTRO_PYTHON = "chapters/00_como_usar.ipynb"  # gravado com outra versão do Python


def _git(pasta, *args) -> str:
    r = subprocess.run(["git", *args], cwd=pasta, capture_output=True, text=True, timeout=60, check=True)
    return r.stdout


def _copia_com_git(destino):
    """Os cadernos do repositório (como estão na árvore) num repositório git novo, com um commit."""
    for pasta in PASTAS:
        for caderno in sorted((RAIZ_REPO / pasta).rglob("*.ipynb")):
            if ".ipynb_checkpoints" in caderno.parts:
                continue
            alvo = destino / caderno.relative_to(RAIZ_REPO)
            alvo.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(caderno, alvo)
    outro = destino / OUTRO_PYTHON
    nb = json.loads(outro.read_text(encoding="utf-8"))
    nb["metadata"]["language_info"]["version"] = "3.99.0"
    outro.write_text(json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    shutil.copy2(RAIZ_REPO / ".gitignore", destino / ".gitignore")  # o .ipynb_checkpoints/ do JupyterLab
    _git(destino, "init", "-q")
    _git(destino, "add", "-A")
    _git(destino, "-c", "user.name=teste", "-c", "user.email=teste@exemplo.pt", "commit", "-q", "-m", "cadernos")
    return sorted(str(p.relative_to(destino)) for p in destino.rglob("*.ipynb"))


@pytest.mark.timeout(1200)  # 29 cadernos, um kernel cada, numa máquina nova e ocupada
def test_abrir_e_gravar_cada_caderno_nao_o_muda(tmp_path):
    if not CHROMIUM.exists():
        pytest.fail("Falta o Chromium do Debian em /usr/bin/chromium (apt-get install -y chromium).")
    from playwright.sync_api import sync_playwright

    raiz = tmp_path / "curso"
    raiz.mkdir()
    cadernos = _copia_com_git(raiz)
    assert len(cadernos) >= 3 * 9
    with jupyterlab_do_curso(raiz, tmp_path, AUTOSAVE_RAPIDO) as lab, sync_playwright() as p:
        browser = lancar_chromium(p, tmp_path)
        try:
            pagina = browser.new_page()
            pagina.set_default_timeout(90_000)  # o arranque de um kernel numa máquina nova e ocupada
            abrir_lab(pagina, lab)
            for caminho in cadernos:
                abrir_caderno(pagina, caminho)
                esperar_sem_alteracoes(pagina)  # se o kernel mudou alguma coisa, o autosave já gravou
                gravar_e_fechar(pagina)
        finally:
            browser.close()
    mudados = _git(raiz, "status", "--porcelain")
    assert mudados == "", (
        f"abrir e gravar estes cadernos mudou-os:\n{mudados}\n"
        + _git(raiz, "diff", "--stat") + _git(raiz, "diff", "--", cadernos[0])[:3000])
