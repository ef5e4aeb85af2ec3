"""Testa primeiro o caso válido, com uma só expressão condicional por ramo."""


def validar_acao(ferramenta, argumentos, allowlist):
    permitida = ferramenta in set(allowlist)
    if permitida and isinstance(argumentos, dict):
        return True, None
    if not permitida:
        return False, "ferramenta '%s' não está na allowlist" % ferramenta
    return False, "argumentos têm de ser um dicionário"
