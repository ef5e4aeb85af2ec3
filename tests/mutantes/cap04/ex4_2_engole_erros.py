"""Esconde um nome de ferramenta desconhecido, devolvendo None em silêncio.

Requisito: r4
"""


def executar_ferramenta(nome_ferramenta, argumentos):
    funcao = FERRAMENTAS.get(nome_ferramenta)
    if funcao is None:
        return None
    return funcao(**argumentos)
