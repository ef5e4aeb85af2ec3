"""Procura o nome como pedaço de texto da allowlist: 'consultar' deixa passar 'consultar_catalogo_v2'… ou ao contrário.

Requisito: r1
"""


def validar_acao(ferramenta, argumentos, allowlist):
    if not any(permitida in ferramenta for permitida in allowlist):
        return False, f"ferramenta '{ferramenta}' não está na allowlist"
    if not isinstance(argumentos, dict):
        return False, "argumentos têm de ser um dicionário"
    return True, None
