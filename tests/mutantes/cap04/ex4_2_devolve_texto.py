"""Converte o resultado em texto (como se fosse já para o modelo) em vez de o devolver tal como vem.

Requisito: r2
"""

import json


def executar_ferramenta(nome_ferramenta, argumentos):
    return json.dumps(FERRAMENTAS[nome_ferramenta](**argumentos), ensure_ascii=False)
