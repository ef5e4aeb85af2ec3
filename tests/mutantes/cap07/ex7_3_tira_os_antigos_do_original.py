"""Tira os passos antigos da lista recebida com del, para os resumir.

Requisito: r7
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    antigos = list(historico[:corte])
    del historico[:corte]
    if not antigos:
        return list(historico)
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + list(historico)
