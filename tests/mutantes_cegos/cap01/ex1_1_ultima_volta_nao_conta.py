"""Uma resposta dada na última volta é ignorada: a execução acaba como se o limite fosse atingido.

Requisito: r10
"""
# ruff: noqa: F821

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    voltas = []

    def decidir_contado(p, historico):
        voltas.append(1)
        return decidir(p, historico)

    resultado = _certo(pedido, decidir_contado, ferramentas, max_passos)
    if resultado["concluido"] and len(voltas) == max_passos:
        return {"concluido": False, "motivo": "max_steps atingido", "historico": resultado["historico"]}
    return resultado
