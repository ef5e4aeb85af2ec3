"""Só põe "aprovada" nos passos recusados (False); os que correm ficam sem a chave, como se fosse
subentendido.

Requisito: r5
"""

_certo = executar_plano


def executar_plano(plano, ferramentas, allowlist):
    r = _certo(plano, ferramentas, allowlist)
    for passo in r["log"]:
        if passo["aprovada"]:
            del passo["aprovada"]
    return r
