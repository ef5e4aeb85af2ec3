"""Um while com contador explícito e o histórico acrescentado com +=, em vez de for/append."""


def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    historico = []
    voltas = 0
    while voltas < max_passos:
        voltas += 1
        d = decidir(pedido, historico)
        if d["ferramenta"] == "responder_final":
            return {"concluido": True, "resposta": d["argumentos"]["texto"], "historico": historico}
        funcao = ferramentas[d["ferramenta"]]
        historico += [{"ferramenta": d["ferramenta"], "argumentos": d["argumentos"],
                       "resultado": funcao(**d["argumentos"])}]
    return {"historico": historico, "concluido": False, "motivo": "max_steps atingido"}
