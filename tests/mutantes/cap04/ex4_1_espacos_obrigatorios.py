"""Exige espaços à volta de «vezes»/«x»: «12x0.5» já não é uma conta.

Requisito: r4
"""

import re


def decidir_ferramenta_e_argumentos(pedido):
    texto = pedido.lower()
    for nome in CATALOGO:
        if nome in texto:
            return "consultar_catalogo", {"nome_produto": nome}
    numero = r"(\d+(?:[.,]\d+)?)"
    conta = re.search(numero + r"\s+(?:vezes|x)\s+" + numero, texto)
    if conta:
        quantidade, preco = (float(g.replace(",", ".")) for g in conta.groups())
        return "calcular_total", {"quantidade": quantidade, "preco_unitario": preco}
    return None
