"""Um for … else: o ramo else diz que as voltas acabaram sem resposta."""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    for _volta in range(max_passos):
        decisao = decidir(pedido, historico)
        ferramenta = decisao.get("ferramenta")
        argumentos = decisao.get("argumentos", {})
        if ferramenta != "responder_final":
            observacao = ferramentas[ferramenta](**argumentos)
            historico.append(dict(ferramenta=ferramenta, argumentos=argumentos, resultado=observacao))
            continue
        resposta = argumentos["texto"]
        break
    else:
        return {"concluido": False, "motivo": "max_steps atingido", "historico": historico}
    return {"concluido": True, "resposta": resposta, "historico": historico}
