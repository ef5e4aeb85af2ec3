"""Copia a letra como está no enunciado, com o parêntese.

Requisito: r1
"""

resposta_6_7 = "d)"
