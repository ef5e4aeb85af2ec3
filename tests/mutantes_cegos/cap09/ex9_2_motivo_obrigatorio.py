"""Tira o valor por omissão de motivo_rejeicao, e um passo aprovado registado sem motivo dá TypeError.

Requisito: r6
"""


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao):
    entrada = {"passo": numero, "ferramenta": ferramenta, "argumentos": argumentos,
               "resultado": resultado, "aprovada": aprovada}
    if not aprovada:
        entrada["motivo_rejeicao"] = motivo_rejeicao
    log.append(entrada)
    return entrada
