"""Divide os sucessos de cada tarefa pelo número de tarefas, não por k.

Requisito: r4
"""

_avaliar_certo = avaliar


def avaliar(agente, tarefas, k):
    r = _avaliar_certo(agente, tarefas, k)
    listas = list(r["por_tarefa"].values())
    r["pass@1"] = sum(sum(v) / len(listas) for v in listas) / len(listas)
    return r
