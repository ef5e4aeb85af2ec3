"""Aceita uma etiqueta que contém o nome de uma fila: "infraestrutura" vai para "infra".

Requisito: r3
"""
# ruff: noqa: F821

_certo = rotear


def rotear(pedido, classificar):
    respostas = []

    def guardar(p):
        respostas.append(classificar(p))
        return respostas[-1]

    fila = _certo(pedido, guardar)
    if fila == "suporte" and respostas and isinstance(respostas[0], str):
        for nome in sorted(FILAS):
            if nome in respostas[0].lower():
                return nome
    return fila
