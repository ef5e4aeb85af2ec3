"""Compara o valor com o enum sem distinguir maiúsculas nem espaços («o modelo escreve "Normal"»): um texto que não está na lista passa.

Requisito: r6
"""

_certo = validar_argumentos


def validar_argumentos(argumentos, esquema):
    if isinstance(argumentos, dict):
        propriedades = esquema.get("properties", {})
        for campo, valor in argumentos.items():
            enum = propriedades.get(campo, {}).get("enum")
            if isinstance(valor, str) and enum:
                iguais = [e for e in enum if isinstance(e, str) and e.strip().lower() == valor.strip().lower()]
                if iguais:
                    argumentos = {**argumentos, campo: iguais[0]}
    return _certo(argumentos, esquema)
