"""Guarda num dicionário por compreensão a observação aprovada de cada ferramenta: a última sobrepõe-se às anteriores, e com duas consultas conta a última e não a primeira.

Requisito: r10
"""


def decidir_proximo_passo(pedido, historico):
    vistos = {p["ferramenta"]: p["resultado"] for p in historico if p.get("aprovada") is True}
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
