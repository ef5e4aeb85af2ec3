"""Para poupar tokens, a chamada 1 só leva os primeiros 200 caracteres do documento.

Requisito: r1
"""
# ruff: noqa: F821

_certo = extrair_validar_resumir


def extrair_validar_resumir(documento, chamar_modelo):
    prompts = []

    def modelo(prompt):
        prompts.append(prompt)
        if len(prompts) == 1:  # só a chamada 1 é cortada
            prompt = prompt.replace(documento, documento[:200])
        return chamar_modelo(prompt)

    return _certo(documento, modelo)
