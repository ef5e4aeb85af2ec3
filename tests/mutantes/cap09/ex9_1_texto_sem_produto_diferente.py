"""Sem produto no pedido, responde com um texto à sua maneira em vez do texto combinado.

Requisito: r3
"""

_decidir_certo = decidir_proximo_passo


def decidir_proximo_passo(pedido, historico):
    decisao = _decidir_certo(pedido, historico)
    if decisao["argumentos"].get("texto") == "Não encontrei nenhum produto do catálogo neste pedido.":
        decisao["argumentos"]["texto"] = "Não encontrei esse produto."
    return decisao
