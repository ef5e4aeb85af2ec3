"""Conta com collections.Counter e uma chave canónica recursiva (dicionários ordenados, tipos distintos)."""

from collections import Counter as _Counter


def _canonica(valor):
    if isinstance(valor, dict):
        return ("dict", tuple(sorted((str(k), _canonica(v)) for k, v in valor.items())))
    if isinstance(valor, (list, tuple)):
        return ("lista", tuple(_canonica(v) for v in valor))
    return (type(valor).__name__, repr(valor))


def detectar_repeticao(chamadas, limite=2):
    contagem = _Counter((nome, _canonica(argumentos)) for nome, argumentos in chamadas)
    return any(n >= limite for n in contagem.values())
