"""Não regista a volta cuja ferramenta devolveu None («não há nada a observar»): o histórico perde
observações, e o decisor deixa de as ver. Só um resultado None o mostra.

Requisito: r6, r7
"""

_certo = correr_ciclo


def _com_resultado(historico):
    return [passo for passo in historico if passo["resultado"] is not None]


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    r = _certo(pedido, lambda p, historico: decidir(p, _com_resultado(historico)), ferramentas, max_passos)
    r["historico"] = _com_resultado(r["historico"])
    return r
