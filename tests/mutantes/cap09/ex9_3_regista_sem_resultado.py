"""Regista o passo aprovado sem o resultado da ferramenta (resultado None): o decisor nunca vê o que observou.

Requisito: r9
"""


def correr_agente(pedido, max_steps=5, timeout_segundos=10, decidir=None, relogio=time.monotonic):
    if decidir is None:  # resolvido na chamada: usa a versão de 9.1 que estiver definida agora
        decidir = decidir_proximo_passo
    log = []
    inicio = relogio()
    for numero in range(1, max_steps + 1):
        if relogio() - inicio > timeout_segundos:
            registar_passo(log, numero, None, None, None, False, "timeout global atingido")
            return {"concluido": False, "motivo": "timeout", "log": log}
        decisao = decidir(pedido, log)
        ferramenta, argumentos = decisao.get("ferramenta"), decisao.get("argumentos")
        aprovada, motivo = validar_acao(ferramenta, argumentos, ALLOWLIST_FERRAMENTAS)
        if not aprovada:  # valida antes: o que não passa nunca corre
            registar_passo(log, numero, ferramenta, argumentos, None, False, motivo)
            return {"concluido": False, "motivo": "acao_rejeitada", "log": log}
        resultado = FERRAMENTAS[ferramenta](**argumentos)
        registar_passo(log, numero, ferramenta, argumentos, None, True)
        if ferramenta == "responder_final":
            return {"concluido": True, "resposta": resultado, "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
