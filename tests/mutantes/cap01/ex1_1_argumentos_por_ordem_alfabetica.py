"""Passa os argumentos pela posição, ordenados pelo nome (para «não depender da ordem do
dicionário»), em vez de ferramentas[nome](**argumentos).

Requisito: r5
"""

_certo = correr_ciclo


def _pela_ordem_dos_nomes(ferramenta):
    return lambda **argumentos: ferramenta(*[argumentos[k] for k in sorted(argumentos)])


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    return _certo(pedido, decidir, {n: _pela_ordem_dos_nomes(f) for n, f in ferramentas.items()}, max_passos)
