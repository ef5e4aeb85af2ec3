"""Olha só para o último passo do histórico, como o decisor do capítulo 1, e perde a consulta ao catálogo.

Requisito: r1, r8, r10
"""


def decidir_proximo_passo(pedido, historico):
    texto = pedido.lower()
    ultimo = historico[-1] if historico else None
    if ultimo is None:
        for nome in CATALOGO:
            if nome in texto:
                return {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": nome}}
        return {"ferramenta": "responder_final",
                "argumentos": {"texto": "Não encontrei nenhum produto do catálogo neste pedido."}}
    if ultimo["ferramenta"] == "consultar_catalogo":
        if ultimo["resultado"] is None:
            return {"ferramenta": "responder_final", "argumentos": {"texto": "Esse produto não existe no catálogo."}}
        achado = re.search(r"(\d+)\s*unidades?", texto)
        quantidade = float(achado.group(1)) if achado else 1.0
        return {"ferramenta": "calcular_total",
                "argumentos": {"quantidade": quantidade, "preco_unitario": ultimo["resultado"]["preco"]}}
    return {"ferramenta": "responder_final", "argumentos": {"texto": f"Orçamento: {ultimo['resultado']}€."}}
