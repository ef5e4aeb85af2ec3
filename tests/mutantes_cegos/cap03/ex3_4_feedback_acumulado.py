"""Passa a gerar todo o feedback recebido até ali, junto, em vez do da avaliação anterior.

Requisito: r2
"""
# ruff: noqa: F821

_certo = refinar


def refinar(gerar, avaliar, max_iteracoes=3):
    recebidos = []

    def gerar_com_tudo(feedback):
        if feedback is None:
            return gerar(None)
        recebidos.append(feedback)
        return gerar("\n".join(recebidos))

    return _certo(gerar_com_tudo, avaliar, max_iteracoes)
