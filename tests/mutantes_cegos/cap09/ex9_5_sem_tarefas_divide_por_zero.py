"""Não confere se há tarefas: uma lista vazia dá ZeroDivisionError em vez de ValueError.

Requisito: r3
"""


def avaliar(agente, tarefas, k):
    if k < 1:
        raise ValueError(f"k tem de ser pelo menos 1; recebi {k!r}")
    por_tarefa = {
        tarefa["id"]: [bool(tarefa["verificar"](agente(tarefa["pedido"], tentativa))) for tentativa in range(k)]
        for tarefa in tarefas
    }
    listas = list(por_tarefa.values())
    return {
        "pass@1": sum(sum(r) / k for r in listas) / len(listas),
        "pass@k": sum(any(r) for r in listas) / len(listas),
        "pass^k": sum(all(r) for r in listas) / len(listas),
        "por_tarefa": por_tarefa,
    }
