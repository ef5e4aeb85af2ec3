"""Responde «Não» à pergunta «É um agente?» em vez de atribuir a letra da opção.

Requisito: r1
"""

resposta_3_5 = "Não"
