"""Conta no custo uma chamada a mais (a da resposta final), (passos + 1) × custo por chamada.

Requisito: r2
"""


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    return {
        "custo_estimado": round((numero_de_passos + 1) * custo_por_chamada, 4),
        "latencia_estimada_segundos": round(numero_de_passos * latencia_por_chamada_segundos, 2),
    }
