"""Não valida a entrada: sem tarefas ou com k = 0 rebenta com ZeroDivisionError em vez de ValueError.

Requisito: r3
"""


def avaliar(agente, tarefas, k):
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
