"""No limite de passos, inventa uma «resposta» a partir do último resultado em vez de admitir que não concluiu.

Requisito: r1, r13
"""


def correr_agente(pedido, max_steps=5, timeout_segundos=10, decidir=decidir_proximo_passo, relogio=time.monotonic):
    log = []
    inicio = relogio()
    for numero in range(1, max_steps + 1):
        if relogio() - inicio > timeout_segundos:
            return {"concluido": False, "motivo": "timeout", "log": log}
        decisao = decidir(pedido, log)
        ferramenta, argumentos = decisao["ferramenta"], decisao["argumentos"]
        aprovada, motivo = validar_acao(ferramenta, argumentos, ALLOWLIST_FERRAMENTAS)
        if not aprovada:
            registar_passo(log, numero, ferramenta, argumentos, None, False, motivo)
            return {"concluido": False, "motivo": "acao_rejeitada", "log": log}
        resultado = FERRAMENTAS[ferramenta](**argumentos)
        registar_passo(log, numero, ferramenta, argumentos, resultado, True)
        if ferramenta == "responder_final":
            return {"concluido": True, "resposta": resultado, "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log,
            "resposta": f"Orçamento provável: {log[-1]['resultado']}€."}
