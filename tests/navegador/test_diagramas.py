"""Os diagramas Mermaid das lições desenham-se num JupyterLab verdadeiro, sem extensões nem rede.

Abre a lição do capítulo 1 no JupyterLab do teste dos widgets (o mesmo fixture, as mesmas opções
do Chromium) e espera que o diagrama do ciclo ReAct apareça desenhado em SVG, sem o aviso de erro do
Mermaid. A captura do diagrama fica em ``tmp_path``; com ``CURSO_CAPTURAS=docs/capturas`` vai
também para a documentação.
"""

from __future__ import annotations

from urllib.parse import unquote

import pytest
from test_jupyterlab import (  # o mesmo JupyterLab e o mesmo Chromium do teste dos widgets
    CAPITULO_1,
    CHROMIUM,
    _pasta_capturas,
    jupyterlab,  # noqa: F401 — fixture usado pelo teste abaixo
    lancar_chromium,
)

pytestmark = pytest.mark.navegador


def test_diagrama_mermaid_da_licao_1_aparece_como_svg(jupyterlab, tmp_path):  # noqa: F811
    if not CHROMIUM.exists():
        pytest.fail("Falta o Chromium do Debian em /usr/bin/chromium (apt-get install -y chromium).")
    from playwright.sync_api import expect, sync_playwright

    capturas = _pasta_capturas(tmp_path)
    with sync_playwright() as p:
        browser = lancar_chromium(p, tmp_path)
        try:
            pagina = browser.new_page()
            pagina.set_default_timeout(45_000)
            pagina.goto(f"{jupyterlab['base']}/lab/tree/{CAPITULO_1.name}?token={jupyterlab['token']}")
            # o que uma pessoa veria: o diagrama desenhado, não o bloco de texto nem o aviso de erro
            # (o JupyterLab 4 mostra o SVG do Mermaid numa <img> com um URL data:image/svg+xml)
            diagrama = pagina.locator(".jp-MarkdownCell .jp-RenderedMermaid:not(.jp-mod-warning)").first
            desenho = diagrama.locator("img[src^='data:image/svg+xml']").first
            expect(desenho).to_be_visible(timeout=60_000)
            pagina.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=desenho.element_handle())
            svg = unquote(desenho.get_attribute("src").partition(",")[2])
            assert "<svg" in svg and "observar" in svg, "o SVG desenhado não é o diagrama do ciclo ReAct"
            assert pagina.locator(".jp-RenderedMermaid.jp-mod-warning").count() == 0, (
                "o Mermaid mostrou um aviso de erro num diagrama da lição 1")
            diagrama.scroll_into_view_if_needed()
            for pasta in capturas:
                diagrama.screenshot(path=str(pasta / "diagrama_ciclo_react.png"))
        finally:
            browser.close()
