"""Ordena só as chaves do primeiro nível dos argumentos: dicionários aninhados com outra ordem contam como chamadas diferentes.

Requisito: r3
"""


def detectar_repeticao(chamadas, limite=2):
    contagem = {}
    for nome, argumentos in chamadas:
        chave = (nome, str(sorted(argumentos.items())))
        contagem[chave] = contagem.get(chave, 0) + 1
        if contagem[chave] >= limite:
            return True
    return False
