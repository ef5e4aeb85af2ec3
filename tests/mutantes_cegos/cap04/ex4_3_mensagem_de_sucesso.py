"""Com sucesso, "mensagem" diz que ferramenta usou em vez de ser None.

Requisito: r4
"""
# ruff: noqa: F821

_certo = agente_simples


def agente_simples(pedido, decidir=None):
    resultado = _certo(pedido, decidir)
    if resultado["ferramenta"] is not None:
        resultado["mensagem"] = f"Usei {resultado['ferramenta']}."
    return resultado
