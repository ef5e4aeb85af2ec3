"""Quando a validação falha, pede o e-mail ao modelo uma segunda vez antes de desistir.

Requisito: r7
"""
# ruff: noqa: F821

_certo = extrair_validar_resumir


def extrair_validar_resumir(documento, chamar_modelo):
    resultado = _certo(documento, chamar_modelo)
    if not resultado["ok"]:  # «talvez à segunda o modelo acerte»
        resultado = _certo(documento, chamar_modelo)
    return resultado
