"""Escreve os valores com maiúscula e acento («Workflow», «Agente»).

Requisito: r1
"""

CLASSIFICACAO = {"A": "Workflow", "B": "Agente", "C": "Workflow", "D": "Agente", "E": "Workflow", "F": "Agente"}
