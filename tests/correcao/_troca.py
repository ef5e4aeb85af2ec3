"""A troca do nbgrader de um JupyterHub, sem o Hub: alunos com conta Unix a sério, uma pasta de
troca como a do guia (``docs/jupyterhub.md``) e o curso do professor (o root, aqui).

Uma entrega honesta é a do ``nbgrader submit`` instalado (o nome, o ``timestamp.txt`` e o
``submission_secret.txt`` que ele escreve), dada ao aluno como se ele a tivesse feito; tudo o que
um atacante faz corre com o ``uid`` dele (``Troca.atacar``), numa shell, como num terminal do Hub.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

from curso.correcao.recolha import NomeDaEntrega

from ._contas import como, contas, dar_a, linha_de_comandos
from ._turma import RAIZ, copiar_curso, ler

CAP = "cap01"
CURSO_ID = "curso-agentes"
# uma entrega forjada por inteiro, como a do nbgrader submit: o caderno do atacante, a data do
# nome no timestamp.txt, um segredo com o formato certo; só o dono da pasta a denuncia
FORJAR = r"""
set -e
mkdir "$1/$2"
cp "$HOME/$4/$4.ipynb" "$1/$2/$4.ipynb"
printf %s "$3" > "$1/$2/timestamp.txt"
head -c 64 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$1/$2/submission_secret.txt"
chmod -R a+rX "$1/$2"
"""


def data(epoca: float) -> str:
    """Uma data como a do ``nbgrader submit`` (``%Y-%m-%d %H:%M:%S.%f UTC``)."""
    return datetime.fromtimestamp(epoca, timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f UTC")


def aleatorio() -> str:
    return base64.urlsafe_b64encode(os.urandom(9)).decode("ascii")


class Troca:
    """O curso do professor (``curso``), a troca (``raiz``) e os alunos (papel → utilizador)."""

    def __init__(self, base: Path, alunos: dict[str, str]):
        self.base, self.alunos = base, alunos
        self.curso = base / "curso"
        self.raiz = base / "troca"

    @property
    def inbound(self) -> Path:
        return self.raiz / CURSO_ID / "inbound"

    def casa(self, nome: str) -> Path:
        return self.base / "casas" / nome

    def preparar(self, config: str = "") -> None:
        """O curso (com ``config`` a mais no ``nbgrader_config.py``) e a troca do guia: a raiz
        aberta a todos, ``inbound/`` onde todos escrevem e ninguém lista, o capítulo publicado."""
        self.curso.mkdir()
        copiar_curso(self.curso, [CAP])
        with open(self.curso / "nbgrader_config.py", "a", encoding="utf-8") as f:
            f.write(f"\nc.CourseDirectory.course_id = {CURSO_ID!r}\nc.Exchange.root = {str(self.raiz)!r}\n{config}")
        self.raiz.mkdir(mode=0o777)
        os.chmod(self.raiz, 0o777)
        (self.raiz / CURSO_ID).mkdir(mode=0o755)
        self.inbound.mkdir()
        os.chmod(self.inbound, 0o733)
        (self.raiz / CURSO_ID / "outbound" / CAP).mkdir(parents=True)
        shutil.copy(RAIZ / "exercises" / CAP / f"{CAP}.ipynb", self.raiz / CURSO_ID / "outbound" / CAP)
        os.chmod(self.curso, 0o700)  # a pasta do professor: nenhum aluno lá chega
        for nome in self.alunos.values():  # o capítulo em branco, como o fetch_assignment o deixa
            self.dar_caderno(nome, ler(RAIZ / "exercises" / CAP / f"{CAP}.ipynb"))

    def dar_caderno(self, nome: str, caderno: dict) -> None:
        pasta = self.casa(nome) / CAP
        pasta.mkdir(exist_ok=True)
        (pasta / f"{CAP}.ipynb").write_text(json.dumps(caderno, ensure_ascii=False), encoding="utf-8")
        dar_a(nome, pasta)

    def entregar(self, nome: str, caderno: dict) -> NomeDaEntrega:
        """O ``nbgrader submit`` de ``nome`` com ``caderno``. Corre numa troca ao lado e a entrega
        passa para ``inbound/`` já dele e completa (um ``rename``): quem olha para ``inbound/``
        nunca a vê do root nem a meio, como nunca veria a de um aluno."""
        self.dar_caderno(nome, caderno)
        ao_lado = self.base / "preparacao"
        (ao_lado / CURSO_ID / "inbound").mkdir(parents=True, exist_ok=True)
        if not (ao_lado / CURSO_ID / "outbound").exists():
            shutil.copytree(self.raiz / CURSO_ID / "outbound", ao_lado / CURSO_ID / "outbound")
        r = subprocess.run(
            [sys.executable, "-m", "nbgrader", "submit", CAP, f"--student={nome}",
             f"--CourseDirectory.course_id={CURSO_ID}", f"--Exchange.root={ao_lado}",
             f"--Exchange.cache={self.base / 'cache' / nome}"],
            cwd=self.casa(nome), capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stdout + r.stderr
        (nova,) = os.listdir(ao_lado / CURSO_ID / "inbound")
        dar_a(nome, ao_lado / CURSO_ID / "inbound" / nova)
        os.rename(ao_lado / CURSO_ID / "inbound" / nova, self.inbound / nova)
        return NomeDaEntrega.de(nova)

    def atacar(self, nome: str, script: str, *args: str) -> subprocess.CompletedProcess:
        """``script`` numa shell de ``nome`` (o seu uid), com ``args`` em ``$1``, ``$2``…"""
        r = como(nome, ["sh", "-c", script, "sh", *args], self.casa(nome))
        assert r.returncode == 0, r.stdout + r.stderr
        return r

    def forjar(self, atacante: str, aluno: str, quando: float) -> str:
        """Uma pasta forjada por ``atacante`` em ``inbound/`` com o nome de ``aluno`` e a data
        ``quando``, o caderno do atacante e os ficheiros do ``nbgrader submit``; dá o nome."""
        nome = f"{aluno}+{CAP}+{data(quando)}+{aleatorio()}"
        self.atacar(atacante, FORJAR, str(self.inbound), nome, data(quando), CAP)
        return nome

    def retorno_na_troca(self, entrega: NomeDaEntrega) -> str | None:
        """O retorno devolvido para ``entrega`` (``feedback/HASH.html``, o nome que o
        ``nbgrader fetch_feedback`` do aluno procura), ou None."""
        segredo = (self.inbound / entrega.nome / "submission_secret.txt").read_text()
        nome = hashlib.md5((segredo + CAP).encode()).hexdigest()  # o notebook_hash do nbgrader
        caminho = self.raiz / CURSO_ID / "feedback" / f"{nome}.html"
        return caminho.read_text(encoding="utf-8") if caminho.exists() else None


@contextmanager
def troca_com_alunos(papeis: tuple[str, ...], config: str = ""):
    """Uma ``Troca`` com um aluno (utilizador Unix novo) por papel, apagada no fim."""
    with contas("tr", len(papeis)) as (base, nomes):
        troca = Troca(base, dict(zip(papeis, nomes)))
        troca.preparar(config)
        yield troca


def processos_do_curso(curso: Path) -> list[str]:
    """Os processos (além deste) que trabalham para o curso em ``curso``: o ``curso corrigir``,
    os trabalhadores e os kernels têm ``CURSO_RAIZ`` a apontar para ele."""
    marca = f"CURSO_RAIZ={curso.resolve()}".encode()
    achados = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            ambiente = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if marca in ambiente:
            achados.append(f"{pid}: {linha_de_comandos(int(pid))}")
    return achados
