"""Escreve o texto da opção que escolheu em vez da letra.

Requisito: r1
"""

resposta_1_4 = 'Corta antes da observação, corre ver_stock e junta o que ela devolve.'
