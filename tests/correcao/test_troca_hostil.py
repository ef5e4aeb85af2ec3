"""A troca do nbgrader de um JupyterHub contra um aluno que leu o código do curso: o ``nbgrader
collect`` do curso (a ``RecolhaSegura``) e o ``curso corrigir`` verdadeiros, com alunos que são
utilizadores Unix a sério (issue 35, ponto 5).

Em ``inbound/`` todos os alunos escrevem, e o nome de cada pasta é escolhido por quem a escreve.
O atacante põe lá pastas com o nome de uma colega (com uma data no futuro, para passar à frente
das entregas dela, e com uma data plausível), com o nome de um aluno que não existe, com datas
que não se leem (que derrubavam o ``nbgrader collect`` do professor), uma ligação simbólica para
as soluções e uma entrega sua com o caderno trocado por uma ligação. O controlo entrega o mesmo
caderno em branco, sem ataque. Depois da recolha e da correção:

- a vítima tem a nota do caderno que ela entregou; o atacante tem a do controlo (0) e fica
  sinalizado («⚠ possível adulteração», com quem escreveu o quê);
- o ``gradebook.db``, o CSV e o retorno dizem o mesmo; a árvore do professor fica igual;
- nada fica a correr.
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import time

import pytest
from nbgrader.api import Gradebook

from curso.correcao.recolha import RECUSADAS_NA_TROCA
from curso.correcao.relatorio import limpar_texto

from ._contas import saltar_sem_contas, sobras_de
from ._troca import CAP, aleatorio, data, processos_do_curso, troca_com_alunos
from ._turma import RAIZ, corrigir, ler, maximo, nota_no_retorno, resolvido, sem_caixa
from .test_adulteracao import _arvore

pytestmark = pytest.mark.timeout(900)

SAIDAS_DA_CORRECAO = ("submitted", "autograded", "feedback", "resultados", "gradebook.db", "notas.csv")
ANO = 365 * 86_400


def _recolher(curso) -> subprocess.CompletedProcess:
    """O ``nbgrader collect`` do professor, na pasta do curso."""
    return subprocess.run([sys.executable, "-m", "nbgrader", "collect", CAP], cwd=curso,
                          capture_output=True, text=True, timeout=300)


def test_pasta_com_o_nome_de_uma_colega_nao_chega_a_nota_dela():
    saltar_sem_contas()
    sem_caixa()
    with troca_com_alunos(("vitima", "atacante", "controlo")) as t:
        vitima, atacante, controlo = t.alunos["vitima"], t.alunos["atacante"], t.alunos["controlo"]
        branco = ler(RAIZ / "exercises" / CAP / f"{CAP}.ipynb")
        t.entregar(vitima, resolvido(CAP))
        t.entregar(controlo, branco)
        t.entregar(atacante, branco)  # a entrega honesta do atacante: em branco, como a do controlo
        agora = time.time()
        solucoes = t.curso / "solutions" / CAP
        ataques = {  # nome em inbound/ → o que o professor lê sobre ela
            t.forjar(atacante, vitima, agora + ANO): f"tem o nome de {vitima}, mas foi escrita por {atacante}",
            t.forjar(atacante, vitima, agora + 30): f"tem o nome de {vitima}, mas foi escrita por {atacante}",
            t.forjar(atacante, f"{vitima}x", agora): f"não há nenhum utilizador «{vitima}x»",
        }
        ligacao = f"{atacante}+{CAP}+{data(agora + 1)}+{aleatorio()}"
        t.atacar(atacante, 'ln -s "$2" "$1/$3"', str(t.inbound), str(solucoes), ligacao)
        ataques[ligacao] = "é uma ligação simbólica"
        # a última entrega do atacante é dele, mas com o caderno trocado por uma ligação
        ultima = t.forjar(atacante, atacante, agora + 2)
        t.atacar(atacante, 'rm "$1/$2/$3" && ln -s "$4" "$1/$2/$3"', str(t.inbound), ultima,
                 f"{CAP}.ipynb", str(solucoes / f"{CAP}.ipynb"))
        antes = _arvore(t.curso, SAIDAS_DA_CORRECAO)

        r = _recolher(t.curso)
        assert r.returncode == 0, r.stdout + r.stderr
        registo = r.stdout + r.stderr
        for nome, motivo in ataques.items():
            assert limpar_texto(nome, 200) in registo and motivo in registo, (nome, registo)
        submetidos = t.curso / "submitted"
        assert sorted(p.name for p in submetidos.iterdir() if p.is_dir()) == sorted(t.alunos.values())
        assert json.loads((submetidos / vitima / CAP / f"{CAP}.ipynb").read_text()) == resolvido(CAP)
        assert not (submetidos / atacante / CAP / f"{CAP}.ipynb").exists()
        assert not any("BEGIN SOLUTION" in p.read_text(errors="replace")
                       for p in submetidos.rglob("*") if p.is_file())
        recusadas = json.loads((submetidos / RECUSADAS_NA_TROCA).read_text(encoding="utf-8"))
        assert set(recusadas) == set(ataques) and {r["dono"] for r in recusadas.values()} == {atacante}

        saida = corrigir(t.curso, "--capitulos", CAP, "--timeout", "20")
        assert saida.returncode == 0, saida.stdout + saida.stderr
        total = maximo(CAP)
        esperado = {vitima: total, atacante: 0.0, controlo: 0.0}
        with Gradebook(f"sqlite:///{t.curso / 'gradebook.db'}") as gb:
            assert {s.student_id: s.score for s in gb.assignment_submissions(CAP)} == esperado
        with open(t.curso / "notas.csv", encoding="utf-8") as f:
            assert {li["student_id"]: float(li["score"]) for li in csv.DictReader(f)} == esperado
        retorno = (t.curso / "feedback" / vitima / CAP / f"{CAP}.html").read_text(encoding="utf-8")
        assert nota_no_retorno(total, total) in retorno
        # o professor vê, na linha do atacante, o que ele escreveu e com que nome
        do_atacante = [li for li in saida.stdout.splitlines() if li.startswith(f"  {atacante} · {CAP}: ⚠")]
        assert any(f"tem o nome de {vitima}, mas foi escrita por {atacante}" in li for li in do_atacante)
        assert any(f"não foi recolhido {CAP}.ipynb: ligação simbólica" in li for li in do_atacante), saida.stdout
        assert not [li for li in saida.stdout.splitlines() if li.startswith(f"  {controlo} · {CAP}: ⚠")]

        assert _arvore(t.curso, SAIDAS_DA_CORRECAO) == antes  # as soluções, a configuração…
        assert processos_do_curso(t.curso) == []
        assert {n: sobras_de(n, 0) for n in t.alunos.values()} == {n: [] for n in t.alunos.values()}


def test_pastas_com_datas_que_nao_se_leem_nao_param_a_recolha():
    """Pastas vazias com o nome da colega e uma data ilegível (ou com ``..``) derrubavam o
    ``nbgrader collect`` inteiro, para sempre: agora ficam recusadas e a recolha segue."""
    saltar_sem_contas()
    with troca_com_alunos(("vitima", "atacante")) as t:
        vitima, atacante = t.alunos["vitima"], t.alunos["atacante"]
        entrega = t.entregar(vitima, resolvido(CAP))
        vazias = [f"{vitima}+{CAP}+lixo+{aleatorio()}", f"{vitima}+{CAP}+2026-12-02 14:00:00 ..+x",
                  f"{vitima}+{CAP}+{data(time.time())[:-4]} ..+{aleatorio()}", f"{vitima}+{CAP}+"]
        t.atacar(atacante, 'cd "$1" && shift && for n in "$@"; do mkdir -- "$n"; done', str(t.inbound), *vazias)
        r = _recolher(t.curso)
        assert r.returncode == 0, r.stdout + r.stderr
        recolhida = t.curso / "submitted" / vitima / CAP
        assert (recolhida / "timestamp.txt").read_text() == entrega.data
        assert json.loads((recolhida / f"{CAP}.ipynb").read_text()) == resolvido(CAP)
        assert all(limpar_texto(n, 200) in r.stdout + r.stderr for n in vazias), r.stdout + r.stderr
        # e outra vez (com a recolhida já lá): o nbgrader collect do professor não fica preso
        assert _recolher(t.curso).returncode == 0
