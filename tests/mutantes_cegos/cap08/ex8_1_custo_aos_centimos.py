"""Arredonda o custo aos cêntimos, com round(..., 2), em vez de round(..., 4).

Requisito: r4
"""


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    return {
        "custo_estimado": round(numero_de_passos * custo_por_chamada, 2),
        "latencia_estimada_segundos": round(numero_de_passos * latencia_por_chamada_segundos, 2),
    }
