"""A escrita das notas na base de dados do curso: só o processo principal escreve, uma tarefa de
cada vez, com o aluno e o capítulo que ele próprio pediu.

A base é a do ``db_url`` do nbgrader: o ``gradebook.db`` (SQLite) por omissão, ou um PostgreSQL
quando há mais de um escritor (o ``curso corrigir`` do professor, o serviço da correção na
entrega, o formgrader) ou mais de um curso no mesmo servidor (uma base por curso). Duas regras
valem para qualquer delas:

- **uma nota nunca tapa a de uma submissão mais recente**: o resultado de uma submissão mais
  antiga do que a registada (pelo ``timestamp.txt`` que o nbgrader guarda) é ignorado — uma
  correção lenta no cluster que acaba depois da da entrega seguinte não volta atrás;
- **cada correção conta uma vez**: a tabela ``curso_correcoes`` tem uma linha por chave
  (curso, trabalho, aluno, *hash* da submissão, versão do corretor); repetir a mesma correção
  (uma tarefa que o Dask voltou a correr) não acrescenta outra.

Com PostgreSQL, ``trancar`` serializa os escritores de uma mesma submissão (um *advisory lock*),
por isso a verificação e a escrita não se cruzam com as de outro processo.
"""

from __future__ import annotations

import functools
import hashlib
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone

from curso.correcao.protocolo import Resposta
from curso.correcao.relatorio import Resultado

IGNORADO = "resultado ignorado"
_trancadas = threading.local()  # as submissões que esta thread já trancou (trancar é reentrante)


@dataclass(frozen=True)
class Chave:
    """O que identifica uma correção: a mesma chave é a mesma nota."""

    curso: str
    trabalho: str
    aluno: str
    submissao: str  # sha256 dos ficheiros da submissão que foram corrigidos
    corretor: str  # a versão do curso e o hash do que corrige (soluções, verificações, configuração)


@functools.cache
def _tabela():
    from sqlalchemy import Column, MetaData, String, Table

    return Table(
        "curso_correcoes", MetaData(),
        Column("curso", String(128), primary_key=True),
        Column("trabalho", String(128), primary_key=True),
        Column("aluno", String(128), primary_key=True),
        Column("submissao", String(64), primary_key=True),
        Column("corretor", String(128), primary_key=True),
        Column("momento", String(32)),  # o timestamp.txt da submissão (ISO, UTC), se houver
        Column("registada", String(32), nullable=False),  # quando foi contada (ISO, UTC)
    )


def e_postgresql(db_url: str) -> bool:
    return db_url.startswith(("postgresql", "postgres:"))


@functools.cache
def _motor(db_url: str):
    from sqlalchemy import create_engine

    return create_engine(db_url, future=True)


@contextmanager
def trancar(db_url: str, trabalho: str, aluno: str):
    """Só um escritor de cada vez para a submissão (``trabalho``, ``aluno``).

    Em PostgreSQL, um *advisory lock* de sessão, que os outros processos (outro ``curso
    corrigir``, o serviço da correção na entrega) também pedem. Em SQLite não há outro escritor:
    o processo principal é o único, e regista uma nota de cada vez. Dentro de ``trancar``, um
    ``trancar`` da mesma submissão na mesma thread não espera por si próprio."""
    chave = (db_url, trabalho, aluno)
    ja = getattr(_trancadas, "chaves", None)
    if ja is None:
        ja = _trancadas.chaves = set()
    if not e_postgresql(db_url) or chave in ja:
        yield
        return
    from sqlalchemy import text

    numero = int.from_bytes(hashlib.sha256(f"{trabalho}\0{aluno}".encode()).digest()[:8],
                            "big", signed=True)
    with _motor(db_url).connect() as ligacao:
        ligacao.execute(text("SELECT pg_advisory_lock(:n)"), {"n": numero})
        ja.add(chave)
        try:
            yield
        finally:
            ja.discard(chave)
            ligacao.execute(text("SELECT pg_advisory_unlock(:n)"), {"n": numero})
            ligacao.commit()


def _momento(texto: str | None) -> datetime | None:
    """O ``timestamp`` das notas (ISO 8601), como o nbgrader o guarda: UTC, sem fuso."""
    if not texto:
        return None
    momento = datetime.fromisoformat(texto)
    if momento.tzinfo is not None:
        momento = momento.astimezone(timezone.utc).replace(tzinfo=None)
    return momento


