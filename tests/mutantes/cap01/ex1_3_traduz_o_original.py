"""O segundo passo traduz o texto original em vez do resumo.

Requisito: r2, r3
"""


def resumir_e_traduzir(texto, chamar_modelo):
    chamar_modelo(f"Resume: {texto}")
    return chamar_modelo(f"Traduz para inglês: {texto}")
