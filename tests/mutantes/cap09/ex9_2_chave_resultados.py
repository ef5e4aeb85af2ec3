"""Guarda o resultado na chave "resultados" (no plural) em vez de "resultado".

Requisito: r1
"""


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao=None):
    entrada = {"passo": numero, "ferramenta": ferramenta, "argumentos": argumentos,
               "resultados": resultado, "aprovada": aprovada}
    if not aprovada:
        entrada["motivo_rejeicao"] = motivo_rejeicao
    log.append(entrada)
    return entrada
