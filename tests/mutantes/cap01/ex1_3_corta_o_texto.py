"""Corta o texto aos 500 caracteres antes de o mandar resumir, «para poupar tokens».

Requisito: r1
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo(f"Resume este texto em duas frases:\n\n{texto[:500]}")
    return chamar_modelo(f"Traduz para inglês:\n\n{resumo}")
