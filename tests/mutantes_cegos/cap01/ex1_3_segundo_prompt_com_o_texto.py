"""O segundo prompt leva o texto original ao lado do resumo, «para dar contexto» à tradução.

Requisito: r3
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo(f"Resume este texto em duas frases:\n\n{texto}")
    return chamar_modelo(f"Texto original:\n{texto}\n\nTraduz para inglês este resumo:\n\n{resumo}")
