"""Apara os espaços do nome antes de o procurar: «consultar » passa a ser uma ferramenta permitida.

Requisito: r1
"""

_validar_certo = validar_acao


def validar_acao(ferramenta, argumentos, allowlist):
    aprovada, motivo = _validar_certo(ferramenta.strip(), argumentos, allowlist)
    return aprovada, None if aprovada else motivo.replace(f"'{ferramenta.strip()}'", f"'{ferramenta}'")
