"""Regista a chave só depois de agir (com o resultado, ou None se a ação rebentar): enquanto a ação
corre, a chave ainda não está no registo.

Requisito: r2
"""


def executar_idempotente(chave, acao, registo):
    if chave in registo:
        return registo[chave]
    try:
        registo[chave] = acao()
    except Exception:
        registo[chave] = None
        raise
    return registo[chave]
