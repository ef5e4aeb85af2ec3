"""Sem nenhum produto do catálogo no pedido devolve None (como o decisor do 4.1), em vez de responder.

Requisito: r3
"""

import re

_CATALOGO = globals()["CATALOGO"]  # o catálogo que o caderno dá


def decidir_proximo_passo(pedido, historico):
    texto = pedido.lower()
    aprovados = [p for p in historico if p.get("aprovada")]

    def observado(ferramenta):
        return next((p for p in aprovados if p["ferramenta"] == ferramenta), None)

    def responder(mensagem):
        return {"ferramenta": "responder_final", "argumentos": {"texto": mensagem}}

    consulta = observado("consultar_catalogo")
    if consulta is None:
        for nome in _CATALOGO:
            if nome in texto:
                return {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": nome}}
        return None
    if consulta["resultado"] is None:
        return responder("Esse produto não existe no catálogo.")
    calculo = observado("calcular_total")
    if calculo is None:
        achado = re.search(r"(\d+(?:[.,]\d+)?)\s*unidades?", texto)
        quantidade = float(achado.group(1).replace(",", ".")) if achado else 1.0
        return {"ferramenta": "calcular_total",
                "argumentos": {"quantidade": quantidade, "preco_unitario": consulta["resultado"]["preco"]}}
    return responder(f"Orçamento: {calculo['resultado']}€.")
