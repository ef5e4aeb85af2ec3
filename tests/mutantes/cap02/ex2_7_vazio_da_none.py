"""Com o texto vazio devolve None («não há nada para calcular») em vez de ValueError.

Requisito: r1
"""

_certo = calcular_com_limites


def calcular_com_limites(expressao):
    if isinstance(expressao, str) and not expressao.strip():
        return None
    return _certo(expressao)
