"""Correr o nbgrader numa cópia do curso, numa pasta temporária (nunca na raiz do repositório)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from curso.correcao.ambiente import ambiente as ambiente_da_correcao

from ._cadernos import RAIZ


def ambiente() -> dict:
    """O ambiente da correção (PATH do interpretador, sem chaves de API), com CURSO_RAIZ no repo."""
    return ambiente_da_correcao(RAIZ)


def copiar_curso(destino: Path, capitulos: list[int]) -> Path:
    shutil.copy(RAIZ / "nbgrader_config.py", destino / "nbgrader_config.py")
    for cap in capitulos:
        nome = f"cap{cap:02d}"
        shutil.copytree(RAIZ / "solutions" / nome, destino / "solutions" / nome)
    return destino


_GERAR = """
import sys
from nbgrader.apps import NbGraderAPI
from nbgrader.apps.nbgraderapp import NbGraderApp
app = NbGraderApp()
app.load_config_file()
api = NbGraderAPI(config=app.config)
for capitulo in sys.argv[1:]:
    r = api.generate_assignment(capitulo, force=True)
    if not r["success"]:
        sys.exit(f"{capitulo}: {r['log']}")
"""


def gerar_exercicios(pasta: Path, capitulos: list[int]) -> subprocess.CompletedProcess:
    """``generate_assignment`` de todos os capítulos num só processo (importar o nbgrader custa)."""
    nomes = [f"cap{c:02d}" for c in capitulos]
    return subprocess.run([sys.executable, "-c", _GERAR, *nomes], cwd=pasta, env=ambiente(),
                          capture_output=True, text=True, timeout=300)
