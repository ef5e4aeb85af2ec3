"""Quando a mensagem traz texto, toma-a por uma resposta final e devolve [], mesmo com tool_calls ao
lado («Vou ver o stock.»). Só uma resposta com texto e chamadas o mostra.

Requisito: r1
"""

_certo = extrair_chamadas


def extrair_chamadas(mensagem):
    if mensagem.content:
        return []
    return _certo(mensagem)
