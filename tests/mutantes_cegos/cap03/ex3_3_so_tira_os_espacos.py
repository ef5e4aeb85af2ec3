"""Normaliza só com strip(), sem lower(): "COBRANCA " não é reconhecida e vai para "suporte".

Requisito: r2
"""
# ruff: noqa: F821

_certo = rotear


def rotear(pedido, classificar):
    def so_sem_espacos(p):
        etiqueta = classificar(p)
        # o aluno só tira os espaços: uma fila escrita com maiúsculas não está em FILAS
        return etiqueta if not isinstance(etiqueta, str) or etiqueta.strip() in FILAS else None

    return _certo(pedido, so_sem_espacos)
