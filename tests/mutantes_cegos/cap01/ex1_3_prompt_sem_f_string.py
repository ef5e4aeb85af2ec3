"""O primeiro prompt esquece o f da f-string: leva o texto literal "{texto}" em vez do texto.

Requisito: r1
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo("Resume este texto em duas frases:\n\n{texto}")
    return chamar_modelo(f"Traduz para inglês:\n\n{resumo}")
