"""Atribui o número de tokens da opção (61500) em vez da letra dessa opção.

Requisito: r1
"""

resposta_8_6 = 61500
