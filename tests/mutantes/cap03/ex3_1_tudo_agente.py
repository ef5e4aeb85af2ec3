"""Acha que tudo o que chama um modelo é um agente.

Requisito: r2
"""

CLASSIFICACAO = {k: "agente" for k in "ABCDEF"}
