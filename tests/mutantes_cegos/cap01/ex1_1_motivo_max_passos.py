"""O motivo do limite diz "max_passos atingido" (o nome do parâmetro) em vez de "max_steps atingido".

Requisito: r8
"""
# ruff: noqa: F821

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    resultado = _certo(pedido, decidir, ferramentas, max_passos)
    if not resultado["concluido"]:
        resultado["motivo"] = "max_passos atingido"
    return resultado
