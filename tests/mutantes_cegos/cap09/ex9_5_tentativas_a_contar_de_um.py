"""Numera as tentativas de 1 a k (range(1, k + 1)) em vez de 0 a k-1.

Requisito: r1
"""


def avaliar(agente, tarefas, k):
    if not tarefas:
        raise ValueError("não há tarefas para avaliar")
    if k < 1:
        raise ValueError(f"k tem de ser pelo menos 1; recebi {k!r}")
    por_tarefa = {
        tarefa["id"]: [bool(tarefa["verificar"](agente(tarefa["pedido"], tentativa))) for tentativa in range(1, k + 1)]
        for tarefa in tarefas
    }
    listas = list(por_tarefa.values())
    return {
        "pass@1": sum(sum(r) / k for r in listas) / len(listas),
        "pass@k": sum(any(r) for r in listas) / len(listas),
        "pass^k": sum(all(r) for r in listas) / len(listas),
        "por_tarefa": por_tarefa,
    }
