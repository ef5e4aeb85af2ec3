"""A primeira geração recebe "" em vez de None: o gerador não distingue «primeira vez» de «feedback vazio».

Requisito: r1
"""


def refinar(gerar, avaliar, max_iteracoes=3):
    feedback, resultado = "", None
    for iteracao in range(1, max_iteracoes + 1):
        resultado = gerar(feedback)
        passou, feedback = avaliar(resultado)
        if passou:
            return {"estado": "concluido", "resultado": resultado, "iteracoes": iteracao}
    return {"estado": "incompleto", "resultado": resultado, "iteracoes": max_iteracoes}
