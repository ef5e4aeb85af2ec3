"""Cada entrada do histórico só guarda a ferramenta e o resultado: esquece os argumentos.

Requisito: r6
"""
# ruff: noqa: F821

_certo = correr_ciclo


def _sem_argumentos(historico):
    for entrada in historico:
        entrada.pop("argumentos", None)
    return historico


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    def decidir_sem_argumentos(p, historico):
        return decidir(p, _sem_argumentos(historico))

    resultado = _certo(pedido, decidir_sem_argumentos, ferramentas, max_passos)
    _sem_argumentos(resultado["historico"])
    return resultado
