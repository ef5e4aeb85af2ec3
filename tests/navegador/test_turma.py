"""O relatório da turma (``curso turma``) abre no Chromium verdadeiro a partir do ficheiro, sem
servidor: as duas imagens desenham-se, a matriz aparece, e o browser não pede nada fora do
próprio ficheiro (nem rede, nem outros ficheiros)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_jupyterlab import CHROMIUM, lancar_chromium

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
