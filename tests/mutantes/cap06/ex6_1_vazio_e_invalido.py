"""Usa a veracidade dos argumentos: um dicionário vazio (ferramenta sem argumentos) é recusado.

Requisito: r3
"""


def validar_acao(ferramenta, argumentos, allowlist):
    if ferramenta not in allowlist:
        return False, f"ferramenta '{ferramenta}' não está na allowlist"
    if not argumentos or not isinstance(argumentos, dict):
        return False, "argumentos têm de ser um dicionário"
    return True, None
