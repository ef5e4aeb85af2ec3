"""Copia a letra como está no enunciado, com o parêntese.

Requisito: r1
"""

resposta_5_5 = "c)"
