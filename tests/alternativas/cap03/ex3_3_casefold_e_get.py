"""Normaliza com str().strip().casefold() e escolhe a fila com um dicionário e get: o que não é
texto vira texto e cai na alternativa."""

_FILAS = {"cobranca": "cobranca", "infra": "infra", "suporte": "suporte"}


def rotear(pedido, classificar):
    try:
        resposta = classificar(pedido)
    except Exception:
        return "suporte"
    chave = str(resposta).strip().casefold() if isinstance(resposta, str) else None
    return _FILAS.get(chave, "suporte")
