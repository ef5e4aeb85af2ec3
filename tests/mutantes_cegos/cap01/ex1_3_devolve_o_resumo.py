"""Faz as duas chamadas mas devolve a primeira resposta (o resumo), não a tradução.

Requisito: r4
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo(f"Resume este texto em duas frases:\n\n{texto}")
    chamar_modelo(f"Traduz para inglês:\n\n{resumo}")
    return resumo
