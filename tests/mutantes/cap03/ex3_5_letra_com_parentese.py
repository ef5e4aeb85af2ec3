"""Copia a letra como está no enunciado, com o parêntese.

Requisito: r1
"""

resposta_3_5 = "a)"
