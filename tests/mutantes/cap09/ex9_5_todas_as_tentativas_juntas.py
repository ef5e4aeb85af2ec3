"""Calcula pass@k e pass^k sobre todas as tentativas juntas (alguma/todas de todas as tarefas), não por tarefa e depois a média.

Requisito: r7
"""

_avaliar_certo = avaliar


def avaliar(agente, tarefas, k):
    r = _avaliar_certo(agente, tarefas, k)
    todas = [v for lista in r["por_tarefa"].values() for v in lista]
    r["pass@k"], r["pass^k"] = float(any(todas)), float(all(todas))
    return r
