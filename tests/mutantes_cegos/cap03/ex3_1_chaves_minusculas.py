"""Usa as letras dos cenários em minúsculas como chaves ("a" a "f") em vez de "A" a "F".

Requisito: r1
"""
# ruff: noqa: F821

CLASSIFICACAO = {letra.lower(): tipo for letra, tipo in CLASSIFICACAO.items()}
