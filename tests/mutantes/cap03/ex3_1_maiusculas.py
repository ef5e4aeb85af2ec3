"""Escreve os valores com maiúscula e acento («Workflow», «Agente»)."""

CLASSIFICACAO = {"A": "Workflow", "B": "Agente", "C": "Workflow", "D": "Agente", "E": "Workflow", "F": "Agente"}
