"""Conta as iterações a partir de zero: à primeira versão aprovada diz 0 iterações.

Requisito: r3
"""


def refinar(gerar, avaliar, max_iteracoes=3):
    feedback, resultado = None, None
    for iteracao in range(1, max_iteracoes + 1):
        resultado = gerar(feedback)
        passou, feedback = avaliar(resultado)
        if passou:
            return {"estado": "concluido", "resultado": resultado, "iteracoes": iteracao - 1}
    return {"estado": "incompleto", "resultado": resultado, "iteracoes": max_iteracoes}
