"""Quando já cabe, devolve só uma cópia do resto e esquece-se de lhe juntar a cabeça.

Requisito: r1
"""

_certo = aparar_historico


def aparar_historico(mensagens, manter=6):
    r = _certo(mensagens, manter)
    if len(r) < len(mensagens):  # cortou: aqui a cabeça não se perdeu
        return r
    fim_da_cabeca = next((i + 1 for i, m in enumerate(mensagens) if m["role"] == "user"), 0)
    return r[fim_da_cabeca:]
