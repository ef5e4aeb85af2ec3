"""Escreve o texto da opção que escolheu em vez da letra.

Requisito: r1
"""

resposta_4_5 = 'Nada: só o corpo do decisor mudou.'
