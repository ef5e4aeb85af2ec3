"""Procura primeiro a conta e só depois o produto: "2 x 24,50 pelo rato sem fios" vira calcular_total.

Requisito: r3
"""
# ruff: noqa: F821

import re


def decidir_ferramenta_e_argumentos(pedido):
    texto = pedido.lower()
    conta = re.search(r"(\d+(?:[.,]\d+)?)\s*(?:vezes|x)\s*(\d+(?:[.,]\d+)?)", texto)
    if conta:
        quantidade, preco = (float(numero.replace(",", ".")) for numero in conta.groups())
        return "calcular_total", {"quantidade": quantidade, "preco_unitario": preco}
    produtos = [nome for nome in CATALOGO if nome in texto]
    return ("consultar_catalogo", {"nome_produto": produtos[0]}) if produtos else None
