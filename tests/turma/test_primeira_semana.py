"""A primeira semana de uma turma: o curso tem nove capítulos, a turma só fez o capítulo 1.

O relatório (``curso turma``) e as exportações (``curso exportar``) contam só os capítulos com
submissões corrigidas (ou os de ``--capitulos``), e os números vêm todos do ``gradebook.db``: os
mesmos do ``nbgrader export``. O capítulo 1 vale 7 (1.1: 3, 1.2: 1, 1.3: 2, o quiz 1.4: 1):

| aluno | no gradebook.db                                   | nota | porquê                       |
|-------|---------------------------------------------------|------|------------------------------|
| ana   | 3 + 1 + 2 + 1, entregue tarde (−0,5)              | 6,5  | penalização por atraso       |
| bruno | 0 + 0 + 0 + 0                                     | 0    | caderno em branco            |
| carla | 3 + 0 (o kernel morreu no 1.2) + 2 + 1            | 6    | para rever; vale o resto     |
| duda  | 0 → 1,5 à mão no 1.1 (formgrader) + 1 + 0 + 0     | 2,5  | nota manual                  |

Sem esta contagem, o relatório dava totais sobre o curso inteiro, punha a ana e o bruno na mesma
barra do histograma e dizia que todos ficaram parados nos capítulos 2–9; a exportação dava 0 à
carla e tinha oito colunas vazias.
"""

from __future__ import annotations

import csv
import io
import os
import shutil

import pytest

from curso.cli import main
from curso.correcao import turma as t
from curso.raiz import path_com_este_interpretador

from . import _simulada as sim

CAP = "cap01"
PONTOS = {"ex1_1_verificacao": 3.0, "ex1_2_verificacao": 1.0, "ex1_3_verificacao": 2.0,
          "ex1_4_verificacao": 1.0}
AUTO = {"ana": [3, 1, 2, 1], "bruno": [0, 0, 0, 0], "carla": [3, 0, 2, 1], "duda": [0, 1, 0, 0]}
MANUAL = {("duda", "ex1_1_verificacao"): 1.5}
ATRASO = {"ana": 0.5}
MORREU = "célula «ex1_2_verificacao»: o kernel morreu (os._exit); vale 0, o resto foi corrigido"
NOTAS = {"ana": 6.5, "bruno": 0.0, "carla": 6.0, "duda": 2.5}
MAXIMO = sum(PONTOS.values())


def _gradebook(raiz, capitulos):
    """O gradebook.db que o «curso corrigir» deixaria: todos os capítulos registados, só o
    capítulo 1 com submissões; a nota manual como o formgrader a grava."""
    from nbgrader.api import Gradebook

    from curso.correcao.configuracao import silenciar_avisos_do_nbgrader

    silenciar_avisos_do_nbgrader()
    os.environ["PATH"] = path_com_este_interpretador(os.environ.get("PATH"))  # o alembic
    with Gradebook(f"sqlite:///{raiz / 'gradebook.db'}") as gb:
        for cap in capitulos:
            gb.add_assignment(cap)
            gb.add_notebook(cap, cap)
        for nome, maximo in PONTOS.items():
            gb.add_grade_cell(nome, CAP, CAP, max_score=maximo, cell_type="code")
        for aluno, pontos in AUTO.items():
            gb.add_student(aluno)
            gb.add_submission(CAP, aluno)
            sub = gb.find_submission(CAP, aluno)
            grades = {g.name: g for nb in sub.notebooks for g in nb.grades}
            for nome, p in zip(PONTOS, pontos, strict=True):
                grades[nome].auto_score = p
                grades[nome].manual_score = MANUAL.get((aluno, nome))
            sub.notebooks[0].late_submission_penalty = ATRASO.get(aluno, 0.0)
            gb.db.commit()


@pytest.fixture(scope="module")
def raiz(tmp_path_factory):
    """O curso inteiro (nove capítulos nas soluções), corrigido só no capítulo 1."""
    raiz = tmp_path_factory.mktemp("curso")
    caps = sorted(p.name for p in sim.SOLUCOES.glob("cap[0-9][0-9]"))
    sim.curso(raiz, caps)
    shutil.copy(sim.RAIZ / "nbgrader_config.py", raiz / "nbgrader_config.py")
    exs = sim.exercicios([CAP])
    for aluno, pontos in AUTO.items():
        dados = {e.ident: {"verificacoes": sim.verificacoes(e, {} if p else {sim.metodos(e)[0]: "Dica."}),
                           "escondidos": {"passou": bool(p)}}
                 for e, p in zip(exs, pontos, strict=True)}
        problemas = [MORREU] if aluno == "carla" else []
        sim.escrever(raiz, aluno, CAP, dados, float(sum(pontos)), MAXIMO, problemas)
        (raiz / "submitted" / aluno / CAP).mkdir(parents=True)
    _gradebook(raiz, caps)
    return raiz


