"""Troca os passos antigos pelo resumo na própria lista que recebe (historico[:corte] = [...]) e devolve uma cópia.

Requisito: r7
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = max(len(historico) - mantidos, 0)
    if corte:
        historico[:corte] = [{"ferramenta": "resumo", "resultado": resumir(list(historico[:corte]))}]
    return list(historico)
