"""Junta também a resposta final ao histórico, como se fosse mais uma ferramenta.

Requisito: r4
"""
# ruff: noqa: F821

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    resultado = _certo(pedido, decidir, ferramentas, max_passos)
    if resultado["concluido"]:
        texto = resultado["resposta"]
        resultado["historico"].append(
            {"ferramenta": "responder_final", "argumentos": {"texto": texto}, "resultado": texto})
    return resultado
