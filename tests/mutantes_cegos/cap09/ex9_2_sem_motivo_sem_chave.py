"""Num passo rejeitado sem motivo (motivo_rejeicao None) não põe a chave "motivo_rejeicao": só a põe quando há um motivo.

Requisito: r9
"""


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao=None):
    entrada = {"passo": numero, "ferramenta": ferramenta, "argumentos": argumentos,
               "resultado": resultado, "aprovada": aprovada}
    if not aprovada and motivo_rejeicao is not None:
        entrada["motivo_rejeicao"] = motivo_rejeicao
    log.append(entrada)
    return entrada
