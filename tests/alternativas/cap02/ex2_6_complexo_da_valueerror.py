"""Recusa com ValueError uma conta que dá um número complexo (o enunciado deixa escolher entre isso
e devolver o complexo), embrulhando a solução."""

_certo = calcular


def calcular(expressao):
    resultado = _certo(expressao)
    if isinstance(resultado, complex):
        raise ValueError("o resultado é um número complexo")
    return resultado
