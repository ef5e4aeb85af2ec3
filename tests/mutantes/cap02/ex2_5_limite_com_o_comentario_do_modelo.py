"""No limite, devolve o último comentário que o modelo escreveu ao lado das chamadas seguido do aviso: o texto deixa de começar por «Parei após» e traz uma «resposta» que o modelo nunca deu.

Requisito: r7, r8
"""

_certo = responder_com_ferramentas


def responder_com_ferramentas(cliente, pergunta, ferramentas, esquemas, modelo, max_voltas=5):
    comentarios = []

    class _Completions:
        def create(self, **pedido):
            resposta = cliente.chat.completions.create(**pedido)
            comentarios.append(resposta.choices[0].message.content or "")
            return resposta

    class _Chat:
        completions = _Completions()

    class _Cliente:
        chat = _Chat()

    resposta = _certo(_Cliente(), pergunta, ferramentas, esquemas, modelo, max_voltas)
    if resposta.startswith("Parei após") and comentarios[-1].strip():
        return f"{comentarios[-1].strip()}\n\n({resposta})"
    return resposta
