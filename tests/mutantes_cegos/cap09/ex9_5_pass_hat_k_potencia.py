"""Calcula o pass^k como pass@1 elevado a k, em vez da média de «passou todas as vezes».

Requisito: r6
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
    pass1 = sum(sum(r) / k for r in listas) / len(listas)
    return {
        "pass@1": pass1,
        "pass@k": sum(any(r) for r in listas) / len(listas),
        "pass^k": pass1 ** k,
        "por_tarefa": por_tarefa,
    }
