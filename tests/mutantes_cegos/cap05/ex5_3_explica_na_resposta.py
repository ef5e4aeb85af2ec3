"""Quando para por repetição, explica-o numa "resposta" para o utilizador, embora a execução não tenha concluído.

Requisito: r5
"""

_certo = globals()["correr_sem_repeticoes"]


def correr_sem_repeticoes(pedido, decidir, ferramentas, max_steps=10, max_repeticoes=2):
    resultado = _certo(pedido, decidir, ferramentas, max_steps, max_repeticoes)
    if resultado.get("motivo") == "repeticao":
        resultado["resposta"] = "Parei: o agente estava a repetir a mesma chamada."
    return resultado
