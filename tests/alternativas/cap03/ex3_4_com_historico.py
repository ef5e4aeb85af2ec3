"""Um while com contador, que devolve também o histórico das versões (uma chave a mais é aceite)."""


def refinar(gerar, avaliar, max_iteracoes=3):
    historico, feedback = [], None
    while len(historico) < max_iteracoes:
        versao = gerar(feedback)
        passou, feedback = avaliar(versao)
        historico.append({"versao": versao, "passou": passou, "feedback": feedback})
        if passou:
            return {"estado": "concluido", "resultado": versao, "iteracoes": len(historico),
                    "historico": historico}
    return {"estado": "incompleto", "resultado": historico[-1]["versao"] if historico else None,
            "iteracoes": max_iteracoes, "historico": historico}
