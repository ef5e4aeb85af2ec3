"""A descrição é a primeira frase da docstring (até ao primeiro ponto), não o primeiro parágrafo.
Só um parágrafo com duas frases o mostra.

Requisito: r2
"""

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    esquema = _certo(funcao)
    descricao = esquema["function"]["description"]
    if ". " in descricao:
        esquema["function"]["description"] = descricao.split(". ")[0] + "."
    return esquema
