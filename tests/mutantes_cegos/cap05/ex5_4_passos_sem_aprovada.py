"""Regista os passos só com passo, ferramenta, argumentos, resultado e tokens, sem o "aprovada" dos passos do 5.1.

Requisito: r5
"""

_certo = globals()["correr_com_orcamento"]


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    resultado = _certo(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps)
    resultado["log"] = [{k: v for k, v in passo.items() if k != "aprovada"} for passo in resultado["log"]]
    return resultado
