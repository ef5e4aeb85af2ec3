"""A chamada 1 leva a fatura sem as linhas dos artigos («2 × mesa …»: o e-mail do cliente não está lá, e poupam-se tokens): numa fatura com artigos, o prompt já não leva o documento.

Requisito: r1
"""

import re

_certo = extrair_validar_resumir


def extrair_validar_resumir(documento, chamar_modelo):
    sem_artigos = re.sub(r"(?m)^\d+ × .*\n?", "", documento)
    chamadas = []

    def modelo(prompt):
        chamadas.append(prompt)
        return chamar_modelo(prompt.replace(documento, sem_artigos) if len(chamadas) == 1 else prompt)

    return _certo(documento, modelo)
