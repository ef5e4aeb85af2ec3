"""Só aceita o ponto decimal: «19,99» é lido como 19 (ou nem é lido).

Requisito: r2
"""

import re


def decidir_ferramenta_e_argumentos(pedido):
    texto = pedido.lower()
    for nome in CATALOGO:
        if nome in texto:
            return "consultar_catalogo", {"nome_produto": nome}
    conta = re.search(r"(\d+(?:\.\d+)?)\s*(?:vezes|x)\s*(\d+(?:\.\d+)?)", texto)
    if conta:
        return "calcular_total", {"quantidade": float(conta.group(1)), "preco_unitario": float(conta.group(2))}
    return None
