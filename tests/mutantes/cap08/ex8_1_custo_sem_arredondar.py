"""Arredonda a latência mas esquece o round(..., 4) do custo.

Requisito: r4
"""


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    return {
        "custo_estimado": numero_de_passos * custo_por_chamada,
        "latencia_estimada_segundos": round(numero_de_passos * latencia_por_chamada_segundos, 2),
    }
