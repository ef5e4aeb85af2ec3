"""Atribui o dicionário que a opção descreve (o que o agente devolve) em vez da letra dessa opção.

Requisito: r1
"""

resposta_5_5 = {"concluido": False, "motivo": "max_steps atingido", "log": []}
