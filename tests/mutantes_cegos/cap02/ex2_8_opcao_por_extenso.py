"""Atribui a linha inteira da opção, copiada do enunciado, em vez da letra.

Requisito: r1
"""

resposta_2_8 = "d) A mensagem do assistente e uma mensagem role='tool' por tool_call_id."
