"""Atribui o controlo escrito por palavras («recusar») em vez da letra da opção.

Requisito: r1
"""

resposta_6_7 = "recusar"
