"""No limite devolve também "resposta": None, para o resultado ter sempre as mesmas chaves.

Requisito: r9
"""
# ruff: noqa: F821

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    resultado = _certo(pedido, decidir, ferramentas, max_passos)
    resultado.setdefault("resposta", None)
    return resultado
