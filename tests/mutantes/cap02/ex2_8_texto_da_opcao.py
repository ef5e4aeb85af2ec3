"""Escreve o texto da opção que escolheu em vez da letra.

Requisito: r1
"""

resposta_2_8 = "A mensagem do assistente e uma mensagem role='tool' por tool_call_id."
