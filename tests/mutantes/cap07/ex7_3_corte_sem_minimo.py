"""Corta em len(historico) - mantidos sem limitar a 0 e só protege os recentes: com mais
'mantidos' do que passos, o corte negativo manda passos recentes para o resumo.

Requisito: r9
"""


def resumir_passos_antigos(historico, mantidos, resumir):
    corte = len(historico) - mantidos
    recentes = list(historico[corte:]) if corte > 0 else list(historico)
    antigos = list(historico[:corte])
    if not antigos:
        return recentes
    return [{"ferramenta": "resumo", "resultado": resumir(antigos)}] + recentes
