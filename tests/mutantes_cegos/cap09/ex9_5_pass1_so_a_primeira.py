"""Calcula o pass@1 só com a primeira tentativa de cada tarefa, em vez de sucessos / k.

Requisito: r4
"""


def avaliar(agente, tarefas, k):
    if not tarefas:
        raise ValueError("não há tarefas para avaliar")
    if k < 1:
        raise ValueError(f"k tem de ser pelo menos 1; recebi {k!r}")
    por_tarefa = {
        tarefa["id"]: [bool(tarefa["verificar"](agente(tarefa["pedido"], tentativa))) for tentativa in range(k)]
        for tarefa in tarefas
    }
    listas = list(por_tarefa.values())
    return {
        "pass@1": sum(r[0] for r in listas) / len(listas),
        "pass@k": sum(any(r) for r in listas) / len(listas),
        "pass^k": sum(all(r) for r in listas) / len(listas),
        "por_tarefa": por_tarefa,
    }
