"""Manda só o primeiro esquema (ESQUEMAS_FERRAMENTAS[:1], «a ferramenta principal»), e não as duas
ferramentas.

Requisito: r4
"""

import json


def decidir_com_modelo(pedido, cliente, modelo):
    resposta = cliente.chat.completions.create(
        model=modelo, messages=[{"role": "user", "content": pedido}], tools=ESQUEMAS_FERRAMENTAS[:1])
    chamadas = resposta.choices[0].message.tool_calls or []
    return (chamadas[0].function.name, json.loads(chamadas[0].function.arguments)) if chamadas else None
