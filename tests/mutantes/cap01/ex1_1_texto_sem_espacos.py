"""Limpa os espaços à volta da resposta (strip): a resposta já não é argumentos["texto"]. Só um
texto com espaços à volta o mostra.

Requisito: r3
"""

_certo = correr_ciclo


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    r = _certo(pedido, decidir, ferramentas, max_passos)
    if "resposta" in r:
        r["resposta"] = r["resposta"].strip()
    return r
