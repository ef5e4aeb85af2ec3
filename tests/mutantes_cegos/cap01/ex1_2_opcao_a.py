"""Escolhe a a): confunde o número de chamadas ao modelo com o que faz um agente.

Requisito: r1
"""

resposta_1_2 = "a"
