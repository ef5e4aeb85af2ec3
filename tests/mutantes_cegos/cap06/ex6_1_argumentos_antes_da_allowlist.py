"""Verifica os argumentos antes da allowlist: uma ferramenta proibida com argumentos errados é recusada pelos argumentos.

Requisito: r4
"""


def validar_acao(ferramenta, argumentos, allowlist):
    if not isinstance(argumentos, dict):
        return False, "argumentos têm de ser um dicionário"
    if ferramenta not in allowlist:
        return False, f"ferramenta '{ferramenta}' não está na allowlist"
    return True, None
