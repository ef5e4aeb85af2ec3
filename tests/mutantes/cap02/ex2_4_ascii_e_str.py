"""Devolve str(resultado) ou JSON com acentos escapados, e a mensagem de erro sem o tipo da exceção.

Requisito: r4, r5
"""


def executar_chamada(nome, argumentos_json, ferramentas):
    if nome not in ferramentas:
        return f"Erro: a ferramenta {nome} não existe. Disponíveis: {', '.join(ferramentas)}."
    try:
        argumentos = json.loads(argumentos_json)
    except ValueError:
        return "Erro: os argumentos têm de ser um objeto JSON."
    if not isinstance(argumentos, dict):
        return "Erro: os argumentos têm de ser um objeto JSON."
    try:
        return json.dumps(ferramentas[nome](**argumentos))
    except Exception as erro:
        return f"Erro ao executar {nome}: {erro}"
