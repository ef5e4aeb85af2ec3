"""Põe o texto da resposta em argumentos["resposta"] em vez de argumentos["texto"].

Requisito: r9
"""

_decidir_certo = decidir_proximo_passo


def decidir_proximo_passo(pedido, historico):
    decisao = _decidir_certo(pedido, historico)
    if decisao["ferramenta"] == "responder_final":
        return {"ferramenta": "responder_final", "argumentos": {"resposta": decisao["argumentos"]["texto"]}}
    return decisao