def motivo_para_ignorar(db_url: str, aluno: str, capitulo: str, momento: str | None) -> str | None:
    """Porque é que o resultado de uma submissão de ``momento`` não pode ser registado (já há
    a nota de uma submissão mais recente), ou ``None``. Chama-se dentro de ``trancar``."""
    from nbgrader.api import Gradebook, MissingEntry

    from curso.correcao.configuracao import silenciar_avisos_do_nbgrader

    corrigida = _momento(momento)
    if corrigida is None:
        return None
    silenciar_avisos_do_nbgrader()
    with Gradebook(db_url) as gb:
        try:
            registada = gb.find_submission(capitulo, aluno).timestamp
        except MissingEntry:
            return None
    if registada is not None and registada > corrigida:
        return (f"{IGNORADO}: a submissão com nota é mais recente ({registada.isoformat(' ')} UTC) "
                f"do que esta ({corrigida.isoformat(' ')} UTC); a nota dela fica")
    return None


def resultado_registado(db_url: str, aluno: str, capitulo: str, problemas: list[str]) -> Resultado:
    """A nota que está na base para a submissão (a de outra correção), com ``problemas``."""
    from nbgrader.api import Gradebook

    with Gradebook(db_url) as gb:
        sub = gb.find_submission(capitulo, aluno)
        return Resultado(aluno, capitulo, sub.score, sub.max_score, list(problemas), True,
                         float(sub.late_submission_penalty or 0))


def registar_na_base(db_url: str, aluno: str, capitulo: str, resposta: Resposta,
                     chave: Chave | None = None) -> Resultado:
    """Escreve as notas de um trabalhador na base de dados do curso (o único escritor).

    O aluno e o capítulo vêm da tarefa que o principal enviou, nunca da resposta. Com ``chave``,
    a correção fica contada em ``curso_correcoes`` na mesma transação das notas (uma vez)."""
    from nbgrader.api import Gradebook

    from curso.correcao.configuracao import silenciar_avisos_do_nbgrader

    silenciar_avisos_do_nbgrader()
    notas = resposta.notas
    with Gradebook(db_url) as gb:
        gb.update_or_create_student(aluno)
        momento = _momento(notas.timestamp)
        if momento is not None:
            sub = gb.update_or_create_submission(capitulo, aluno, timestamp=momento)
        else:
            sub = gb.update_or_create_submission(capitulo, aluno)
        for nb in sub.notebooks:
            dados = notas.cadernos.get(nb.name)
            if dados is None:
                continue
            nb.late_submission_penalty = dados.penalizacao
            for g in nb.grades:
                if g.name in dados.notas:
                    nota = dados.notas[g.name]
                    g.auto_score, g.needs_manual_grade = nota.pontos, nota.manual
            for c in nb.comments:
                if c.name in dados.comentarios:
                    c.auto_comment = dados.comentarios[c.name]
        if chave is not None:
            _contar(gb, chave, momento)
        gb.db.commit()
        sub = gb.find_submission(capitulo, aluno)
        registado = all(g.auto_score is not None or g.manual_score is not None
                        for nb in sub.notebooks for g in nb.grades)
        return Resultado(aluno, capitulo, sub.score, sub.max_score,
                         list(resposta.problemas), registado,
                         float(sub.late_submission_penalty or 0))


def _contar(gb, chave: Chave, momento: datetime | None) -> None:
    """A linha de ``chave`` em ``curso_correcoes``, se ainda não existir (na sessão do nbgrader:
    entra no mesmo ``commit`` das notas)."""
    from sqlalchemy import insert, select

    tabela = _tabela()
    tabela.create(gb.db.connection(), checkfirst=True)
    valores = {"curso": chave.curso, "trabalho": chave.trabalho, "aluno": chave.aluno,
               "submissao": chave.submissao, "corretor": chave.corretor}
    ja = gb.db.execute(select(tabela.c.curso).filter_by(**valores)).first()
    if ja is None:
        agora = datetime.now(timezone.utc).replace(tzinfo=None)
        gb.db.execute(insert(tabela).values(
            **valores, momento=momento.isoformat() if momento else None, registada=agora.isoformat()))


def correcoes_contadas(db_url: str, trabalho: str | None = None, aluno: str | None = None) -> list[dict]:
    """As linhas de ``curso_correcoes`` (todas, ou só as de um trabalho e aluno): que submissão
    e que versão do corretor deram cada nota."""
    from sqlalchemy import inspect, select

    motor = _motor(db_url)
    tabela = _tabela()
    if not inspect(motor).has_table(tabela.name):
        return []
    filtros = {k: v for k, v in (("trabalho", trabalho), ("aluno", aluno)) if v is not None}
    with motor.connect() as ligacao:
        return [dict(linha._mapping) for linha in ligacao.execute(select(tabela).filter_by(**filtros))]
