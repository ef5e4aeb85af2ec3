"""Esquece o f da f-string no primeiro prompt: o modelo recebe «{texto}» à letra, não o texto.

Requisito: r1
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo("Resume este texto em duas frases:\n\n{texto}")
    return chamar_modelo(f"Traduz para inglês:\n\n{resumo}")
