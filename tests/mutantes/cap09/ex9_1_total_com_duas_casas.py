"""Formata o total com duas casas decimais («239.70€») em vez do texto combinado f"Orçamento: {total}€.".

Requisito: r7
"""

_decidir_certo = decidir_proximo_passo


def decidir_proximo_passo(pedido, historico):
    decisao = _decidir_certo(pedido, historico)
    calculos = [p for p in historico if p.get("aprovada") and p["ferramenta"] == "calcular_total"]
    if decisao["ferramenta"] == "responder_final" and calculos:
        return {"ferramenta": "responder_final",
                "argumentos": {"texto": f"Orçamento: {calculos[0]['resultado']:.2f}€."}}
    return decisao
