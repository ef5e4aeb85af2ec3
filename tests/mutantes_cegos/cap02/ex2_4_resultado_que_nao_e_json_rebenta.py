"""Converte o resultado com json.dumps(resultado, ensure_ascii=False) fora do try: um resultado que não é JSON (um set) rebenta.

Requisito: r1
"""
# ruff: noqa: F821

import json

_certo = executar_chamada


def executar_chamada(nome, argumentos_json, ferramentas):
    resultados = []

    def guardar(ferramenta):
        def chamar(**argumentos):
            resultados.append(ferramenta(**argumentos))
            return resultados[-1]
        return chamar

    texto = _certo(nome, argumentos_json, {n: guardar(f) for n, f in ferramentas.items()})
    if resultados:
        return json.dumps(resultados[0], ensure_ascii=False)
    return texto
