"""O ciclo vai uma volta além do limite: max_iteracoes + 1 gerações.

Requisito: r4
"""


def refinar(gerar, avaliar, max_iteracoes=3):
    feedback = resultado = None
    for n in range(max_iteracoes + 1):
        resultado = gerar(feedback)
        passou, feedback = avaliar(resultado)
        if passou:
            return {"estado": "concluido", "resultado": resultado, "iteracoes": n + 1}
    return {"estado": "incompleto", "resultado": resultado, "iteracoes": max_iteracoes}
