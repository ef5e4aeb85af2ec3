"""Lê «cada passo é, pelo menos, uma chamada» como um mínimo de uma chamada: zero passos custam uma.

Requisito: r6
"""

_estimar_certo = estimar_custo_e_latencia


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    return _estimar_certo(max(numero_de_passos, 1), custo_por_chamada, latencia_por_chamada_segundos)
