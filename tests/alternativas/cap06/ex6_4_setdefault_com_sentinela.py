"""Reserva a chave com uma sentinela própria e troca-a pelo resultado, sem nunca repetir a ação."""


def executar_idempotente(chave, acao, registo):
    if chave in registo:
        valor = registo[chave]
        return None if valor is _EM_CURSO else valor
    registo[chave] = _EM_CURSO
    registo[chave] = acao()
    return registo[chave]


_EM_CURSO = object()
