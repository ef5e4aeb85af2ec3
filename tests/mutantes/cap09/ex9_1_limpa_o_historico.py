"""Tira os passos rejeitados do próprio histórico recebido (historico[:] = ...) antes de decidir.

Requisito: r11
"""

_decidir_certo = decidir_proximo_passo


def decidir_proximo_passo(pedido, historico):
    historico[:] = [p for p in historico if p.get("aprovada")]
    return _decidir_certo(pedido, historico)
