"""Corta o resumo aos 200 caracteres antes de o mandar traduzir, «para poupar tokens». Só um resumo
comprido o mostra.

Requisito: r2
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo(f"Resume este texto em duas frases:\n\n{texto}")
    return chamar_modelo(f"Traduz para inglês:\n\n{resumo[:200]}")
