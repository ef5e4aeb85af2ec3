"""Põe "erro": None também nas chamadas boas, em vez de não ter a chave.

Requisito: r6
"""


def extrair_chamadas(mensagem):
    chamadas = []
    for chamada in mensagem.tool_calls or []:
        entrada = {"id": chamada.id, "nome": chamada.function.name}
        try:
            argumentos = json.loads(chamada.function.arguments)
        except json.JSONDecodeError as erro:
            entrada.update(argumentos=None, erro=f"os argumentos não são JSON válido: {erro}")
        else:
            if isinstance(argumentos, dict):
                entrada.update(argumentos=argumentos, erro=None)
            else:
                entrada.update(argumentos=None,
                               erro=f"os argumentos têm de ser um objeto JSON, vieram: {type(argumentos).__name__}")
        chamadas.append(entrada)
    return chamadas
