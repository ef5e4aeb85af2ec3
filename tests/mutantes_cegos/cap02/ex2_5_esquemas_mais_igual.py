"""Junta uma ferramenta responder_final com «esquemas += [...]», que altera a lista de quem chama.

Requisito: r10
"""
# ruff: noqa: F821

_certo = responder_com_ferramentas

_RESPONDER_FINAL = {"type": "function", "function": {
    "name": "responder_final", "description": "Dá a resposta final ao utilizador.",
    "parameters": {"type": "object", "properties": {"texto": {"type": "string"}},
                   "required": ["texto"]}}}


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    esquemas += [_RESPONDER_FINAL]
    return _certo(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas)
