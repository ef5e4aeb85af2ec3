"""Escreve o texto da opção que escolheu em vez da letra.

Requisito: r1
"""

resposta_8_6 = '61 500 (3 000 + 3 700 + … + 9 300)'
