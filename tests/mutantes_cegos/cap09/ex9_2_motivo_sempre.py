"""Põe sempre a chave "motivo_rejeicao", também nos passos aprovados (com None).

Requisito: r2
"""


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao=None):
    entrada = {"passo": numero, "ferramenta": ferramenta, "argumentos": argumentos,
               "resultado": resultado, "aprovada": aprovada, "motivo_rejeicao": motivo_rejeicao}
    log.append(entrada)
    return entrada
