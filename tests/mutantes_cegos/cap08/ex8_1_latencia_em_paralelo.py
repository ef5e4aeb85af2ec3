"""Dá como latência a de uma só chamada, como se os passos corressem em paralelo.

Requisito: r3
"""


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    return {
        "custo_estimado": round(numero_de_passos * custo_por_chamada, 4),
        "latencia_estimada_segundos": round(latencia_por_chamada_segundos if numero_de_passos else 0, 2),
    }
