"""Sem tool_calls devolve None (o que a mensagem tinha) em vez de uma lista vazia.

Requisito: r3
"""


def extrair_chamadas(mensagem):
    if not mensagem.tool_calls:
        return None
    chamadas = []
    for chamada in mensagem.tool_calls or []:
        entrada = {"id": chamada.id, "nome": chamada.function.name}
        try:
            argumentos = json.loads(chamada.function.arguments)
        except json.JSONDecodeError as erro:
            entrada.update(argumentos=None, erro=f"os argumentos não são JSON válido: {erro}")
        else:
            if isinstance(argumentos, dict):
                entrada["argumentos"] = argumentos
            else:
                entrada.update(argumentos=None,
                               erro=f"os argumentos têm de ser um objeto JSON, vieram: {type(argumentos).__name__}")
        chamadas.append(entrada)
    return chamadas
