"""A quantidade só aceita algarismos, sem decimais: em "1,5 vezes 4" lê a quantidade 5.

Requisito: r2
"""
# ruff: noqa: F821

import re

_certo = decidir_ferramenta_e_argumentos


def decidir_ferramenta_e_argumentos(pedido):
    decisao = _certo(pedido)
    conta = re.search(r"(\d+)\s*(?:vezes|x)\s*(\d+(?:[.,]\d+)?)", pedido.lower())
    if decisao is not None and decisao[0] == "calcular_total" and conta:
        quantidade, preco = (float(g.replace(",", ".")) for g in conta.groups())
        return "calcular_total", {"quantidade": quantidade, "preco_unitario": preco}
    return decisao
