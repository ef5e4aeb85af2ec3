"""Só acrescenta motivo_rejeicao quando há um motivo (motivo_rejeicao is not None): um passo recusado
sem motivo fica sem a chave.

Requisito: r9
"""

_certo = registar_passo


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao=None):
    entrada = _certo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao)
    if entrada.get("motivo_rejeicao", "") is None:
        del entrada["motivo_rejeicao"]
    return entrada
