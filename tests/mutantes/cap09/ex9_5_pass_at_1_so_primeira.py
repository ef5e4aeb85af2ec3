"""Usa só a primeira tentativa para pass@1 e não valida a entrada (k=0 e zero tarefas dão ZeroDivisionError).

Requisito: r3, r4
"""


def avaliar(agente, tarefas, k):
    por_tarefa = {t["id"]: [bool(t["verificar"](agente(t["pedido"], i))) for i in range(k)] for t in tarefas}
    n = len(tarefas)
    return {"pass@1": sum(r[0] for r in por_tarefa.values()) / n,
            "pass@k": sum(any(r) for r in por_tarefa.values()) / n,
            "pass^k": sum(all(r) for r in por_tarefa.values()) / n, "por_tarefa": por_tarefa}
