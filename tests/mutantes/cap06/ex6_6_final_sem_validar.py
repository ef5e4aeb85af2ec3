"""Não valida o responder_final («é só a resposta»): fora da allowlist, passa na mesma.

Requisito: r6
"""

_executar_certo = executar_plano


def executar_plano(plano, ferramentas, allowlist):
    return _executar_certo(plano, ferramentas, set(allowlist) | {"responder_final"})
