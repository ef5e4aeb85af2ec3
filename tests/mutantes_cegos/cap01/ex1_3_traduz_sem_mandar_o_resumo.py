"""O segundo prompt pede a tradução «do resumo» sem o incluir, como se o modelo se lembrasse dele.

Requisito: r2
"""


def resumir_e_traduzir(texto, chamar_modelo):
    chamar_modelo(f"Resume este texto em duas frases:\n\n{texto}")
    return chamar_modelo("Traduz para inglês o resumo que acabaste de escrever.")
