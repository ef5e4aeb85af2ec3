"""Calcula pass@k como 1 − (1 − pass@1)^k por tarefa, como se as tentativas fossem independentes, em vez de «passou pelo menos uma vez».

Requisito: r5
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
        "pass@1": sum(sum(r) / k for r in listas) / len(listas),
        "pass@k": sum(1 - (1 - sum(r) / k) ** k for r in listas) / len(listas),
        "pass^k": sum(all(r) for r in listas) / len(listas),
        "por_tarefa": por_tarefa,
    }
