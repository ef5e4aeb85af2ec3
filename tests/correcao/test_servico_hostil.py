"""A correção na entrega (o serviço do JupyterHub, ``curso.correcao.servico``) contra um aluno
que leu o código do curso, com os comandos verdadeiros (``curso corrigir``, ``nbgrader
release_feedback``) e alunos com conta Unix a sério (issue 35, ponto 5). Sem o Hub: o serviço
corre aqui (como no Hub, na conta do professor) sobre uma troca como a do guia.

- Uma pasta com o nome da colega e uma data no futuro, nomes inventados e datas que não se leem
  ficam recusados; a colega é corrigida com os cadernos que ela entregou, agora e depois.
- O atacante troca a sua pasta, já escolhida, por uma ligação simbólica para a submissão da
  colega: o retorno dela fica como estava.
- Um caderno com células de 18 s (cada uma abaixo do limite por célula) é parado no limite da
  submissão, e a fila segue.
- Uma data com ``..`` não derruba o serviço; um reinício a meio de uma correção não perde a
  entrega.

Em todos: o atacante não tem mais do que o controlo, o ``gradebook.db`` e o CSV dizem o mesmo, a
árvore do professor fica igual e nada fica a correr.
"""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from nbgrader.api import Gradebook

from curso.correcao import servico
from curso.correcao.servico import Servico

from ._contas import esperar, saltar_sem_contas, sobras_de
from ._troca import CAP, aleatorio, data, processos_do_curso, troca_com_alunos
from ._turma import RAIZ, exercicios, ler, maximo, nota_no_retorno, resolvido, sem_caixa
from .test_adulteracao import _arvore
from .test_troca_hostil import ANO, SAIDAS_DA_CORRECAO

pytestmark = pytest.mark.timeout(1200)

LIMITE = 45  # segundos por submissão (corrigir um caderno honesto do cap01 leva poucos segundos)
CONFIG = ("c.CorrecaoNaEntrega.ligada = True\nc.CorrecaoNaEntrega.espera = 0\n"
          f"c.CorrecaoNaEntrega.timeout = 20\nc.CorrecaoNaEntrega.limite = {LIMITE}\n")
LENTAS = 8  # células de 18 s: cada uma abaixo dos 20 s por célula, juntas bem acima de LIMITE
SAIDAS_DO_SERVICO = (*SAIDAS_DA_CORRECAO, "avisos_na_entrega", "notas_na_entrega.csv",
                     "correcao_na_entrega.json")
(SOL_A, _, PTS_A), *_ = exercicios(CAP)


def _branco() -> dict:
    return ler(RAIZ / "exercises" / CAP / f"{CAP}.ipynb")


def _lento(caderno: dict) -> dict:
    for _ in range(LENTAS):
        caderno["cells"].append({"cell_type": "code", "metadata": {}, "execution_count": None,
                                 "outputs": [], "source": "import time\ntime.sleep(18)\n"})
    return caderno


def _notas(curso: Path) -> dict[str, float]:
    with Gradebook(f"sqlite:///{curso / 'gradebook.db'}") as gb:
        return {s.student_id: s.score for s in gb.assignment_submissions(CAP)}


def _sem_recusas(linhas: list[str]) -> list[str]:
    """O que o serviço fez, tirando as recusas (a pasta que o atacante afastou, por exemplo)."""
    return [li for li in linhas if not li.startswith("⚠ entrega recusada")]


def _nada_a_correr(t) -> None:
    assert processos_do_curso(t.curso) == []
    assert {n: sobras_de(n, 0) for n in t.alunos.values()} == {n: [] for n in t.alunos.values()}


