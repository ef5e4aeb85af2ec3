"""Junta todos os problemas num só motivo («diz tudo de uma vez»): uma ferramenta proibida com maus
argumentos já não é recusada só por ser proibida.

Requisito: r4
"""


def validar_acao(ferramenta, argumentos, allowlist):
    problemas = []
    if ferramenta not in allowlist:
        problemas.append(f"ferramenta '{ferramenta}' não está na allowlist")
    if not isinstance(argumentos, dict):
        problemas.append("argumentos têm de ser um dicionário")
    return (False, "; ".join(problemas)) if problemas else (True, None)
