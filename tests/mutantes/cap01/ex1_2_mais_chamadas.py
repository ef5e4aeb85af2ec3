"""Confunde agente com «mais chamadas ao modelo».

Requisito: r1
"""

resposta_1_2 = "a"
