"""Aprova com um motivo vazio, (True, ""), em vez de (True, None).

Requisito: r3
"""


def validar_acao(ferramenta, argumentos, allowlist):
    if ferramenta not in allowlist:
        return False, f"ferramenta '{ferramenta}' não está na allowlist"
    if not isinstance(argumentos, dict):
        return False, "argumentos têm de ser um dicionário"
    return True, ""
