"""Devolve a tradução com strip(): já não é a resposta tal como veio.

Requisito: r4
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo(f"Resume este texto em duas frases:\n\n{texto}")
    return chamar_modelo(f"Traduz para inglês:\n\n{resumo}").strip()
