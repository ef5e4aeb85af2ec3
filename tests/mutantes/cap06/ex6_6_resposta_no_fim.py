"""Põe o responder_final no fim do plano («a resposta é sempre o último passo»): os passos que vinham
depois dele correm antes da resposta.

Requisito: r7
"""

_certo = executar_plano


def executar_plano(plano, ferramentas, allowlist):
    finais = [d for d in plano if d["ferramenta"] == "responder_final"]
    return _certo([d for d in plano if d not in finais] + finais, ferramentas, allowlist)
