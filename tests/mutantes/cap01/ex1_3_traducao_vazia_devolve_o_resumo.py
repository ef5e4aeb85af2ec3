"""Se a tradução vier vazia, devolve o resumo («melhor alguma coisa do que nada»): já não é a
segunda resposta tal como veio. Só uma segunda resposta vazia o mostra.

Requisito: r4
"""

_certo = resumir_e_traduzir


def resumir_e_traduzir(texto, chamar_modelo):
    respostas = []

    def modelo(prompt):
        respostas.append(chamar_modelo(prompt))
        return respostas[-1]

    return _certo(texto, modelo) or respostas[0]
