"""Pergunta «registo.get(chave) is not None»: uma ação que devolveu None (ou que rebentou depois do
efeito) volta a correr.

Requisito: r1
"""

_certo = executar_idempotente


def executar_idempotente(chave, acao, registo):
    if registo.get(chave) is None:
        registo.pop(chave, None)
    return _certo(chave, acao, registo)
