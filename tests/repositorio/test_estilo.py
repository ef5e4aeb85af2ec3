"""O código do curso passa no ruff (regras em pyproject.toml)."""

import subprocess
import sys

from ._cadernos import RAIZ


def test_ruff_sem_avisos():
    r = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--output-format", "concise",
         "src", "tests", "benchmarks", "ferramentas", "iniciar.py", "nbgrader_config.py"],
        cwd=RAIZ, capture_output=True, text=True, timeout=120,
    )
    assert r.returncode == 0, f"o ruff encontrou problemas:\n{r.stdout}{r.stderr}"
