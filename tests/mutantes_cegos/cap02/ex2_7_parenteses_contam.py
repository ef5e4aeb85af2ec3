"""Mede a profundidade também pelos parênteses do texto: "((…(7)…))" com 51 pares é recusado.

Requisito: r4
"""
# ruff: noqa: F821

_certo = calcular_com_limites


def calcular_com_limites(expressao):
    if isinstance(expressao, str):
        nivel = maior = 0
        for caractere in expressao:
            nivel += {"(": 1, ")": -1}.get(caractere, 0)
            maior = max(maior, nivel)
        if maior > MAX_NIVEIS:
            raise ValueError(f"expressão encaixada demais (mais de {MAX_NIVEIS} níveis)")
    return _certo(expressao)
