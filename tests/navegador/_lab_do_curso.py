"""O JupyterLab de ``iniciar.py`` arrancado para um teste, e o que um teste faz com um caderno nele.

O comando é o de ``iniciar.comando_jupyterlab`` (o que quem estuda corre), só com o que um teste
precisa por cima: porta livre, token, a raiz que o teste escolhe, e pastas temporárias para as
definições, o runtime e a configuração (nada suja o repositório nem a configuração de quem corre).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import secrets
import subprocess
from pathlib import Path

from test_jupyterlab import RAIZ_REPO, _esperar_servidor, _porta_livre, parar

_spec = importlib.util.spec_from_file_location("iniciar", RAIZ_REPO / "iniciar.py")
iniciar = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(iniciar)

# o autosave a cada segundo (120 s por omissão): o teste espera por ele sem esperar dois minutos
AUTOSAVE_RAPIDO = {"@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {
    "autosave": True, "autosaveInterval": 1}}


def ambiente_do_teste(tmp_path: Path) -> dict[str, str]:
    """As pastas do Jupyter só deste teste (também para quem, no teste, procura servidores abertos)."""
    return {"JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
            "IPYTHONDIR": str(tmp_path / "ipython"), "MPLCONFIGDIR": str(tmp_path / "matplotlib"),
            "JUPYTER_PLATFORM_DIRS": "1"}


@contextlib.contextmanager
def jupyterlab_do_curso(raiz: Path, tmp_path: Path, definicoes: dict | None = None, professor: bool = False):
    """Arranca o JupyterLab de quem estuda com a raiz ``raiz``; devolve ``{"base", "token", "processo"}``."""
    pasta_definicoes = tmp_path / "definicoes"
    for nome, valor in (definicoes or {}).items():
        ficheiro = pasta_definicoes / nome
        ficheiro.parent.mkdir(parents=True, exist_ok=True)
        ficheiro.write_text(json.dumps(valor))
    comando, ambiente = iniciar.comando_jupyterlab(iniciar._python_do_venv(), professor=professor)
    porta, token = _porta_livre(), secrets.token_hex(16)
    # a raiz só aceita um valor: troca-se a do curso pela do teste
    comando = [a for a in comando if not a.startswith("--ServerApp.root_dir=")] + [
        "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={porta}",
        "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={raiz}",
        "--LabApp.expose_app_in_browser=True", f"--LabApp.user_settings_dir={pasta_definicoes}",
        f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
    ]
    if "--allow-root" not in comando:
        comando.append("--allow-root")
    ambiente.update(ambiente_do_teste(tmp_path))
    registo = open(tmp_path / "jupyterlab.log", "w")  # noqa: SIM115 — fica aberto enquanto o servidor corre
    processo = subprocess.Popen(comando, cwd=raiz, env=ambiente, stdout=registo, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{porta}"
    try:
        _esperar_servidor(f"{base}/api/status?token={token}", processo, tmp_path / "jupyterlab.log")
        yield {"base": base, "token": token, "processo": processo}
    finally:
        parar(processo, registo)


def abrir_lab(pagina, lab: dict) -> None:
    """Abre o JupyterLab (sem caderno) e espera que esteja pronto a abrir documentos."""
    pagina.goto(f"{lab['base']}/lab?token={lab['token']}")
    pagina.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager.isReady",
                             timeout=90_000)
    pagina.evaluate("() => window.jupyterapp.restored")


# Abre o caderno e espera pelo que o JupyterLab faz sozinho quando o kernel arranca: a resposta
# ``kernel_info`` (``language_info``) e o kernelspec escritos no modelo — os ``then`` do painel
# foram registados antes destes, por isso já correram.
_ABRIR = """async (caminho) => {
    const app = window.jupyterapp;
    const painel = await app.commands.execute("docmanager:open", {path: caminho});
    await painel.context.ready;
    await painel.sessionContext.ready;
    const kernel = painel.sessionContext.session.kernel;
    await kernel.info;
    await kernel.spec;
    window.__cadernoAberto = painel;
    return painel.context.path;
}"""


def abrir_caderno(pagina, caminho: str) -> None:
    """Abre ``caminho`` (relativo à raiz do servidor) e espera pelo kernel e pelo que ele preenche."""
    assert pagina.evaluate(_ABRIR, caminho) == caminho


def esperar_sem_alteracoes(pagina, limite_ms: int = 60_000) -> None:
    """Espera até o caderno aberto não ter nada por gravar (o *autosave*, se houve o que gravar)."""
    pagina.wait_for_function("() => !window.__cadernoAberto.context.model.dirty", timeout=limite_ms)


def gravar_e_fechar(pagina) -> None:
    """Grava o caderno aberto (como Ctrl+S), desliga o seu kernel e fecha-o."""
    pagina.evaluate("""async () => {
        const painel = window.__cadernoAberto;
        await painel.context.save();
        await painel.sessionContext.shutdown();
        painel.dispose();
        window.__cadernoAberto = null;
    }""")
