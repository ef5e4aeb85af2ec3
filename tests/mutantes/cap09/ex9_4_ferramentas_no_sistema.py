"""Com passos no histórico, deixa de mandar tools=esquemas e diz os nomes das ferramentas numa mensagem de sistema («o modelo já as conhece»).

Requisito: r6
"""

from types import SimpleNamespace

_certo = decisor_openai


def decisor_openai(cliente, modelo, esquemas):
    nomes = ", ".join(e["function"]["name"] for e in esquemas)

    def sem_tools(**pedido):
        pedido.pop("tools", None)
        pedido["messages"] = [{"role": "system", "content": f"Ferramentas: {nomes}."}, *pedido["messages"]]
        return cliente.chat.completions.create(**pedido)

    resumido = SimpleNamespace(chat=SimpleNamespace(completions=SimpleNamespace(create=sem_tools)))
    primeira, seguintes = _certo(cliente, modelo, esquemas), _certo(resumido, modelo, esquemas)
    return lambda pedido, historico: (seguintes if historico else primeira)(pedido, historico)
