"""O texto do erro diz só "e-mail inválido", sem dizer o que o modelo respondeu.

Requisito: r5
"""
# ruff: noqa: F821

_certo = extrair_validar_resumir


def extrair_validar_resumir(documento, chamar_modelo):
    resultado = _certo(documento, chamar_modelo)
    return resultado if resultado["ok"] else {**resultado, "erro": "e-mail inválido"}
