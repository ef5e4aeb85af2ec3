"""Acrescenta ao histórico a decisão que tomou («para se lembrar dela na próxima volta»): o decisor
escreve no log de quem o chama.

Requisito: r11
"""

_decidir_certo = decidir_proximo_passo


def decidir_proximo_passo(pedido, historico):
    decisao = _decidir_certo(pedido, historico)
    historico.append({"decisao": decisao})
    return decisao
