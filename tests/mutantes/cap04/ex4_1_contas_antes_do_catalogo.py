"""Troca a ordem das regras: procura primeiro uma conta e só depois um produto do catálogo.

Requisito: r3
"""

import re


def decidir_ferramenta_e_argumentos(pedido):
    texto = pedido.lower()
    numero = r"(\d+(?:[.,]\d+)?)"
    conta = re.search(numero + r"\s*(?:vezes|x)\s*" + numero, texto)
    if conta:
        quantidade, preco = (float(g.replace(",", ".")) for g in conta.groups())
        return "calcular_total", {"quantidade": quantidade, "preco_unitario": preco}
    for nome in CATALOGO:
        if nome in texto:
            return "consultar_catalogo", {"nome_produto": nome}
    return None
