"""Classifica o cenário E (gerar, avaliar e repetir até três vezes) como "agente", por ter um ciclo.

Requisito: r2
"""
# ruff: noqa: F821

CLASSIFICACAO = {**CLASSIFICACAO, "E": "agente"}
