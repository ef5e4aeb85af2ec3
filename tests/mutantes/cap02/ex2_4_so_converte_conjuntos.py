"""Converte um resultado que é um conjunto numa lista antes do json.dumps, mas qualquer outro resultado que o JSON não escreve (bytes, um conjunto dentro de uma lista) rebenta com TypeError.

Requisito: r1
"""

import json

_certo = executar_chamada


def executar_chamada(nome, argumentos_json, ferramentas):
    por_escrever = []

    def com_conjuntos(funcao):
        def chamar(**argumentos):
            resultado = funcao(**argumentos)
            if isinstance(resultado, (set, frozenset)):
                return sorted(resultado, key=repr)
            try:
                json.dumps(resultado)  # o que o aluno faria a seguir, fora do try
            except TypeError as erro:
                por_escrever.append(erro)
            return resultado
        return chamar

    texto = _certo(nome, argumentos_json, {n: com_conjuntos(f) for n, f in ferramentas.items()})
    if por_escrever:
        raise por_escrever[0]
    return texto
