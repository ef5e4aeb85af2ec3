"""Arredonda o custo mas esquece o round(..., 2) da latência.

Requisito: r5
"""


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    return {
        "custo_estimado": round(numero_de_passos * custo_por_chamada, 4),
        "latencia_estimada_segundos": numero_de_passos * latencia_por_chamada_segundos,
    }
