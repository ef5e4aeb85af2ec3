"""Chama ao último parâmetro motivo (e não motivo_rejeicao): quem o passa por nome tem um TypeError.

Requisito: r6
"""


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo=None):
    entrada = {"passo": numero, "ferramenta": ferramenta, "argumentos": argumentos,
               "resultado": resultado, "aprovada": aprovada}
    if not aprovada:
        entrada["motivo_rejeicao"] = motivo
    log.append(entrada)
    return entrada
