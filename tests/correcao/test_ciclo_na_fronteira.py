"""Na correção pela fronteira, um ciclo sem fim numa função do aluno: a primeira verificação
esgota o tempo; as seguintes não voltam a chamar a função (não esperam o limite outra vez) e
contam como falhadas, nunca como passadas — a célula vale 0 e o resto do caderno é corrigido."""

from __future__ import annotations

import pytest

from curso import verificacao
from curso.caderno import e_celula_de_verificacao

from ._turma import celula, exercicios, notas_so, resolvido
from .test_fronteira import CAP, _com_escondidos, _corrigir

pytestmark = pytest.mark.lento

SOL_A, VER_A, _ = exercicios(CAP)[0]
CICLO = "def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):\n    while True:\n        pass\n"


@pytest.mark.timeout(300)
def test_ciclo_sem_fim_espera_uma_vez_e_as_outras_contam_como_falhadas(monkeypatch):
    monkeypatch.setattr(verificacao, "LIMITE_POR_VERIFICACAO", 2.0)
    aluno = resolvido(CAP)
    celula(aluno, SOL_A)["source"] = CICLO
    nb, notas = _corrigir(_com_escondidos(aluno), timeout=10)
    assert notas == notas_so(CAP, *(ver for _, ver, _ in exercicios(CAP) if ver != VER_A)), notas
    verificacao_a = next(c for c in nb.cells if e_celula_de_verificacao(c) and c.metadata.nbgrader.grade_id == VER_A)
    relatorio = "\n".join(o.get("data", {}).get("text/plain", "") for o in verificacao_a.outputs)
    linhas = relatorio.splitlines()
    assert sum(linha.strip().startswith(verificacao.DICA_TEMPO) for linha in linhas) == 1, relatorio
    saltadas = [i for i, linha in enumerate(linhas) if linha.strip().startswith(verificacao.DICA_SALTADA)]
    assert len(saltadas) >= 3, relatorio
    assert all(linhas[i - 1].lstrip().startswith("✘") for i in saltadas), relatorio  # falhadas
