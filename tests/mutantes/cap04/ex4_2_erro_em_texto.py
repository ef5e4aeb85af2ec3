"""Com um nome que não existe devolve um texto de erro («ferramenta desconhecida: …») em vez de
deixar FERRAMENTAS[nome] lançar KeyError.

Requisito: r4
"""

_certo = executar_ferramenta


def executar_ferramenta(nome_ferramenta, argumentos):
    if nome_ferramenta not in FERRAMENTAS:
        return f"ferramenta desconhecida: {nome_ferramenta}"
    return _certo(nome_ferramenta, argumentos)
