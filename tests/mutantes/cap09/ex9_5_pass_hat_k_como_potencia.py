"""Calcula pass^k como pass@1 elevado a k, como se as tentativas fossem independentes.

Requisito: r6
"""


def avaliar(agente, tarefas, k):
    if not tarefas or k < 1:
        raise ValueError("sem tarefas ou k < 1")
    por_tarefa = {t["id"]: [bool(t["verificar"](agente(t["pedido"], i))) for i in range(k)] for t in tarefas}
    pass1 = sum(sum(r) / k for r in por_tarefa.values()) / len(tarefas)
    return {"pass@1": pass1, "pass@k": sum(any(r) for r in por_tarefa.values()) / len(tarefas),
            "pass^k": pass1 ** k, "por_tarefa": por_tarefa}
