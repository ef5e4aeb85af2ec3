"""Cada entrada leva também o tipo da chamada (uma chave a mais, que o enunciado não proíbe), e os
erros têm outras palavras."""


def extrair_chamadas(mensagem):
    if mensagem.tool_calls is None:
        return []
    lidas = []
    for chamada in mensagem.tool_calls:
        entrada = {"id": chamada.id, "nome": chamada.function.name, "tipo": chamada.type}
        try:
            argumentos = json.loads(chamada.function.arguments)
        except ValueError:
            entrada |= {"argumentos": None, "erro": "JSON partido"}
        else:
            if type(argumentos) is dict:
                entrada["argumentos"] = argumentos
            else:
                entrada |= {"argumentos": None, "erro": "não é um objeto"}
        lidas.append(entrada)
    return lidas
