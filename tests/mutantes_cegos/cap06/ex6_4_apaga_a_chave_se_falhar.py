"""Se a ação lança, tira a chave do registo antes de deixar a exceção passar, e uma nova tentativa volta a correr a ação.

Requisito: r5
"""


def executar_idempotente(chave, acao, registo):
    if chave in registo:
        return registo[chave]
    registo[chave] = None
    try:
        resultado = acao()
    except Exception:
        del registo[chave]  # falhou: deixa tentar outra vez
        raise
    registo[chave] = resultado
    return resultado
