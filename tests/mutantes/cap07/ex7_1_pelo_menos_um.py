"""Guarda sempre pelo menos o passo mais recente (max(mantidos, 1)): com mantidos=0 não devolve [].

Requisito: r3
"""

_certo = historico_recente


def historico_recente(historico, mantidos=5):
    return _certo(historico, mantidos if mantidos < 0 else max(mantidos, 1))
