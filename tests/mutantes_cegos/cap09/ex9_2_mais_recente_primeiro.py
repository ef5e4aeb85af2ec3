"""Acrescenta a entrada ao início do log (log.insert(0, ...)), o mais recente primeiro, em vez de ao fim.

Requisito: r3
"""


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao=None):
    entrada = {"passo": numero, "ferramenta": ferramenta, "argumentos": argumentos,
               "resultado": resultado, "aprovada": aprovada}
    if not aprovada:
        entrada["motivo_rejeicao"] = motivo_rejeicao
    log.insert(0, entrada)
    return entrada
