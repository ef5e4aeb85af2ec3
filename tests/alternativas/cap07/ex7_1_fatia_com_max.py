"""Uma só fatia com o índice calculado por max(), sem caso especial para zero."""


def historico_recente(historico, mantidos=5):
    if mantidos < 0:
        raise ValueError(f"mantidos tem de ser >= 0, recebi {mantidos}")
    return list(historico[max(len(historico) - mantidos, 0):])
