"""Escreve as chaves em minúsculas ("a" a "f"): o dicionário não tem as chaves pedidas.

Requisito: r1
"""

CLASSIFICACAO = {"a": "workflow", "b": "agente", "c": "workflow", "d": "agente", "e": "workflow", "f": "agente"}
