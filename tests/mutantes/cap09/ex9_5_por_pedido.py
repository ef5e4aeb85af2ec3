"""Indexa por_tarefa pelo pedido de cada tarefa em vez do seu id.

Requisito: r8
"""

_avaliar_certo = avaliar


def avaliar(agente, tarefas, k):
    r = _avaliar_certo(agente, tarefas, k)
    r["por_tarefa"] = {t["pedido"]: r["por_tarefa"][t["id"]] for t in tarefas}
    return r
