"""Trata integer como «qualquer número»: quantidade 2.5 passa.

Requisito: r4
"""

from types import FunctionType

TIPOS_JSON = {**TIPOS_JSON, "integer": (int, float)}
# a mesma função da solução, mas a ler esta tabela de tipos
validar_argumentos = FunctionType(validar_argumentos.__code__, globals())
