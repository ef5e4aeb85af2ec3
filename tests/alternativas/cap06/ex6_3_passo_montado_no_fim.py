"""Decide o desfecho de cada passo numa variável e monta a entrada do log num único sítio."""


def correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=5):
    log = []
    for n in range(max_steps):
        d = decidir(pedido, log)
        nome, args = d["ferramenta"], d["argumentos"]
        ok, motivo = validar_acao(nome, args, allowlist)
        fim = None
        if not ok:
            fim = "acao_rejeitada"
        elif nome in irreversiveis and aprovar(nome, args) is not True:
            motivo, fim = "o humano disse que não", "rejeitada_por_humano"
        entrada = {"passo": n + 1, "ferramenta": nome, "argumentos": args}
        if fim:
            entrada.update(resultado=None, aprovada=False, motivo_rejeicao=motivo)
            log.append(entrada)
            return {"concluido": False, "motivo": fim, "log": log}
        entrada.update(resultado=args["texto"] if nome == "responder_final" else ferramentas[nome](**args),
                       aprovada=True)
        log.append(entrada)
        if nome == "responder_final":
            return {"concluido": True, "resposta": entrada["resultado"], "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
