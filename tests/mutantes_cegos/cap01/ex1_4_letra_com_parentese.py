"""Atribui "b)", copiado das opções com o parêntese, em vez da letra.

Requisito: r1
"""

resposta_1_4 = "b)"
