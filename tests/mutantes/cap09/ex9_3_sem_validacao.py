"""Executa a decisão sem a validar: o que não está em FERRAMENTAS rebenta com KeyError em vez de ser rejeitado.

Requisito: r1, r6
"""


def correr_agente(pedido, max_steps=5, timeout_segundos=10, decidir=decidir_proximo_passo, relogio=time.monotonic):
    log = []
    inicio = relogio()
    for numero in range(1, max_steps + 1):
        if relogio() - inicio > timeout_segundos:
            return {"concluido": False, "motivo": "timeout", "log": log}
        decisao = decidir(pedido, log)
        ferramenta, argumentos = decisao["ferramenta"], decisao["argumentos"]
        resultado = FERRAMENTAS[ferramenta](**argumentos)
        registar_passo(log, numero, ferramenta, argumentos, resultado, True)
        if ferramenta == "responder_final":
            return {"concluido": True, "resposta": resultado, "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
