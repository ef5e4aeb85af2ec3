"""Escreve o texto da opção que escolheu em vez da letra.

Requisito: r1
"""

resposta_7_6 = 'O corte deixou respostas tool sem o seu pedido.'
