"""Calcula as três medidas dentro do ciclo das tarefas e fica com as da última, em vez da média sobre as tarefas.

Requisito: r7
"""


def avaliar(agente, tarefas, k):
    if not tarefas:
        raise ValueError("não há tarefas para avaliar")
    if k < 1:
        raise ValueError(f"k tem de ser pelo menos 1; recebi {k!r}")
    por_tarefa = {}
    for tarefa in tarefas:
        sucessos = [bool(tarefa["verificar"](agente(tarefa["pedido"], tentativa))) for tentativa in range(k)]
        por_tarefa[tarefa["id"]] = sucessos
        medidas = {"pass@1": sum(sucessos) / k, "pass@k": float(any(sucessos)), "pass^k": float(all(sucessos))}
    return {**medidas, "por_tarefa": por_tarefa}
