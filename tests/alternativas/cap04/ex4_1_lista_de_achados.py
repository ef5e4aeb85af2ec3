"""Junta numa lista os produtos achados e lê a conta com grupos nomeados pela posição."""


def decidir_ferramenta_e_argumentos(pedido):
    baixo = pedido.lower()
    achados = [nome for nome in CATALOGO if nome in baixo]
    if achados:
        return ("consultar_catalogo", {"nome_produto": achados[0]})
    m = re.search(r"(\d+(?:[.,]\d+)?)\s*(vezes|x)\s*(\d+(?:[.,]\d+)?)", baixo)
    if m is None:
        return None
    q, _, p = m.groups()
    return ("calcular_total", {"quantidade": float(q.replace(",", ".")), "preco_unitario": float(p.replace(",", "."))})
