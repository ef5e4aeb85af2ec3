"""Devolve uma cópia da entrada (para ninguém mexer no log por fora), e não o mesmo dicionário que ficou no log.

Requisito: r4
"""


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao=None):
    entrada = {"passo": numero, "ferramenta": ferramenta, "argumentos": argumentos,
               "resultado": resultado, "aprovada": aprovada}
    if not aprovada:
        entrada["motivo_rejeicao"] = motivo_rejeicao
    log.append(entrada)
    return dict(entrada)
