"""Compara o nome da ferramenta com is em vez de ==: num log relido de JSON os textos são objetos novos e os passos deixam de contar.

Requisito: r8
"""

_decidir_certo = decidir_proximo_passo
_NOMES = ("consultar_catalogo", "calcular_total", "responder_final")


def decidir_proximo_passo(pedido, historico):
    reconhecidos = [p for p in historico if any(p["ferramenta"] is nome for nome in _NOMES)]
    return _decidir_certo(pedido, reconhecidos)
