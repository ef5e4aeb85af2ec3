"""Só apanha ValueError e KeyError do classificador: um TimeoutError ou um RuntimeError rebentam o router.

Requisito: r4
"""
# ruff: noqa: F821

_certo = rotear


class _Escapa(BaseException):
    """Leva para fora do router a exceção que o aluno não apanha."""


def rotear(pedido, classificar):
    def classificar_do_aluno(p):
        try:
            return classificar(p)
        except (ValueError, KeyError):
            raise
        except Exception as erro:
            raise _Escapa(erro) from erro

    try:
        return _certo(pedido, classificar_do_aluno)
    except _Escapa as escapa:
        raise escapa.args[0] from None
