"""Volta a resumir quando o resumo é vazio ou longo: o código passa a decidir pela resposta, e o
segundo prompt já não leva a primeira resposta.

Requisito: r2, r5
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo(f"Resume: {texto}")
    if not resumo or len(resumo) > 200:
        resumo = chamar_modelo(f"Resume melhor: {texto}")
    return chamar_modelo(f"Traduz para inglês: {resumo}")
