"""Passa ao decisor o log do início (vazio) em cada passo: o decisor nunca vê os passos novos.

Requisito: r5
"""

_correr_certo = correr_agente


def correr_agente(pedido, max_steps=5, timeout_segundos=10, decidir=None, relogio=time.monotonic):
    escolhido = decidir if decidir is not None else decidir_proximo_passo
    inicial = []
    return _correr_certo(pedido, max_steps, timeout_segundos, lambda p, log: escolhido(p, inicial), relogio)
