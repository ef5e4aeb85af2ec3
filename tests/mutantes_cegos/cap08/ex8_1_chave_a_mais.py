"""Junta ao dicionário uma terceira chave, "numero_de_passos", quando devia ter exatamente duas.

Requisito: r1
"""

_certo = globals()["estimar_custo_e_latencia"]


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    estimativa = _certo(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos)
    return {"numero_de_passos": numero_de_passos, **estimativa}
