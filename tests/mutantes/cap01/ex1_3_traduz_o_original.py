"""O segundo passo traduz o texto original em vez do resumo."""


def resumir_e_traduzir(texto, chamar_modelo):
    chamar_modelo(f"Resume: {texto}")
    return chamar_modelo(f"Traduz para inglês: {texto}")
