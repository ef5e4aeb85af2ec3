"""Devolve o resumo (a primeira resposta) em vez da tradução.

Requisito: r4
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo(f"Resume: {texto}")
    chamar_modelo(f"Traduz para inglês: {resumo}")
    return resumo
