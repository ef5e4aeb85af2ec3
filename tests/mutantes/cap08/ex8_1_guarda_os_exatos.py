"""Guarda também os valores sem arredondar («para quem quiser mais casas»): o dicionário passa a ter
quatro chaves em vez das duas pedidas.

Requisito: r1
"""

_certo = estimar_custo_e_latencia


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    r = _certo(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos)
    r["custo_exato"] = numero_de_passos * custo_por_chamada
    r["latencia_exata_segundos"] = numero_de_passos * latencia_por_chamada_segundos
    return r
