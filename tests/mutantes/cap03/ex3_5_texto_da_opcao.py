"""Escreve o texto da opção que escolheu em vez da letra.

Requisito: r1
"""

resposta_3_5 = 'Não: o fluxo está todo no código, com um teto.'
