"""``curso corrigir`` de ponta a ponta numa turma simulada, numa cópia do curso.

Todos os capítulos que existem: um aluno com as soluções e outro com o caderno em branco.
No capítulo 1, cada caso hostil: nenhum tem nota máxima, nenhum é um zero mudo, e nenhum para
o lote. As notas são exatas (tabela abaixo), no gradebook.db e no CSV.
"""

import csv

import pytest
from nbgrader.api import Gradebook

from ._turma import (CAPITULOS, celula, copiar_curso, corrigir, esboco, exercicios, ler, maximo,
                     resolvido, submeter)

CAP = "cap01"
(SOL_A, VER_A, PTS_A), (SOL_B, VER_B, PTS_B), (SOL_C, VER_C, PTS_C) = exercicios(CAP)[:3]
TODAS = {solucao for solucao, _, _ in exercicios(CAP)}  # as células de solução do capítulo (quiz 1.4 incluído)
LIMITE = "15"  # folga para os capítulos lentos numa máquina carregada


def _hostis(pasta):
    """aluno -> (pontos esperados, texto que o resumo tem de mostrar)."""
    casos = {}

    def caso(aluno, pontos, aviso, nb, nome=None):
        submeter(pasta, aluno, CAP, nb, nome)
        casos[aluno] = (pontos, aviso)

    total = maximo(CAP)
    caso("parcial", PTS_B, "", resolvido(CAP, so={SOL_B}))
    nb = resolvido(CAP)
    celula(nb, SOL_C)["source"] = esboco(CAP, SOL_C, "while True:\n    pass")
    caso("ciclo_na_funcao", total - PTS_C, "excedeu o limite de tempo", nb)
    nb = resolvido(CAP)
    celula(nb, SOL_B)["source"] = "while True:\n    pass\n"
    caso("ciclo_na_celula", total - PTS_B, "excedeu o limite de tempo", nb)
    nb = resolvido(CAP)
    celula(nb, SOL_B)["source"] = ("import time\nwhile True:\n    try:\n        time.sleep(0.05)\n"
                                   "    except KeyboardInterrupt:\n        pass\n")
    caso("ciclo_teimoso", total - PTS_B, "não parou", nb)
    nb = resolvido(CAP)
    celula(nb, SOL_B)["source"] = "import sys\nsys.exit(1)\n"
    caso("sys_exit", total - PTS_B, "SystemExit", nb)
    nb = resolvido(CAP)
    celula(nb, SOL_B)["source"] = "import os\nos._exit(1)\n"
    caso("os_exit", total - PTS_B, "o kernel morreu", nb)
    nb = resolvido(CAP)
    celula(nb, SOL_C)["source"] = esboco(CAP, SOL_C, "import os\nos._exit(3)")
    caso("os_exit_na_funcao", total - PTS_C, "o kernel morreu", nb)
    nb = resolvido(CAP)
    celula(nb, SOL_A)["source"] = "def isto_nao_compila(:\n    pass\n"
    caso("sintaxe", total - PTS_A, "SyntaxError", nb)
    nb = resolvido(CAP, so=TODAS - {SOL_B})  # B por fazer e a verificação de B apagada
    nb["cells"] = [c for c in nb["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") != VER_B]
    caso("apagou_verificacao", total - PTS_B, f"«{VER_B}» apagada", nb)
    nb = resolvido(CAP, so=TODAS - {SOL_C})  # C por fazer e a verificação de C trocada por «pass»
    celula(nb, VER_C)["source"] = "pass\n"
    caso("editou_verificacao", total - PTS_C, f"«{VER_C}» alterada", nb)
    caso("mudou_o_nome", 0, f"caderno em falta: {CAP}.ipynb (na pasta há: {CAP} (1).ipynb",
         resolvido(CAP), nome=f"{CAP} (1).ipynb")
    caso("sem_caderno", 0, f"caderno em falta: {CAP}.ipynb", None)
    return casos


@pytest.mark.lento
@pytest.mark.timeout(900)
def test_turma_simulada(tmp_path):
    copiar_curso(tmp_path)
    for cap in CAPITULOS:
        submeter(tmp_path, "solucao", cap, resolvido(cap))
        submeter(tmp_path, "branco", cap, ler(tmp_path / "exercises" / cap / f"{cap}.ipynb"))
    casos = _hostis(tmp_path)

    r = corrigir(tmp_path, "--timeout", LIMITE, "--csv", "notas.csv")
    assert r.returncode == 0, r.stdout + r.stderr
    saida = r.stdout

    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gb:
        notas = {(s.student_id, s.assignment.name): (s.score, s.max_score)
                 for cap in CAPITULOS for s in gb.assignment_submissions(cap)}
    for cap in CAPITULOS:
        assert notas[("solucao", cap)] == (maximo(cap), maximo(cap)), cap
        assert notas[("branco", cap)] == (0, maximo(cap)), cap
    problemas = saida.split("Problemas")[1]
    for aluno, (pontos, aviso) in casos.items():
        assert notas[(aluno, CAP)] == (pontos, maximo(CAP)), (aluno, notas[(aluno, CAP)], saida)
        assert pontos < maximo(CAP), aluno
        if aviso:  # um caso hostil: o resumo diz o que aconteceu
            assert f"{aluno} · {CAP}: " in problemas, f"{aluno} sem problema no resumo:\n{saida}"
            linhas = [linha for linha in problemas.splitlines() if f"{aluno} · {CAP}:" in linha]
            assert any(aviso in linha for linha in linhas), (aluno, linhas)
    assert f"branco · {CAP}: 0 pontos: nenhuma verificação passou" in problemas

    with open(tmp_path / "notas.csv", encoding="utf-8") as f:
        linhas = {(li["student_id"], li["assignment"]): float(li["score"]) for li in csv.DictReader(f)}
    # o CSV do nbgrader: uma linha por aluno e capítulo, 0 onde não houve submissão
    alunos = {aluno for aluno, _ in notas}
    assert linhas == {(a, c): notas.get((a, c), (0.0, None))[0] for a in alunos for c in CAPITULOS}

    # o retorno: a nota e as mensagens públicas, sem o código dos testes escondidos
    html = (tmp_path / "feedback" / "solucao" / CAP / f"{CAP}.html").read_text(encoding="utf-8")
    assert "BEGIN HIDDEN TESTS" not in html and "testes escondidos" in html
    fonte = "".join(celula(ler(tmp_path / "solutions" / CAP / f"{CAP}.ipynb"), VER_A)["source"])
    escondido = fonte.split("BEGIN HIDDEN TESTS")[1].strip().splitlines()[0]
    assert escondido.strip() and escondido not in html
    for aluno in casos:
        if aluno not in ("mudou_o_nome", "sem_caderno"):
            assert (tmp_path / "feedback" / aluno / CAP / f"{CAP}.html").is_file(), aluno
