"""Guarda num dicionário a primeira observação aprovada de cada ferramenta (setdefault) e decide a partir dele."""


def decidir_proximo_passo(pedido, historico):
    vistos = {}
    for p in historico:
        if p.get("aprovada") is True:
            vistos.setdefault(p["ferramenta"], p["resultado"])
    texto = pedido.lower()
    if "consultar_catalogo" not in vistos:
        nome = next((n for n in CATALOGO if n in texto), None)
        if nome is None:
            return {"ferramenta": "responder_final",
                    "argumentos": {"texto": "Não encontrei nenhum produto do catálogo neste pedido."}}
        return {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": nome}}
    produto = vistos["consultar_catalogo"]
    if produto is None:
        return {"ferramenta": "responder_final", "argumentos": {"texto": "Esse produto não existe no catálogo."}}
    if "calcular_total" in vistos:
        return {"ferramenta": "responder_final", "argumentos": {"texto": "Orçamento: %s€." % vistos["calcular_total"]}}
    m = re.search(r"(\d+)\s+unidades?\b", texto)
    return {"ferramenta": "calcular_total",
            "argumentos": {"quantidade": int(m.group(1)) if m else 1, "preco_unitario": produto["preco"]}}
