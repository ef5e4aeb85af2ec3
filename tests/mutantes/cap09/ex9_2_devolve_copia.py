"""Acrescenta uma entrada ao log mas devolve outra (uma cópia), e quem altera uma não altera a outra.

Requisito: r4
"""


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao=None):
    entrada = {"passo": numero, "ferramenta": ferramenta, "argumentos": argumentos,
               "resultado": resultado, "aprovada": aprovada}
    if not aprovada:
        entrada["motivo_rejeicao"] = motivo_rejeicao
    log.append(dict(entrada))
    return entrada
