"""Toma como quantidade o primeiro número do pedido, mesmo que seja o «27» de «monitor 27 polegadas».

Requisito: r5
"""

_decidir_certo = decidir_proximo_passo


def decidir_proximo_passo(pedido, historico):
    decisao = _decidir_certo(pedido, historico)
    if decisao["ferramenta"] == "calcular_total":
        achado = re.search(r"\d+", pedido)
        decisao["argumentos"]["quantidade"] = float(achado.group()) if achado else 1.0
    return decisao
