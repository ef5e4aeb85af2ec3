"""Põe max_iteracoes=5 por omissão, em vez de 3.

Requisito: r6
"""


def refinar(gerar, avaliar, max_iteracoes=5):
    feedback, resultado = None, None
    for iteracao in range(1, max_iteracoes + 1):
        resultado = gerar(feedback)
        passou, feedback = avaliar(resultado)
        if passou:
            return {"estado": "concluido", "resultado": resultado, "iteracoes": iteracao}
    return {"estado": "incompleto", "resultado": resultado, "iteracoes": max_iteracoes}