def test_servico_so_corrige_o_que_cada_aluno_entregou():
    saltar_sem_contas()
    sem_caixa()
    with troca_com_alunos(("vitima", "atacante", "controlo"), CONFIG) as t:
        vitima, atacante, controlo = t.alunos["vitima"], t.alunos["atacante"], t.alunos["controlo"]
        registo: list[str] = []
        s = Servico(t.curso, escrever=registo.append)
        cfg = servico.ler(t.curso)
        assert s.volta(cfg) == []  # ligado agora: conta o que for entregue daqui para a frente
        antes = _arvore(t.curso, SAIDAS_DO_SERVICO)

        # 1. pastas com o nome da vítima (uma com data no futuro), nomes inventados, datas ilegíveis
        agora = time.time()
        forjadas = [t.forjar(atacante, vitima, agora + ANO), t.forjar(atacante, vitima, agora),
                    t.forjar(atacante, f"{atacante}x", agora), t.forjar(atacante, f"{vitima}y", agora)]
        vazias = [f"{vitima}+{CAP}+lixo+{aleatorio()}", f"{vitima}+{CAP}+2026-12-02 14:00:00 ..+x",
                  f"{vitima}+{CAP}+{data(agora)[:-4]} ..+{aleatorio()}"]
        t.atacar(atacante, 'cd "$1" && shift && for n in "$@"; do mkdir -- "$n"; done', str(t.inbound), *vazias)
        primeira = t.entregar(vitima, resolvido(CAP))
        do_atacante = t.entregar(atacante, _branco())

        # 2. já escolhida a entrega do atacante, ele troca-a por uma ligação simbólica para a
        #    submissão da vítima, enquanto o serviço devolve o retorno dela
        def correr(comando, limite=None):
            resultado = s._correr(comando, limite)
            if comando[:2] == ["nbgrader", "release_feedback"] and f"--student={vitima}" in comando:
                t.atacar(atacante, 'mv "$1/$2" "$1/$2.x" && ln -s "$3" "$1/$2"', str(t.inbound),
                         do_atacante.nome, str(t.curso / "submitted" / vitima / CAP))
            return resultado

        s.correr = correr
        linhas = s.volta(cfg)
        recusadas = [li for li in linhas if li.startswith("⚠ entrega recusada")]
        assert len(recusadas) == len(forjadas) + len(vazias) + 1, linhas
        assert f"{vitima} · {CAP}: corrigido" in linhas
        assert any(do_atacante.nome in li and "ligação simbólica" in li for li in recusadas), linhas
        total = maximo(CAP)
        retorno = t.retorno_na_troca(primeira)
        assert retorno is not None and nota_no_retorno(total, total) in retorno, linhas
        s.correr = s._correr

        # 3. a entrega seguinte da vítima é a que conta (a forjada com data no futuro não a tapa)
        segunda = t.entregar(vitima, resolvido(CAP, so={SOL_A}))
        assert _sem_recusas(s.volta(cfg)) == [f"{vitima} · {CAP}: corrigido"]
        assert nota_no_retorno(PTS_A, total) in (t.retorno_na_troca(segunda) or "")
        assert t.retorno_na_troca(primeira) == retorno  # o retorno da primeira ficou como estava

        # 4. células de 18 s: paradas no limite da submissão; a entrega seguinte é corrigida
        lenta = t.entregar(atacante, _lento(_branco()))
        do_controlo = t.entregar(controlo, _branco())
        linhas = _sem_recusas(s.volta(cfg))
        assert linhas[0].startswith(f"{atacante} · {CAP}: não se corrigiu — a correção passou do "
                                    f"limite de {LIMITE} s por submissão"), linhas
        assert linhas[1:] == [f"{controlo} · {CAP}: corrigido"], linhas
        assert f"passou do limite de {LIMITE} s" in (t.retorno_na_troca(lenta) or "")
        assert nota_no_retorno(0, total) in (t.retorno_na_troca(do_controlo) or "")

        notas = _notas(t.curso)
        assert (notas[vitima], notas[controlo]) == (PTS_A, 0.0), notas
        assert notas.get(atacante, 0.0) <= notas[controlo], notas
        with open(t.curso / "notas_na_entrega.csv", encoding="utf-8") as f:  # a da última correção
            assert {li["student_id"]: float(li["score"]) for li in csv.DictReader(f)} == {controlo: 0.0}
        assert _arvore(t.curso, SAIDAS_DO_SERVICO) == antes
        _nada_a_correr(t)


