"""Quando o resumo acaba numa pergunta («Queres que resuma?»), pede outra vez o resumo: o código
passa a decidir pela resposta. Só uma resposta que acaba em «?» o mostra.

Requisito: r5
"""


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo(f"Resume este texto em duas frases:\n\n{texto}")
    if resumo.rstrip().endswith("?"):
        resumo = chamar_modelo(f"Responde só com o resumo deste texto:\n\n{texto}")
    return chamar_modelo(f"Traduz para inglês:\n\n{resumo}")
