"""Acha que tudo o que chama um modelo é um agente."""

CLASSIFICACAO = {k: "agente" for k in "ABCDEF"}
