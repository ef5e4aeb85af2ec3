"""Atribui uma lista com a letra, como se o quiz aceitasse várias respostas, em vez da letra.

Requisito: r1
"""

resposta_4_5 = ["c"]
