"""Conta o orçamento que resta (a descer) em vez do total gasto (a subir)."""


def correr_com_orcamento(pedido, decidir, ferramentas, orcamento_tokens, contar_tokens, max_steps=10):
    restante = orcamento_tokens
    log = []
    for passo in range(1, max_steps + 1):
        preco = contar_tokens(pedido, log)
        if preco > restante:
            return {"concluido": False, "motivo": "orcamento", "log": log}
        restante -= preco
        escolha = decidir(pedido, log)
        nome, args = escolha["ferramenta"], escolha["argumentos"]
        resultado = args["texto"] if nome == "responder_final" else ferramentas[nome](**args)
        log.append({"passo": passo, "ferramenta": nome, "argumentos": args, "resultado": resultado,
                    "aprovada": True})
        if nome == "responder_final":
            return {"concluido": True, "resposta": resultado, "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
