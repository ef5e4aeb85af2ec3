"""Quando o resumo vem vazio não pede a tradução e devolve "" («não há nada a traduzir»): o
código passa a decidir pela resposta.

Requisito: r5
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo(f"Resume este texto em duas frases:\n\n{texto}")
    return chamar_modelo(f"Traduz para inglês:\n\n{resumo}") if resumo.strip() else ""
