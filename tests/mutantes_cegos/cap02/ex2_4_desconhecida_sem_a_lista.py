"""Com uma ferramenta desconhecida diz só que não existe: não diz quais são as disponíveis.

Requisito: r2
"""
# ruff: noqa: F821

_certo = executar_chamada


def executar_chamada(nome, argumentos_json, ferramentas):
    if nome not in ferramentas:
        return f"Erro: a ferramenta {nome} não existe."
    return _certo(nome, argumentos_json, ferramentas)
