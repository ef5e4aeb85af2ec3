"""Escreve a opção por extenso em vez da letra.

Requisito: r2
"""

resposta_1_2 = "No agente é o modelo que decide"
