"""Escreve o texto da opção que escolheu em vez da letra.

Requisito: r1
"""

resposta_9_6 = 'O pass^k: o primeiro tem 0 nesta tarefa e o segundo 1'
