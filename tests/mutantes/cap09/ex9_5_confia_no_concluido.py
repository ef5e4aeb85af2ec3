"""Avalia pelo que o agente diz (concluido=True) em vez de chamar verificar sobre o estado.

Requisito: r2
"""


def avaliar(agente, tarefas, k):
    if not tarefas or k < 1:
        raise ValueError("sem tarefas ou k < 1")
    por_tarefa = {t["id"]: [bool(agente(t["pedido"], i).get("concluido")) for i in range(k)] for t in tarefas}
    n = len(tarefas)
    return {"pass@1": sum(sum(r) / k for r in por_tarefa.values()) / n,
            "pass@k": sum(any(r) for r in por_tarefa.values()) / n,
            "pass^k": sum(all(r) for r in por_tarefa.values()) / n, "por_tarefa": por_tarefa}
