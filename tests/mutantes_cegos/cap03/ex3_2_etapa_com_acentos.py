"""Escreve a etapa com acentos: "etapa": "validação" em vez de "validacao".

Requisito: r4
"""
# ruff: noqa: F821

_certo = extrair_validar_resumir


def extrair_validar_resumir(documento, chamar_modelo):
    resultado = _certo(documento, chamar_modelo)
    if not resultado["ok"]:
        resultado["etapa"] = "validação"
    return resultado
