"""Um PostgreSQL do Debian arrancado pelo teste: numa pasta temporária, só num socket Unix (sem
TCP), como um utilizador que não é root (o ``nobody``, se o teste correr como root: o
PostgreSQL recusa correr como root), e parado no fim.

Sem o PostgreSQL instalado, os testes saltam com a razão, menos na CI, que o instala
(``.ci/run``) e onde a falta é uma falha (como a caixa de areia, ``correcao._turma.sem_caixa``).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

INSTALAR = "apt-get install postgresql"


def binarios() -> Path | None:
    """A pasta dos programas do servidor (``/usr/lib/postgresql/N/bin``), a versão mais nova."""
    pastas = sorted(Path("/usr/lib/postgresql").glob("*/bin"),
                    key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    pastas = [p for p in pastas if (p / "initdb").is_file() and (p / "pg_ctl").is_file()]
    return pastas[-1] if pastas else None


def sem_postgresql() -> None:
    """Salta o teste se não houver PostgreSQL do Debian (fora da CI), com a razão."""
    import pytest

    if binarios() is None and not os.environ.get("CI"):
        pytest.skip(f"sem o servidor PostgreSQL nesta máquina (/usr/lib/postgresql/*/bin): {INSTALAR}")


class Postgres:
    """Um servidor numa pasta nova; ``url(base)`` dá o ``db_url`` do nbgrader para uma base."""

    def __init__(self):
        bins = binarios()
        assert bins is not None, f"falta o PostgreSQL do Debian ({INSTALAR}); a CI instala-o"
        self.bins = bins
        # fora da pasta do pytest (que o root guarda com modo 700): o dono é o utilizador do servidor
        self.pasta = Path(tempfile.mkdtemp(prefix="curso-pg-", dir="/tmp"))
        self.dados = self.pasta / "dados"
        self.como = {}
        if os.geteuid() == 0:
            ninguem = pwd.getpwnam("nobody")
            self.como = {"user": ninguem.pw_uid, "group": ninguem.pw_gid, "extra_groups": []}
            os.chown(self.pasta, ninguem.pw_uid, ninguem.pw_gid)
        self.pasta.chmod(0o700)
        self._correr("initdb", "-D", str(self.dados), "-U", "curso", "--auth=trust",
                     "--encoding=UTF8", "--locale=C")
        self._correr("pg_ctl", "-D", str(self.dados), "-l", str(self.pasta / "servidor.log"),
                     "-w", "-t", "180", "-o",
                     f"-c listen_addresses='' -c unix_socket_directories='{self.pasta}' -c fsync=off",
                     "start")

    def _correr(self, programa: str, *argumentos: str) -> str:
        r = subprocess.run([str(self.bins / programa), *argumentos], capture_output=True,
                           text=True, timeout=300, cwd=self.pasta, **self.como)
        assert r.returncode == 0, f"{programa} falhou:\n{r.stdout}\n{r.stderr}\n{self.registo()}"
        return r.stdout

    def registo(self) -> str:
        try:
            return (self.pasta / "servidor.log").read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def criar_base(self, nome: str) -> str:
        self._correr("createdb", "-h", str(self.pasta), "-U", "curso", nome)
        return self.url(nome)

    def url(self, base: str) -> str:
        return f"postgresql+psycopg://curso@/{base}?host={self.pasta}"

    def parar(self) -> None:
        try:
            self._correr("pg_ctl", "-D", str(self.dados), "-m", "fast", "-w", "-t", "120", "stop")
        finally:
            shutil.rmtree(self.pasta, ignore_errors=True)
