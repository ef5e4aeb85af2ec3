"""Calcula pass@k como 1 − (1 − p)^k por tarefa (p = sucessos/k), como se as tentativas fossem independentes, em vez de «passou pelo menos uma vez».

Requisito: r5
"""

_avaliar_certo = avaliar


def avaliar(agente, tarefas, k):
    r = _avaliar_certo(agente, tarefas, k)
    listas = list(r["por_tarefa"].values())
    r["pass@k"] = sum(1 - (1 - sum(v) / k) ** k for v in listas) / len(listas)
    return r
