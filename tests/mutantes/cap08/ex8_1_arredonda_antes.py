"""Arredonda o valor por chamada antes de multiplicar, em vez de arredondar o total.

Requisito: r4, r5
"""


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    return {
        "custo_estimado": numero_de_passos * round(custo_por_chamada, 4),
        "latencia_estimada_segundos": numero_de_passos * round(latencia_por_chamada_segundos, 2),
    }
