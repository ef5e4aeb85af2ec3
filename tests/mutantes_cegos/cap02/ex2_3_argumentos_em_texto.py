"""Nas chamadas boas deixa "argumentos" como veio, em texto JSON, sem o ler com json.loads.

Requisito: r2
"""
# ruff: noqa: F821

_certo = extrair_chamadas


def extrair_chamadas(mensagem):
    chamadas = _certo(mensagem)
    for entrada, chamada in zip(chamadas, mensagem.tool_calls or []):
        if "erro" not in entrada:
            entrada["argumentos"] = chamada.function.arguments
    return chamadas
