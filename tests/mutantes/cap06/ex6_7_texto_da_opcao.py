"""Escreve o texto da opção que escolheu em vez da letra.

Requisito: r1
"""

resposta_6_7 = 'Recusá-la, porque a página contaminou o contexto.'
