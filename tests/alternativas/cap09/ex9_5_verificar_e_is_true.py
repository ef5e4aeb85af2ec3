"""Guarda verificar(resultado) is True (o enunciado diz que verificar devolve um bool) e chama-o duas
vezes por resultado, uma para contar e outra para a lista (verificar não tem efeitos)."""


def avaliar(agente, tarefas, k):
    if not tarefas or k < 1:
        raise ValueError("é preciso pelo menos uma tarefa e k >= 1")
    por_tarefa, sucessos = {}, []
    for tarefa in tarefas:
        resultados = [agente(tarefa["pedido"], t) for t in range(k)]
        sucessos.append(sum(1 for r in resultados if tarefa["verificar"](r)))
        por_tarefa[tarefa["id"]] = [tarefa["verificar"](r) is True for r in resultados]
    n = len(tarefas)
    return {"pass@1": sum(s / k for s in sucessos) / n, "pass@k": sum(s > 0 for s in sucessos) / n,
            "pass^k": sum(s == k for s in sucessos) / n, "por_tarefa": por_tarefa}
