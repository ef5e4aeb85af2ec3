"""Compara os nomes sem passar o pedido a minúsculas: «Rato Sem Fios» já não é encontrado.

Requisito: r1
"""

import re


def decidir_ferramenta_e_argumentos(pedido):
    for nome in CATALOGO:
        if nome in pedido:
            return "consultar_catalogo", {"nome_produto": nome}
    conta = re.search(r"(\d+(?:[.,]\d+)?)\s*(?:vezes|x)\s*(\d+(?:[.,]\d+)?)", pedido.lower())
    if conta:
        q, p = (float(g.replace(",", ".")) for g in conta.groups())
        return "calcular_total", {"quantidade": q, "preco_unitario": p}
    return None