def test_so_os_capitulos_que_a_turma_fez(raiz):
    turma = t.carregar(raiz)
    assert turma.capitulos == [CAP] and {e.capitulo for e in turma.exercicios} == {CAP}
    stats = t.estatisticas(turma)
    assert [e.ex.ident for e in stats] == ["1.1", "1.2", "1.3", "1.4"]
    assert all(e.sem_submissao == 0 for e in stats)
    alunos = {a.aluno: a for a in t.por_aluno(turma)}
    assert {a: (x.total, x.maximo) for a, x in alunos.items()} == {
        a: (n, MAXIMO) for a, n in NOTAS.items()}
    # a ana (6,5/7) e o bruno (0/7) não caem na mesma barra
    assert t.faixas(list(alunos.values())) == [1, 0, 0, 1, 0, 0, 0, 0, 1, 1]
    # parados só no capítulo 1: ninguém «sem submissão» dos capítulos 2–9
    assert all(a.sem_submissao == [] for a in t.parados(turma))
    assert [(a.aluno, a.ultimo) for a in t.parados(turma)] == [("bruno", None), ("duda", "1.2")]


def test_com_capitulos_escolhidos(raiz, tmp_path, monkeypatch, capsys):
    turma = t.carregar(raiz, capitulos=["cap01", "cap02"])
    assert turma.capitulos == ["cap01", "cap02"]
    assert {a.aluno: a.sem_submissao for a in t.por_aluno(turma)}["ana"] == ["cap02"]
    monkeypatch.chdir(raiz)
    html = tmp_path / "turma.html"
    assert main(["turma", "--capitulos", "cap01", "cap02", "--html", str(html),
                 "--caderno", str(tmp_path / "turma.ipynb")]) == 0
    assert "Capítulos: cap01, cap02 (pedidos)." in capsys.readouterr().out
    assert "2 capítulo(s) (cap01, cap02)" in html.read_text(encoding="utf-8")


def test_as_notas_sao_as_do_gradebook(raiz):
    turma = t.carregar(raiz)
    exs = {e.ident: e for e in turma.exercicios}
    assert t.pontos(turma, "duda", exs["1.1"]) == 1.5  # a nota manual conta
    assert t.pontos(turma, "carla", exs["1.2"]) == 0.0 and t.pontos(turma, "carla", exs["1.3"]) == 2
    assert t.para_rever(turma) == [("carla", CAP, 6.0, MORREU)]
    assert t.notas_manuais(turma) == [("duda", CAP, "ex1_1_verificacao", 0.0, 1.5)]
    assert t.divergencias(turma) == []
    html = t.relatorio_html(turma)
    assert "6,5/7 (−0,5 atraso)" in html and "<td class=n>6/7</td>" in html
    assert "/87" not in html and "sem submissão</td>" not in html


def _nbgrader_export(raiz) -> dict[str, float]:
    from nbgrader.api import Gradebook
    from nbgrader.plugins import CsvExportPlugin

    destino = raiz / "nbgrader.csv"
    with Gradebook(f"sqlite:///{raiz / 'gradebook.db'}") as gb:
        CsvExportPlugin(to=str(destino)).export(gb)
    linhas = csv.DictReader(io.StringIO(destino.read_text(encoding="utf-8")))
    return {li["student_id"]: float(li["score"]) for li in linhas if li["assignment"] == CAP}


def test_relatorio_exportacoes_e_nbgrader_export_dao_os_mesmos_numeros(raiz, tmp_path, monkeypatch):
    pasta = tmp_path / "curso"
    shutil.copytree(raiz, pasta)
    monkeypatch.chdir(pasta)
    (pasta / "alunos.csv").write_text("aluno,email,ID\n" + "".join(
        f"{a},{a}@escola.pt,{n}\n" for n, a in enumerate(AUTO, start=1)), encoding="utf-8")
    assert main(["exportar", "moodle", "--correspondencia", "alunos.csv"]) == 0
    moodle = list(csv.reader(io.StringIO((pasta / "notas_moodle.csv").read_text(encoding="utf-8"))))
    assert moodle[0] == ["Email address", CAP]  # e não uma coluna por cada capítulo registado
    assert main(["exportar", "canvas", "--correspondencia", "alunos.csv"]) == 0
    canvas = list(csv.reader(io.StringIO((pasta / "notas_canvas.csv").read_text(encoding="utf-8"))))
    assert canvas[0][5:] == [CAP] and canvas[1][5:] == ["7"]
    relatorio = {a.aluno: a.total for a in t.por_aluno(t.carregar(pasta))}
    de_moodle = {li[0].split("@")[0]: float(li[1]) for li in moodle[1:]}
    de_canvas = {li[0]: float(li[5]) for li in canvas[2:]}
    assert relatorio == de_moodle == de_canvas == _nbgrader_export(pasta) == NOTAS
