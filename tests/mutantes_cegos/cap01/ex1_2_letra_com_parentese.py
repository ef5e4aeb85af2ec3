"""Atribui "c)", copiado do enunciado com o parêntese, em vez da letra.

Requisito: r2
"""

resposta_1_2 = "c)"
