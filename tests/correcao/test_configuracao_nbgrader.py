"""A configuração do nbgrader do curso serve onde quer que o nbgrader arranque.

Num JupyterHub, o Formgrader do professor arranca na pasta pessoal dele e lê o curso por
``CourseDirectory.root``; a base de notas tem de ser a da raiz do curso (a que o ``curso corrigir``
escreve), não uma base nova e vazia na pasta de onde se arrancou.
"""

import os
import subprocess
import sys
from pathlib import Path

from ._turma import copiar_curso


def _nbgrader(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("CURSO_RAIZ",)}
    return subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_de_outra_pasta_o_nbgrader_usa_a_base_de_notas_da_raiz_do_curso(tmp_path):
    (tmp_path / "curso").mkdir()
    curso = copiar_curso(tmp_path / "curso", ["cap01"])
    outra = tmp_path / "casa"
    outra.mkdir()
    r = _nbgrader(curso, "db", "assignment", "add", "cap01")
    assert r.returncode == 0, r.stderr
    assert (curso / "gradebook.db").is_file()

    # como o Formgrader do professor: arranca noutra pasta e chega ao curso por --course-dir
    r = _nbgrader(outra, "db", "assignment", "list", f"--course-dir={curso}")
    assert r.returncode == 0, r.stderr
    assert "cap01" in r.stdout + r.stderr, "a lista devia vir da base de notas da raiz do curso"
    assert not (outra / "gradebook.db").exists(), "criou uma base de notas vazia na pasta de arranque"
