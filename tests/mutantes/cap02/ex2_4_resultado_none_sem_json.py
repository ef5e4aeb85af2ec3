"""Quando a ferramenta não devolve nada (None), diz «Sem resultado.» em vez de "null": já não é o
resultado em JSON. Só um resultado None o mostra.

Requisito: r5
"""

_certo = executar_chamada


def executar_chamada(nome, argumentos_json, ferramentas):
    texto = _certo(nome, argumentos_json, ferramentas)
    return "Sem resultado." if texto == "null" else texto
