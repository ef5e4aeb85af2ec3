"""Não passa o feedback ao gerador: gera sempre do zero, com None.

Requisito: r2
"""


def refinar(gerar, avaliar, max_iteracoes=3):
    resultado = None
    for n in range(1, max_iteracoes + 1):
        resultado = gerar(None)
        passou, _ = avaliar(resultado)
        if passou:
            return {"estado": "concluido", "resultado": resultado, "iteracoes": n}
    return {"estado": "incompleto", "resultado": resultado, "iteracoes": max_iteracoes}
