"""Confunde o ciclo limitado do avaliador-otimizador (E) com um agente.

Requisito: r2
"""

CLASSIFICACAO = {"A": "workflow", "B": "agente", "C": "workflow", "D": "agente", "E": "agente", "F": "agente"}
