"""Um while que só para quando o avaliador aprova, com um «travão» às 100 voltas esquecido no código.

Requisito: r4
"""


def refinar(gerar, avaliar, max_iteracoes=3):
    feedback, n = None, 0
    while n < 100:
        n += 1
        resultado = gerar(feedback)
        passou, feedback = avaliar(resultado)
        if passou:
            return {"estado": "concluido", "resultado": resultado, "iteracoes": n}
    return {"estado": "incompleto", "resultado": resultado, "iteracoes": n}
