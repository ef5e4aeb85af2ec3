"""Verifica a regra das contas antes do catálogo: «2 x teclado» vira uma conta falhada ou errada.

Requisito: r3, r5
"""

import re


def decidir_ferramenta_e_argumentos(pedido):
    texto = pedido.lower()
    conta = re.search(r"(\d+(?:[.,]\d+)?)\s*(?:vezes|x)\s*(\S+)", texto)
    if conta:
        try:
            q, p = (float(g.replace(",", ".").rstrip("?")) for g in conta.groups())
            return "calcular_total", {"quantidade": q, "preco_unitario": p}
        except ValueError:
            return "calcular_total", {"quantidade": float(conta.group(1)), "preco_unitario": 0.0}
    for nome in CATALOGO:
        if nome in texto:
            return "consultar_catalogo", {"nome_produto": nome}
    return None
