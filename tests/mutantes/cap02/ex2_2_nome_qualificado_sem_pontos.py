"""Usa o nome qualificado com os pontos trocados por «_» (para a API o aceitar): uma função definida dentro de outra fica "fabricar__locals__somar".

Requisito: r1
"""

import re

_certo = esquema_de_funcao


def esquema_de_funcao(funcao):
    esquema = _certo(funcao)
    esquema["function"]["name"] = re.sub(r"[^A-Za-z0-9_-]", "_", funcao.__qualname__)
    return esquema
