"""Atribui «opção a», com a palavra à frente, em vez de só a letra.

Requisito: r1
"""

resposta_7_6 = "opção a"
