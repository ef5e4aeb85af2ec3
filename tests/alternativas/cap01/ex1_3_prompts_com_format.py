"""Prompts montados com str.format e uma lista de passos da cadeia, em vez de f-strings soltas."""


def resumir_e_traduzir(texto, chamar_modelo):
    passos = ["Faz um resumo curto do texto seguinte.\n{}", "Translate into English:\n{}"]
    atual = texto
    for molde in passos:
        atual = chamar_modelo(molde.format(atual))
    return atual