def _servico(curso: Path, registo: Path) -> subprocess.Popen:
    """O serviço como o Hub o arranca (``c.JupyterHub.services``), com a saída num ficheiro."""
    with open(registo, "a", encoding="utf-8") as saida:
        return subprocess.Popen(
            [sys.executable, "-m", "curso.correcao.servico", "--curso", str(curso)], cwd=curso.parent,
            stdout=saida, stderr=subprocess.STDOUT, start_new_session=True,
            env={"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "PYTHONUTF8": "1",
                 "HOME": str(curso.parent)})


def _filho_a_corrigir(pid: int) -> bool:
    """O serviço ``pid`` tem um ``curso corrigir`` a correr (o que o ``ps`` mostraria)."""
    for outro in os.listdir("/proc"):
        try:
            estado = Path(f"/proc/{outro}/status").read_text()
            linha = Path(f"/proc/{outro}/cmdline").read_bytes().split(b"\0")
        except (OSError, ValueError):
            continue
        if f"\nPPid:\t{pid}\n" in estado and b"corrigir" in linha:
            return True
    return False


def _vivo(processo: subprocess.Popen, registo: Path) -> None:
    assert processo.poll() is None, f"o serviço terminou ({processo.returncode}):\n{registo.read_text()[-3000:]}"


def test_servico_sobrevive_a_datas_estranhas_e_a_um_reinicio():
    saltar_sem_contas()
    sem_caixa()
    with troca_com_alunos(("aluno", "atacante"), CONFIG) as t:
        aluno, atacante = t.alunos["aluno"], t.alunos["atacante"]
        registo = t.base / "servico.log"
        primeiro = _servico(t.curso, registo)
        try:
            esperar(lambda: "Correção na entrega ligada" in registo.read_text() or primeiro.poll() is not None,
                    120, "o serviço arrancar")
            vazias = [f"{aluno}+{CAP}+2026-12-02 14:00:00 ..+x", f"{aluno}+{CAP}+{data(time.time())[:-4]} ..+{aleatorio()}"]
            t.atacar(atacante, 'cd "$1" && shift && for n in "$@"; do mkdir -- "$n"; done', str(t.inbound), *vazias)
            entrega = t.entregar(aluno, resolvido(CAP))
            # o Hub para o serviço a meio da correção (um reinício, uma atualização)
            esperar(lambda: (_vivo(primeiro, registo), _filho_a_corrigir(primeiro.pid))[1], 300,
                    "o serviço começar a corrigir")
            primeiro.send_signal(signal.SIGTERM)
            assert primeiro.wait(120) == 0
            assert processos_do_curso(t.curso) == []  # o curso corrigir parou com ele
            estado = json.loads((t.curso / servico.ESTADO).read_text(encoding="utf-8"))
            assert entrega.nome not in estado["vistas"]
        finally:
            if primeiro.poll() is None:
                primeiro.kill()
        segundo = _servico(t.curso, registo)
        try:
            total = maximo(CAP)
            esperar(lambda: (_vivo(segundo, registo), t.retorno_na_troca(entrega))[1], 300,
                    "o retorno da entrega interrompida")
            assert nota_no_retorno(total, total) in t.retorno_na_troca(entrega)
            texto = registo.read_text(encoding="utf-8")
            assert all(f"⚠ entrega recusada: inbound/{n}" in texto for n in vazias), texto
            assert texto.count(f"⚠ entrega recusada: inbound/{vazias[0]}") == 1  # dito uma vez
            segundo.send_signal(signal.SIGTERM)
            assert segundo.wait(120) == 0
        finally:
            if segundo.poll() is None:
                segundo.kill()
        assert _notas(t.curso) == {aluno: total}
        _nada_a_correr(t)
