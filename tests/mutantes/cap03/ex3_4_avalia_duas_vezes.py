"""Avalia cada versão duas vezes (uma para saber se passou, outra para o feedback): o dobro das
chamadas ao modelo.

Requisito: r7
"""


def refinar(gerar, avaliar, max_iteracoes=3):
    feedback, resultado = None, None
    for iteracao in range(1, max_iteracoes + 1):
        resultado = gerar(feedback)
        if avaliar(resultado)[0]:
            return {"estado": "concluido", "resultado": resultado, "iteracoes": iteracao}
        feedback = avaliar(resultado)[1]
    return {"estado": "incompleto", "resultado": resultado, "iteracoes": max_iteracoes}
