"""Chama a ferramenta uma vez para ver se deu None e outra vez para devolver o resultado.

Requisito: r3
"""
# ruff: noqa: F821


def executar_ferramenta(nome_ferramenta, argumentos):
    funcao = FERRAMENTAS[nome_ferramenta]
    if funcao(**argumentos) is None:  # por exemplo, um produto que não existe
        return None
    return funcao(**argumentos)
