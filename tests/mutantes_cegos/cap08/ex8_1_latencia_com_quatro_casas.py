"""Arredonda a latência com round(..., 4), como o custo, em vez de round(..., 2).

Requisito: r5
"""


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    return {
        "custo_estimado": round(numero_de_passos * custo_por_chamada, 4),
        "latencia_estimada_segundos": round(numero_de_passos * latencia_por_chamada_segundos, 4),
    }
