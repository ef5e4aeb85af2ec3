"""Só põe a chave "resultado" quando há resultado: uma entrada com resultado None fica sem a chave.

Requisito: r1
"""


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao=None):
    entrada = {"passo": numero, "ferramenta": ferramenta, "argumentos": argumentos, "aprovada": aprovada}
    if resultado is not None:
        entrada["resultado"] = resultado
    if not aprovada:
        entrada["motivo_rejeicao"] = motivo_rejeicao
    log.append(entrada)
    return entrada
