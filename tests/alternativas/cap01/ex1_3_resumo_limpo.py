"""Limpa os espaços à volta do resumo antes de o mandar traduzir (o segundo prompt continua a levar
a primeira resposta) e monta os prompts com str.format."""

PROMPT_RESUMO = "Resume o texto seguinte em duas frases.\n\n{}"
PROMPT_TRADUCAO = "Traduz este resumo para inglês:\n\n{}"


def resumir_e_traduzir(texto, chamar_modelo):
    resumo = chamar_modelo(PROMPT_RESUMO.format(texto))
    return chamar_modelo(PROMPT_TRADUCAO.format(resumo.strip()))
