"""Numera as chamadas (call_1, call_2…) em vez de usar o id que o modelo deu: a resposta 'tool' não bate certo.

Requisito: r2
"""


def extrair_chamadas(mensagem):
    chamadas = []
    for chamada in mensagem.tool_calls or []:
        entrada = {"id": f"call_{len(chamadas) + 1}", "nome": chamada.function.name}
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
