"""Escreve o nome da ferramenta entre aspas, e não entre plicas, no motivo da recusa.

Requisito: r1
"""


def validar_acao(ferramenta, argumentos, allowlist):
    if ferramenta not in allowlist:
        return False, f'ferramenta "{ferramenta}" não está na allowlist'
    if not isinstance(argumentos, dict):
        return False, "argumentos têm de ser um dicionário"
    return True, None
