"""Manda tool_choice="none" («para o modelo não inventar chamadas»): o modelo nunca pode escolher uma
ferramenta, e o agente abstém-se sempre.

Requisito: r9
"""

_certo = decidir_com_modelo


class _SemFerramentas:
    """O cliente, com tool_choice="none" em cada pedido."""

    def __init__(self, cliente):
        self.chat = self.completions = self
        self._cliente = cliente

    def create(self, **pedido):
        return self._cliente.chat.completions.create(**pedido, tool_choice="none")


def decidir_com_modelo(pedido, cliente, modelo):
    return _certo(pedido, _SemFerramentas(cliente), modelo)
