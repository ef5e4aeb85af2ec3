"""Procura os nomes do catálogo no pedido tal como vem, sem passar a minúsculas.

Requisito: r2
"""

_decidir_certo = decidir_proximo_passo


def decidir_proximo_passo(pedido, historico):
    if not any(p.get("aprovada") and p["ferramenta"] == "consultar_catalogo" for p in historico):
        for nome in CATALOGO:
            if nome in pedido:
                return {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": nome}}
        return {"ferramenta": "responder_final",
                "argumentos": {"texto": "Não encontrei nenhum produto do catálogo neste pedido."}}
    return _decidir_certo(pedido, historico)
