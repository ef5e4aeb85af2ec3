"""Exige pelo menos um espaço de cada lado de "vezes"/"x": "12x0.5" já não é uma conta.

Requisito: r4
"""
# ruff: noqa: F821

import re

_certo = decidir_ferramenta_e_argumentos


def decidir_ferramenta_e_argumentos(pedido):
    decisao = _certo(pedido)
    if decisao is not None and decisao[0] == "calcular_total" and not re.search(
            r"\d\s+(?:vezes|x)\s+\d", pedido.lower()):
        return None
    return decisao
