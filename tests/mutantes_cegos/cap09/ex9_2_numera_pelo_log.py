"""Numera o passo pelo tamanho do log (len(log) + 1) em vez de usar o numero que recebe.

Requisito: r5
"""


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao=None):
    entrada = {"passo": len(log) + 1, "ferramenta": ferramenta, "argumentos": argumentos,
               "resultado": resultado, "aprovada": aprovada}
    if not aprovada:
        entrada["motivo_rejeicao"] = motivo_rejeicao
    log.append(entrada)
    return entrada
