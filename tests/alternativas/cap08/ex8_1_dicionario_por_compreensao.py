"""Calcula os dois totais antes e arredonda-os ao construir o dicionário."""


def estimar_custo_e_latencia(numero_de_passos, custo_por_chamada, latencia_por_chamada_segundos):
    custo = custo_por_chamada * numero_de_passos
    latencia = latencia_por_chamada_segundos * numero_de_passos
    return dict(custo_estimado=round(custo, 4), latencia_estimada_segundos=round(latencia, 2))
