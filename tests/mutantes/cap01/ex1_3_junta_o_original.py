"""O segundo prompt leva o resumo e também o texto original, «para dar contexto».

Requisito: r3
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo(f"Resume este texto em duas frases:\n\n{texto}")
    return chamar_modelo(f"Traduz para inglês este resumo:\n\n{resumo}\n\n(Texto original: {texto})")
