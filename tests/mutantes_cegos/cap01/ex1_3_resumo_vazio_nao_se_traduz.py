"""Quando o resumo vem vazio, não faz a segunda chamada («não há nada para traduzir»).

Requisito: r5
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo(f"Resume este texto em duas frases:\n\n{texto}")
    if not resumo.strip():
        return resumo
    return chamar_modelo(f"Traduz para inglês:\n\n{resumo}")
