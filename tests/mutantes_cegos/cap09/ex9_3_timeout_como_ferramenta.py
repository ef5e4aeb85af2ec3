"""Regista a entrada do tempo esgotado com ferramenta "timeout" (o nome do motivo) em vez de ferramenta None.

Requisito: r4
"""

import time

# os nomes que o caderno dá (o validador do capítulo 6, as ferramentas e o registo do 9.2)
_validar_acao, _registar_passo = globals()["validar_acao"], globals()["registar_passo"]
_FERRAMENTAS, _ALLOWLIST = globals()["FERRAMENTAS"], globals()["ALLOWLIST_FERRAMENTAS"]


def correr_agente(pedido, max_steps=5, timeout_segundos=10, decidir=None, relogio=time.monotonic):
    if decidir is None:  # resolvido na chamada: usa a versão de 9.1 que estiver definida agora
        decidir = globals()["decidir_proximo_passo"]
    log = []
    inicio = relogio()
    for numero in range(1, max_steps + 1):
        if relogio() - inicio > timeout_segundos:
            _registar_passo(log, numero, "timeout", {}, None, False, "tempo esgotado")
            return {"concluido": False, "motivo": "timeout", "log": log}
        decisao = decidir(pedido, log)
        ferramenta, argumentos = decisao.get("ferramenta"), decisao.get("argumentos")
        aprovada, motivo = _validar_acao(ferramenta, argumentos, _ALLOWLIST)
        if not aprovada:
            _registar_passo(log, numero, ferramenta, argumentos, None, False, motivo)
            return {"concluido": False, "motivo": "acao_rejeitada", "log": log}
        resultado = _FERRAMENTAS[ferramenta](**argumentos)
        _registar_passo(log, numero, ferramenta, argumentos, resultado, True)
        if ferramenta == "responder_final":
            return {"concluido": True, "resposta": resultado, "log": log}
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}
