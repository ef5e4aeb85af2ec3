"""As notas como o ``gradebook.db`` as tem: a fonte dos números do relatório da turma (``curso
turma``) e das exportações para o LMS (``curso exportar``), os mesmos do ``nbgrader export``.

Cada número de uma submissão sai daqui: os pontos de cada célula (a nota manual, se o professor a
deu no formgrader, senão a automática), a penalização por atraso e a nota do capítulo, que é a
coluna ``score`` do ``nbgrader export`` (a soma das células menos a penalização, nunca abaixo de
0). Quem fez o quê nas verificações (o pormenor) vem de ``resultados/``; a nota, só daqui.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

ALUNO_SOLUCOES = "solucoes"  # a guarda de «curso corrigir» corrige as soluções com este nome


class SemGradebook(Exception):
    """Não há notas para ler: a mensagem diz porquê e o que fazer."""


@dataclass
class Submissao:
    """Uma submissão no ``gradebook.db``."""

    aluno: str
    capitulo: str
    celulas: dict[str, float | None]  # grade_id -> pontos (None: sem nota, nem manual nem automática)
    maximos: dict[str, float]  # grade_id -> máximo
    manuais: dict[str, tuple[float | None, float]]  # grade_id -> (automática, manual dada à mão)
    bruto: float  # a soma das células (o «raw_score» do nbgrader export)
    penalizacao: float  # por atraso (o «late_submission_penalty»)
    momento: datetime | None = None

    @property
    def nota(self) -> float:
        """A nota do capítulo: o «score» do ``nbgrader export``."""
        return max(0.0, self.bruto - self.penalizacao)

    @property
    def sem_nota(self) -> list[str]:
        return [g for g, p in self.celulas.items() if p is None]


@dataclass
class Livro:
    """O ``gradebook.db`` lido (só os capítulos pedidos)."""

    maximos: dict[str, float]  # capítulo -> máximo
    submissoes: dict[tuple[str, str], Submissao]  # (aluno, capítulo) -> submissão
    nomes: dict[str, str] = field(default_factory=dict)  # aluno -> «Apelido, Nome»
    datas_limite: dict[str, datetime] = field(default_factory=dict)


def caminhos(raiz: Path) -> tuple[Path, Path]:
    """O ``gradebook.db`` e a pasta ``submitted/`` do curso em ``raiz``, como o
    ``nbgrader_config.py`` os diz."""
    from curso.correcao.ambiente import Recusa, ler_configuracao

    try:
        cfg = ler_configuracao(raiz)
    except Recusa as erro:
        raise SemGradebook(str(erro)) from None
    url = cfg.CourseDirectory.get("db_url", "sqlite:///gradebook.db")
    if not url.startswith("sqlite:///"):
        raise SemGradebook(f"Só sei ler bases de dados SQLite; db_url = {url!r}.")
    db = Path(url.removeprefix("sqlite:///"))
    submetidos = Path(raiz) / cfg.CourseDirectory.get("submitted_directory", "submitted")
    return (db if db.is_absolute() else Path(raiz) / db), submetidos


def _pontos(grade) -> float | None:
    if grade.manual_score is not None:
        return float(grade.manual_score)
    return None if grade.auto_score is None else float(grade.auto_score)


def ler(db: Path, capitulos: list[str] | None = None) -> Livro:
    """As notas de ``db``, sem o criar nem o mudar; ``capitulos`` (por omissão, todos) têm de
    lá estar."""
    if not Path(db).is_file():
        raise SemGradebook(f"Não encontrei {db}: corre primeiro «curso corrigir» na raiz do curso.")
    from curso.raiz import path_com_este_interpretador

    os.environ["PATH"] = path_com_este_interpretador(os.environ.get("PATH"))  # o alembic
    from nbgrader.api import Gradebook

    from curso.correcao.configuracao import silenciar_avisos_do_nbgrader

    silenciar_avisos_do_nbgrader()
    livro = Livro({}, {})
    with Gradebook(f"sqlite:///{Path(db).resolve()}") as gb:
        existentes = sorted(a.name for a in gb.assignments)
        desconhecidos = [c for c in capitulos or [] if c not in existentes]
        if desconhecidos:
            raise SemGradebook(f"O {Path(db).name} não tem {', '.join(desconhecidos)} (tem: "
                               f"{', '.join(existentes) or 'nenhum capítulo'}).")
        for estudante in gb.students:
            nome = ", ".join(p for p in (estudante.last_name, estudante.first_name) if p)
            if nome:
                livro.nomes[estudante.id] = nome
        for cap in capitulos or existentes:
            trabalho = gb.find_assignment(cap)
            livro.maximos[cap] = float(trabalho.max_score or 0)
            if trabalho.duedate is not None:
                livro.datas_limite[cap] = trabalho.duedate
            for sub in gb.assignment_submissions(cap):
                grades = [g for nb in sub.notebooks for g in nb.grades]
                livro.submissoes[(sub.student_id, cap)] = Submissao(
                    sub.student_id, cap, {g.name: _pontos(g) for g in grades},
                    {g.name: float(g.max_score or 0) for g in grades},
                    {g.name: (g.auto_score, float(g.manual_score)) for g in grades
                     if g.manual_score is not None},
                    float(sub.score or 0), float(sub.late_submission_penalty or 0), sub.timestamp)
    return livro


def capitulos_corrigidos(livro: Livro | None, resultados: Path) -> list[str]:
    """Os capítulos que a turma fez: os que têm alguma submissão corrigida, no ``gradebook.db``
    ou em ``resultados/ALUNO/CAP.json`` (uma submissão que a correção não chegou a registar)."""
    caps = {c for _, c in livro.submissoes} if livro is not None else set()
    for ficheiro in Path(resultados).glob("*/*.json"):
        if ficheiro.parent.name != ALUNO_SOLUCOES or _tem_nota(ficheiro):
            caps.add(ficheiro.stem)
    return sorted(caps)


def _tem_nota(ficheiro: Path) -> bool:
    """``resultados/solucoes/`` é da guarda das soluções, sem nota; um aluno com esse nome tem-na."""
    try:
        dados = json.loads(ficheiro.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(dados, dict) and "nota" in dados
