"""As fases de ``curso corrigir`` que se testam sem kernel: o limite de tempo por submissão."""

import nbformat

from curso.correcao import cli
from curso.correcao.protocolo import Tarefa


def _turma(tmp_path, celulas_por_caderno: dict[str, list[int]]) -> cli._Turma:
    for cap, contagens in celulas_por_caderno.items():
        (tmp_path / cap).mkdir()
        for i, n in enumerate(contagens):
            nb = nbformat.v4.new_notebook()
            nb.cells = [nbformat.v4.new_code_cell("x = 1") for _ in range(n)]
            nb.cells.append(nbformat.v4.new_markdown_cell("não conta"))
            nbformat.write(nb, tmp_path / cap / f"c{i}.ipynb")
    return cli._Turma(raiz=tmp_path, cfg=None, fonte=tmp_path, publicado=tmp_path,
                      caps=list(celulas_por_caderno), alunos=[], submetidos=tmp_path,
                      corrigidos=tmp_path, retorno=tmp_path, db_url=f"sqlite:///{tmp_path / 'g.db'}",
                      db=tmp_path / "g.db", limite_celula=10)


def _tarefa(cap: str) -> Tarefa:
    return Tarefa(id=0, capitulo=cap, aluno="ana", submetidos="", corrigidos="", retorno="",
                  publicado="")


def test_limite_por_submissao_conta_as_celulas_do_maior_caderno(tmp_path):
    limite = cli._limite_por_submissao(_turma(tmp_path, {"cap01": [3], "cap02": [2, 6]}))
    # 120 s fixos + 2 × 10 s × (células de código + 4 arranques do kernel)
    assert limite(_tarefa("cap01")) == 120 + 2 * 10 * (3 + 4)
    assert limite(_tarefa("cap02")) == 120 + 2 * 10 * (6 + 4)
