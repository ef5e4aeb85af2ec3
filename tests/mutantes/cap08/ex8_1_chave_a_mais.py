"""Devolve também o número de passos no dicionário, quando o enunciado pede exatamente as duas chaves.

Requisito: r1
"""

_estimar_certo = estimar_custo_e_latencia


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    r = _estimar_certo(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos)
    return {**r, "numero_de_passos": numero_de_passos}
