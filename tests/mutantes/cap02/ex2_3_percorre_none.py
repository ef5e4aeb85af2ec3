"""Percorre mensagem.tool_calls sem o «or []»: quando o modelo responde com texto (None) rebenta
com TypeError em vez de devolver [].

Requisito: r3
"""

import types

_certo = extrair_chamadas


def extrair_chamadas(mensagem):
    return _certo(types.SimpleNamespace(tool_calls=list(mensagem.tool_calls)))
