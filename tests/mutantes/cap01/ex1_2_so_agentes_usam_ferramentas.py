"""Acha que só os agentes podem usar ferramentas.

Requisito: r1
"""

resposta_1_2 = "d"
