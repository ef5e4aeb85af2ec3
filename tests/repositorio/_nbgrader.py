"""Correr o nbgrader numa cópia do curso, numa pasta temporária (nunca na raiz do repositório)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from ._cadernos import RAIZ


def ambiente() -> dict:
    """O ambiente do interpretador atual à frente no PATH (o nbgrader chama o alembic por lá)."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    for segredo in ("OPENAI_API_KEY", "CURSO_AO_VIVO"):
        env.pop(segredo, None)
    env["CURSO_RAIZ"] = str(RAIZ)
    return env


def copiar_curso(destino: Path, capitulos: list[int]) -> Path:
    shutil.copy(RAIZ / "nbgrader_config.py", destino / "nbgrader_config.py")
    for cap in capitulos:
        nome = f"cap{cap:02d}"
        shutil.copytree(RAIZ / "solutions" / nome, destino / "solutions" / nome)
    return destino


def nbgrader(pasta: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "nbgrader", *args],
        cwd=pasta, env=ambiente(), capture_output=True, text=True, timeout=timeout,
    )
