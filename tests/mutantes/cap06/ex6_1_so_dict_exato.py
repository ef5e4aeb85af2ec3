"""Testa type(argumentos) is dict: uma subclasse de dict (um OrderedDict) é recusada.

Requisito: r3
"""


def validar_acao(ferramenta, argumentos, allowlist):
    if ferramenta not in allowlist:
        return False, f"ferramenta '{ferramenta}' não está na allowlist"
    if type(argumentos) is not dict:
        return False, "argumentos têm de ser um dicionário"
    return True, None
