"""Arranque do curso «Agentes e Workflows Multi-Step» — dois comandos, em qualquer máquina.

    python3 iniciar.py          prepara o ambiente (se for preciso) e abre o JupyterLab no capítulo 1
    python3 iniciar.py testes   prepara o ambiente (se for preciso) e corre todos os testes

Preparar = criar .venv/ e instalar as versões fixadas em requirements.lock. Só se repete quando
requirements.lock ou pyproject.toml mudam, por isso os dois comandos podem correr as vezes que
quiseres. Não precisa de chave de API nem de rede depois de instalado.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parent
VENV = RAIZ / ".venv"
MARCA = VENV / ".curso-instalado"
PRIMEIRA_LICAO = "chapters/01_o_que_e_um_agente.ipynb"


def _python_do_venv() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _assinatura() -> str:
    h = hashlib.sha256()
    for nome in ("requirements.lock", "pyproject.toml"):
        h.update((RAIZ / nome).read_bytes())
    return h.hexdigest()


def _correr(*comando, **opcoes) -> None:
    print("→", " ".join(str(c) for c in comando), flush=True)
    subprocess.run([str(c) for c in comando], check=True, **opcoes)


def preparar() -> Path:
    """Cria o ambiente e instala as dependências, só quando é preciso."""
    if sys.version_info < (3, 11):
        sys.exit(f"O curso precisa de Python 3.11 ou mais recente; este é o {sys.version.split()[0]}.")
    python = _python_do_venv()
    if not python.exists():
        print("A criar o ambiente virtual em .venv/ …")
        _correr(sys.executable, "-m", "venv", VENV)
    if MARCA.exists() and MARCA.read_text() == _assinatura():
        return python
    print("A instalar as versões fixadas (requirements.lock); só acontece da primeira vez …")
    _correr(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
            "-r", RAIZ / "requirements.lock")
    _correr(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
            "--no-deps", "-e", RAIZ)
    MARCA.write_text(_assinatura())
    return python


def _ambiente() -> dict:
    env = dict(os.environ, CURSO_RAIZ=str(RAIZ), PYTHONUTF8="1")
    # o mesmo que curso.raiz.path_com_este_interpretador, para o .venv visto de fora: este
    # ficheiro corre com o Python do sistema, antes de o pacote estar instalado
    bin_do_venv = str(_python_do_venv().parent)
    env["PATH"] = os.pathsep.join([bin_do_venv, env.get("PATH", "")])
    return env


def abrir_jupyterlab(python: Path) -> int:
    print("A abrir o JupyterLab no capítulo 1 (offline; fecha com Ctrl+C) …")
    # a raiz do servidor é a do curso (para chegares a exercises/), e abre-se já a lição 1
    comando = [str(python), "-m", "jupyter", "lab", f"--ServerApp.root_dir={RAIZ}",
               f"--LabApp.default_url=/lab/tree/{PRIMEIRA_LICAO}",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
               "--LabApp.news_url=None"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        comando.append("--allow-root")  # num contentor ou numa máquina de testes corre-se como root
    return subprocess.call(comando, cwd=RAIZ, env=_ambiente())


def _ha_chromium() -> bool:
    return any(shutil.which(n) for n in ("chromium", "chromium-browser")) or Path("/usr/bin/chromium").exists()


def correr_testes(python: Path, extra: list[str]) -> int:
    argumentos = [str(python), "-m", "pytest", "-n", "2", "-q", "-p", "no:cacheprovider"]
    fora = []
    if not _ha_chromium() and not os.environ.get("CI"):
        print("⚠ Chromium não encontrado: os testes no navegador ficam de fora desta corrida. "
              "Instala-o (Debian/Ubuntu: apt-get install chromium) para os correr também.")
        fora.append("not navegador")
    if (os.name != "posix" or os.geteuid() != 0) and not os.environ.get("CI"):
        # o teste do JupyterHub cria utilizadores Unix: só corre como root (como na CI)
        print("⚠ Sem root: o teste da turma num JupyterHub (tests/hub) fica de fora desta corrida.")
        fora.append("not hub")
    if fora:
        argumentos += ["-m", " and ".join(fora)]
    return subprocess.call(argumentos + extra, cwd=RAIZ, env=_ambiente())


def main(argv: list[str]) -> int:
    if argv[:1] in ([], ["lab"]):
        return abrir_jupyterlab(preparar())
    if argv[0] == "testes":
        return correr_testes(preparar(), argv[1:])
    if argv[0] == "preparar":
        preparar()
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
