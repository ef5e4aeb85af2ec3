"""Chama o agente sempre com tentativa=0: as k tentativas não são k tentativas diferentes.

Requisito: r1
"""


def avaliar(agente, tarefas, k):
    if not tarefas or k < 1:
        raise ValueError("sem tarefas ou k < 1")
    por_tarefa = {t["id"]: [bool(t["verificar"](agente(t["pedido"], 0))) for _ in range(k)] for t in tarefas}
    n = len(tarefas)
    return {"pass@1": sum(sum(r) / k for r in por_tarefa.values()) / n,
            "pass@k": sum(any(r) for r in por_tarefa.values()) / n,
            "pass^k": sum(all(r) for r in por_tarefa.values()) / n, "por_tarefa": por_tarefa}
