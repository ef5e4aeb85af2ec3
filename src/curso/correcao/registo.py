"""A escrita das notas na base de dados do curso: só o processo principal escreve, uma tarefa de
cada vez, com o aluno e o capítulo que ele próprio pediu."""

from __future__ import annotations

from datetime import datetime

from curso.correcao.protocolo import Resposta
from curso.correcao.relatorio import Resultado


def registar_na_base(db_url: str, aluno: str, capitulo: str, resposta: Resposta) -> Resultado:
    """Escreve as notas de um trabalhador na base de dados do curso (o único escritor).

    O aluno e o capítulo vêm da tarefa que o principal enviou, nunca da resposta."""
    from nbgrader.api import Gradebook

    from curso.correcao.configuracao import silenciar_avisos_do_nbgrader

    silenciar_avisos_do_nbgrader()
    notas = resposta.notas
    with Gradebook(db_url) as gb:
        gb.update_or_create_student(aluno)
        momento = datetime.fromisoformat(notas.timestamp) if notas.timestamp else None
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
        gb.db.commit()
        sub = gb.find_submission(capitulo, aluno)
        registado = all(g.auto_score is not None or g.manual_score is not None
                        for nb in sub.notebooks for g in nb.grades)
        return Resultado(aluno, capitulo, sub.score, sub.max_score,
                         list(resposta.problemas), registado,
                         float(sub.late_submission_penalty or 0))
