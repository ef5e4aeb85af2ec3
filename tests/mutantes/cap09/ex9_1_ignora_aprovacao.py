"""Usa todos os passos do histórico, aprovados ou não: uma consulta rejeitada conta como observação.

Requisito: r1
"""


def decidir_proximo_passo(pedido, historico):
    texto = pedido.lower()
    consulta = next((p for p in historico if p["ferramenta"] == "consultar_catalogo"), None)
    if consulta is None:
        for nome in CATALOGO:
            if nome in texto:
                return {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": nome}}
        return {"ferramenta": "responder_final",
                "argumentos": {"texto": "Não encontrei nenhum produto do catálogo neste pedido."}}
    if consulta["resultado"] is None:
        return {"ferramenta": "responder_final", "argumentos": {"texto": "Esse produto não existe no catálogo."}}
    calculo = next((p for p in historico if p["ferramenta"] == "calcular_total"), None)
    if calculo is None:
        achado = re.search(r"(\d+)\s*unidades?", texto)
        quantidade = float(achado.group(1)) if achado else 1.0
        return {"ferramenta": "calcular_total",
                "argumentos": {"quantidade": quantidade, "preco_unitario": consulta["resultado"]["preco"]}}
    return {"ferramenta": "responder_final", "argumentos": {"texto": f"Orçamento: {calculo['resultado']}€."}}
