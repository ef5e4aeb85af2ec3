"""Calcula o pass@k com a fórmula 1 - (1 - pass@1)^k, como se as tentativas fossem independentes, em vez de «passou pelo menos uma vez».

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
    pass1 = sum(sum(r) / k for r in listas) / len(listas)
    return {
        "pass@1": pass1,
        "pass@k": 1 - (1 - pass1) ** k,
        "pass^k": sum(all(r) for r in listas) / len(listas),
        "por_tarefa": por_tarefa,
    }
