"""Só recusa argumentos em falta (None): uma lista ou um texto passam como se fossem um dicionário.

Requisito: r2
"""


def validar_acao(ferramenta, argumentos, allowlist):
    if ferramenta not in allowlist:
        return False, f"ferramenta '{ferramenta}' não está na allowlist"
    if argumentos is None:
        return False, "argumentos têm de ser um dicionário"
    return True, None
