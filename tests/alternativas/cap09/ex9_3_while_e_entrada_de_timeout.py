"""Um while com o número do passo à mão e sem entrada no log quando o tempo acaba."""


def correr_agente(pedido, max_steps=5, timeout_segundos=10, decidir=None, relogio=time.monotonic):
    decidir = decidir or decidir_proximo_passo
    log, numero, t0 = [], 1, relogio()
    while numero <= max_steps:
        if relogio() - t0 > timeout_segundos:
            return {"concluido": False, "motivo": "timeout", "log": log}
        escolha = decidir(pedido, log)
        nome, args = escolha.get("ferramenta"), escolha.get("argumentos")
        valida, porque = validar_acao(nome, args, ALLOWLIST_FERRAMENTAS)
        if not valida:
            registar_passo(log, numero, nome, args, None, False, porque)
            return {"concluido": False, "motivo": "acao_rejeitada", "log": log}
        saida = FERRAMENTAS[nome](**args)
        registar_passo(log, numero, nome, args, saida, True)
        if nome == "responder_final":
            return {"concluido": True, "resposta": saida, "log": log}
        numero += 1
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
