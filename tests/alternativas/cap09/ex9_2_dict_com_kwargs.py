"""Constrói a entrada com dict(...) e junta o motivo com o operador |."""


def registar_passo(log, numero, ferramenta, argumentos, resultado, aprovada, motivo_rejeicao=None):
    entrada = dict(passo=numero, ferramenta=ferramenta, argumentos=argumentos, resultado=resultado,
                   aprovada=aprovada)
    if aprovada is False:
        entrada |= {"motivo_rejeicao": motivo_rejeicao}
    log.append(entrada)
    return log[-1]
