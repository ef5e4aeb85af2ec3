"""Copia a letra como está no enunciado, com o parêntese.

Requisito: r1
"""

resposta_9_6 = "d)"
