"""A mensagem de erro da ferramenta esquece o tipo da exceção: "Erro ao executar <nome>: <mensagem>".

Requisito: r4
"""
# ruff: noqa: F821

_certo = executar_chamada


def executar_chamada(nome, argumentos_json, ferramentas):
    texto = _certo(nome, argumentos_json, ferramentas)
    inicio = f"Erro ao executar {nome}: "
    if texto.startswith(inicio):
        _tipo, _, mensagem = texto[len(inicio):].partition(": ")
        return inicio + mensagem
    return texto
