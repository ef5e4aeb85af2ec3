"""Atribui o nome da métrica que distingue os dois agentes («pass^k») em vez da letra da opção.

Requisito: r1
"""

resposta_9_6 = "pass^k"
