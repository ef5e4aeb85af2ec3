"""Calcula pass@k e pass^k sobre todas as tentativas juntas (alguma/todas de todas as tarefas), não por tarefa e depois a média.

Requisito: r7
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
    return {
        "pass@1": sum(sum(r) / k for r in listas) / len(listas),
        "pass@k": float(any(v for r in listas for v in r)),
        "pass^k": float(all(v for r in listas for v in r)),
        "por_tarefa": por_tarefa,
    }
