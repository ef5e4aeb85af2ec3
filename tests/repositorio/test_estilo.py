"""O código do curso passa no ruff (regras em pyproject.toml), também o dos cadernos: quem clona o
repositório e corre «ruff check .» não vê avisos."""

import subprocess
import sys

from ._cadernos import RAIZ


def test_ruff_sem_avisos():
    r = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--output-format", "concise", "."],
        cwd=RAIZ, capture_output=True, text=True, timeout=120,
    )
    assert r.returncode == 0, f"o ruff encontrou problemas:\n{r.stdout}{r.stderr}"
