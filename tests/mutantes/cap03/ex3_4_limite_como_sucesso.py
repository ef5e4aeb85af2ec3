"""No limite, devolve a última versão como «concluido», escondendo que nunca passou.

Requisito: r5
"""


def refinar(gerar, avaliar, max_iteracoes=3):
    feedback = resultado = None
    for n in range(1, max_iteracoes + 1):
        resultado = gerar(feedback)
        passou, feedback = avaliar(resultado)
        if passou:
            break
    return {"estado": "concluido", "resultado": resultado, "iteracoes": n}
