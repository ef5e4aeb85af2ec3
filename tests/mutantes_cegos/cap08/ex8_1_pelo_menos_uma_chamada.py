"""Conta sempre pelo menos uma chamada (max(passos, 1)), e com zero passos o custo e a latência não dão 0.

Requisito: r6
"""


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    chamadas = max(numero_de_passos, 1)
    return {
        "custo_estimado": round(chamadas * custo_por_chamada, 4),
        "latencia_estimada_segundos": round(chamadas * latencia_por_chamada_segundos, 2),
    }
