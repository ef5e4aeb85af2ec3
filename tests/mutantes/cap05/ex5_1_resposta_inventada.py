"""No limite, inventa uma resposta «de consolação» em vez de devolver só o log e o motivo.

Requisito: r9
"""

_correr_certo = correr_com_limites


def correr_com_limites(pedido, decidir, ferramentas, max_steps=5, timeout_segundos=10, relogio=time.monotonic):
    r = _correr_certo(pedido, decidir, ferramentas, max_steps, timeout_segundos, relogio)
    if not r["concluido"]:
        r["resposta"] = f"Fiz {len(r['log'])} passos, mas não consegui terminar."
    return r
