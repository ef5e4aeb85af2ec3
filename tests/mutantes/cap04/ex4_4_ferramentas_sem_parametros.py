"""Manda as ferramentas com o nome e a descrição, mas sem os parameters («o modelo já sabe que argumentos levam»).

Requisito: r4
"""

_certo = decidir_com_modelo


def decidir_com_modelo(pedido, cliente, modelo):
    create = cliente.chat.completions.create

    class _Completions:
        @staticmethod
        def create(**pedido_http):
            pedido_http["tools"] = [{"type": "function", "function": {
                k: v for k, v in ferramenta["function"].items() if k != "parameters"}}
                for ferramenta in pedido_http["tools"]]
            return create(**pedido_http)

    class _Chat:
        completions = _Completions()

    class _Cliente:
        chat = _Chat()

    return _certo(pedido, _Cliente(), modelo)
