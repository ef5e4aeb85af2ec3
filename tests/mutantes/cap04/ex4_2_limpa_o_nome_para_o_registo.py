"""Depois de correr a ferramenta, deixa o nome_produto do dicionário de argumentos limpo (strip e minúsculas) «para o registo»: a ferramenta recebe o que devia, mas o dicionário de quem chama muda.

Requisito: r5
"""

_certo = executar_ferramenta


def executar_ferramenta(nome_ferramenta, argumentos):
    resultado = _certo(nome_ferramenta, argumentos)
    if isinstance(argumentos.get("nome_produto"), str):
        argumentos["nome_produto"] = argumentos["nome_produto"].strip().lower()
    return resultado
