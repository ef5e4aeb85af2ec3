"""Separa antigos e recentes com enumerate numa só passagem."""


def resumir_passos_antigos(historico, mantidos, resumir):
    limite = len(historico) - mantidos
    antigos = [p for i, p in enumerate(historico) if i < limite]
    recentes = [p for i, p in enumerate(historico) if i >= limite]
    if antigos:
        recentes.insert(0, {"ferramenta": "resumo", "resultado": resumir(antigos)})
    return recentes
