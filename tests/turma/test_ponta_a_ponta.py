"""``curso corrigir``, ``curso turma``, ``nbgrader export`` e ``curso exportar``, numa turma de
verdade na primeira semana: o curso tem os capítulos 1 e 2, a turma só entregou o 1.

Os números de cada aluno têm de ser os mesmos no ``gradebook.db``, no CSV do ``nbgrader export``,
no relatório da turma e nas exportações para o Moodle e o Canvas, e nenhum deles pode ganhar o
capítulo 2 (que o ``curso corrigir`` por omissão regista, sem submissões).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from datetime import datetime

import pytest

from correcao._turma import (celula, copiar_curso, corrigir, esboco, exercicios, ler, maximo,
                             resolvido, submeter)

CAP = "cap01"
CAPITULOS = ["cap01", "cap02"]  # o curso; a turma só fez o primeiro
(SOL_A, VER_A, PTS_A), (SOL_B, VER_B, PTS_B), (SOL_C, VER_C, PTS_C) = exercicios(CAP)[:3]
LIMITE = "10"  # por célula: o ciclo infinito espera-o uma vez


def _n(x: float) -> str:
    """Um número como o relatório e o retorno o escrevem: «5,5», «6»."""
    return f"{x:g}".replace(".", ",")


def _curso_corrigir_e_relatorio(pasta) -> str:
    r = corrigir(pasta, "--timeout", LIMITE)
    assert r.returncode == 0, r.stdout + r.stderr
    r2 = subprocess.run([sys.executable, "-m", "curso", "turma"], cwd=pasta, capture_output=True,
                        text=True, timeout=180)
    assert r2.returncode == 0, r2.stdout + r2.stderr
    return r.stdout + r2.stdout


def _totais_do_relatorio(pasta) -> dict[str, float]:
    """O total de cada aluno na matriz do relatório HTML (o que o professor lê)."""
    html = (pasta / "relatorios" / "turma.html").read_text(encoding="utf-8")
    matriz = html.split("<table class=matriz>")[1].split("</table>")[0]
    return {aluno: float(total.replace(",", "."))
            for aluno, total in re.findall(r"<th class=al>(\w+)</th>.*?<td class=tot>([\d,]+)/", matriz)}


def _exportar(pasta, formato: str, correspondencia: str) -> tuple[int, list[list[str]], str]:
    (pasta / "alunos.csv").write_text(correspondencia, encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "curso", "exportar", formato, "--correspondencia",
                        "alunos.csv"], cwd=pasta, capture_output=True, text=True, timeout=180)
    destino = pasta / f"notas_{formato}.csv"
    linhas = list(csv.reader(io.StringIO(destino.read_text(encoding="utf-8"), newline="")))
    return r.returncode, linhas, r.stdout + r.stderr


@pytest.mark.lento
@pytest.mark.timeout(900)
def test_tres_alunos_na_primeira_semana(tmp_path):
    """A ana entrega as soluções, o bruno o caderno em branco, a carla uma pasta sem o caderno."""
    copiar_curso(tmp_path, CAPITULOS)
    submeter(tmp_path, "ana", CAP, resolvido(CAP))
    submeter(tmp_path, "bruno", CAP, ler(tmp_path / "exercises" / CAP / f"{CAP}.ipynb"))
    submeter(tmp_path, "carla", CAP, None)
    saida = _curso_corrigir_e_relatorio(tmp_path)

    def resultado(aluno):
        return json.loads((tmp_path / "resultados" / aluno / f"{CAP}.json").read_text(encoding="utf-8"))

    ana, bruno, carla = resultado("ana"), resultado("bruno"), resultado("carla")
    assert (ana["nota"], ana["maximo"]) == (maximo(CAP), maximo(CAP)) and "falhou" not in ana
    assert ana["problemas"] == [] and ana["adulteracao"] == []
    verificacoes = ana["cadernos"][CAP]["exercicios"]["1.1"]["verificacoes"]
    assert verificacoes and all(v["metodo"].startswith(("test_", "propriedade_")) and
                                v["estado"] == "passou" for v in verificacoes)
    assert bruno["nota"] == 0 and "falhou" not in bruno
    assert carla["nota"] == 0 and carla["falhou"].startswith(f"caderno em falta: {CAP}.ipynb")

    # o resumo do «curso corrigir» e o relatório: só o capítulo 1
    assert "(sem nenhuma submissão, fora da tabela e do CSV: cap02)" in saida
    assert "sem submissão de cap02" not in saida
    assert "Capítulos: cap01 (os que têm submissões corrigidas" in saida
    assert "3 alunos, 3 submissões (1 para rever, 0 sem nota)" in saida
    html = (tmp_path / "relatorios" / "turma.html").read_text(encoding="utf-8")
    assert "1.1: 1/3 passam, média 1/3" in html and "2.1" not in html
    assert "caderno em falta: cap01.ipynb" in html
    total = maximo(CAP)
    assert _totais_do_relatorio(tmp_path) == {"ana": total, "bruno": 0, "carla": 0}

    # as exportações: uma coluna, a do capítulo 1, com as notas do relatório
    codigo, moodle, _ = _exportar(tmp_path, "moodle", "aluno,email\nana,a@e.pt\nbruno,b@e.pt\ncarla,c@e.pt\n")
    assert codigo == 0
    assert moodle == [["Email address", CAP], ["a@e.pt", f"{total:g}"], ["b@e.pt", "0"], ["c@e.pt", "0"]]
    # o retorno da ana, em português
    retorno = (tmp_path / "feedback" / "ana" / CAP / f"{CAP}.html").read_text(encoding="utf-8")
    assert "A tua resposta" in retorno and "Student's answer" not in retorno
    assert f"{CAP} (nota: {total:g} / {total:g})" in retorno


def _turma_dificil(pasta) -> dict[str, float]:
    """Os casos difíceis; devolve a nota de cada aluno no capítulo 1 depois da correção."""
    from nbgrader.api import Gradebook

    from curso.raiz import path_com_este_interpretador

    os.environ["PATH"] = path_com_este_interpretador(os.environ.get("PATH"))  # o alembic
    copiar_curso(pasta, CAPITULOS)
    total = maximo(CAP)
    with open(pasta / "nbgrader_config.py", "a", encoding="utf-8") as f:
        f.write('\nc.LateSubmissionPlugin.penalty_method = "zero"  # entregue tarde: 0\n')
    with Gradebook(f"sqlite:///{pasta / 'gradebook.db'}") as gb:  # a data limite, no formgrader
        gb.update_or_create_assignment(CAP, duedate=datetime(2026, 12, 1, 12, 0))
    notas = {}

    def caso(aluno, nota, nb, entregue=None):
        submeter(pasta, aluno, CAP, nb)
        if entregue:
            (pasta / "submitted" / aluno / CAP / "timestamp.txt").write_text(entregue)
        notas[aluno] = nota

    caso("resolveu", total, resolvido(CAP), entregue="2026-11-30 09:30:00.000000 UTC")
    caso("branco", 0.0, ler(pasta / "exercises" / CAP / f"{CAP}.ipynb"))
    nb = resolvido(CAP)
    celula(nb, SOL_B)["source"] = "while True:\n    pass\n"
    caso("ciclo", total - PTS_B, nb)
    nb = resolvido(CAP)
    celula(nb, SOL_C)["source"] = esboco(CAP, SOL_C, "import os\nos._exit(3)")
    caso("morto", total - PTS_C, nb)
    nb = resolvido(CAP)
    celula(nb, SOL_A)["source"] = "def isto_nao_compila(:\n    pass\n"
    caso("sintaxe", total - PTS_A, nb)
    caso("atrasado", 0.0, resolvido(CAP), entregue="2026-12-02 09:30:00.000000 UTC")
    caso("manual", PTS_B, resolvido(CAP, so={SOL_B}))  # e depois uma nota à mão no A
    return notas


def _nbgrader_export(pasta) -> list[dict]:
    r = subprocess.run([sys.executable, "-m", "nbgrader", "export", "--to", "nbgrader.csv"],
                       cwd=pasta, capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stdout + r.stderr
    return list(csv.DictReader(io.StringIO((pasta / "nbgrader.csv").read_text(encoding="utf-8"))))


@pytest.mark.lento
@pytest.mark.timeout(900)
def test_relatorio_nbgrader_export_e_exportacoes_dao_os_mesmos_numeros(tmp_path):
    from nbgrader.api import Gradebook

    notas = _turma_dificil(tmp_path)
    r = corrigir(tmp_path, "--timeout", LIMITE)
    assert r.returncode == 0, r.stdout + r.stderr
    total, n_exercicios = maximo(CAP), len(exercicios(CAP))
    assert re.search(rf"atrasado\s+0/{_n(total)} \(−{_n(total)} atraso\)", r.stdout), r.stdout
    with open(tmp_path / "notas.csv", encoding="utf-8") as f:  # o CSV do «curso corrigir»
        assert {li["student_id"]: float(li["score"]) for li in csv.DictReader(f)} == notas
    manual = 2.0  # o professor revê o 1.1 do «manual» no formgrader
    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gb:
        gb.find_grade(VER_A, CAP, CAP, "manual").manual_score = manual
        gb.db.commit()
    notas["manual"] += manual

    nbgrader = _nbgrader_export(tmp_path)
    # o capítulo 2 está registado, mas ninguém o entregou
    assert {li["timestamp"] for li in nbgrader if li["assignment"] == "cap02"} == {""}
    do_nbgrader = {li["student_id"]: float(li["score"]) for li in nbgrader if li["assignment"] == CAP}

    saida = subprocess.run([sys.executable, "-m", "curso", "turma"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=180)
    assert saida.returncode == 0, saida.stdout + saida.stderr
    do_relatorio = _totais_do_relatorio(tmp_path)

    alunos = sorted(notas)
    correspondencia = "aluno,email,ID\n" + "".join(f"{a},{a}@e.pt,{n}\n" for n, a in enumerate(alunos, 1))
    codigo, moodle, rel_moodle = _exportar(tmp_path, "moodle", correspondencia)
    assert codigo == 0 and moodle[0] == ["Email address", CAP], rel_moodle
    codigo, canvas, _ = _exportar(tmp_path, "canvas", correspondencia)
    assert codigo == 0 and canvas[0][5:] == [CAP] and canvas[1][5:] == [_n(total)]
    do_moodle = {li[0].split("@")[0]: float(li[1]) for li in moodle[1:]}
    do_canvas = {alunos[int(li[1]) - 1]: float(li[5]) for li in canvas[2:]}

    assert do_nbgrader == do_relatorio == do_moodle == do_canvas == notas

    # quem teve uma célula morta ou esgotada vale o resto e fica para rever, com o motivo
    html = (tmp_path / "relatorios" / "turma.html").read_text(encoding="utf-8")
    rever = html.split("id=falhadas>")[1].split("<h2")[0]
    assert re.search(rf"<td>ciclo</td><td>cap01</td><td class=n>{_n(total - PTS_B)}/{_n(total)}</td>"
                     r"<td>[^<]*excedeu o limite de tempo", rever)
    assert re.search(rf"<td>morto</td><td>cap01</td><td class=n>{_n(total - PTS_C)}/{_n(total)}</td>"
                     r"<td>[^<]*o kernel morreu", rever)
    assert "<code>ex1_1_verificacao</code></td><td class=n>0</td><td class=n>2</td>" in html
    assert re.search(rf"<th class=al>atrasado</th>(<td class=n4>[\d,]+</td>){{{n_exercicios}}}"
                     rf"<td class=tot>0/{_n(total)} \(−{_n(total)} atraso\)</td>", html)
    assert re.search(rf"ciclo · cap01: {_n(total - PTS_B)} — [^\n]*excedeu o limite de tempo", rel_moodle)
    assert re.search(rf"morto · cap01: {_n(total - PTS_C)} — [^\n]*o kernel morreu", rel_moodle)

    # um aluno corrigido fora da correspondência: fora do CSV e código 1
    codigo, _, rel = _exportar(tmp_path, "moodle", correspondencia.replace("branco,branco@e.pt,2\n", ""))
    assert codigo == 1 and "ficaram fora do CSV: branco" in rel
