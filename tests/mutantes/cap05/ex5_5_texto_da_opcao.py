"""Escreve o texto da opção que escolheu em vez da letra.

Requisito: r1
"""

resposta_5_5 = "{'concluido': False, 'motivo': 'max_steps atingido', 'log': [...]}, sem 'resposta'."
