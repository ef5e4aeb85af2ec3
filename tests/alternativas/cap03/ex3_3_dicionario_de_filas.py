"""Normaliza com casefold e split/join e escolhe a fila com dict.get, em vez de um conjunto."""


def rotear(pedido, classificar):
    filas = {"cobranca": "cobranca", "infra": "infra", "suporte": "suporte"}
    try:
        resposta = classificar(pedido)
        chave = "".join(str(resposta).split()).casefold()
    except Exception:
        return "suporte"
    return filas.get(chave, "suporte")
