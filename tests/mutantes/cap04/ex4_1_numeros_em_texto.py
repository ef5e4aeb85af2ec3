"""Devolve os números como texto (tal como saem da expressão regular), não como float.

Requisito: r2
"""

_decidir_certo = decidir_ferramenta_e_argumentos


def decidir_ferramenta_e_argumentos(pedido):
    decisao = _decidir_certo(pedido)
    if decisao and decisao[0] == "calcular_total":
        return "calcular_total", {k: f"{v:g}" for k, v in decisao[1].items()}
    return decisao
