"""Vai buscar a ferramenta com ferramentas[nome] antes de tudo: um nome desconhecido dá KeyError.

Requisito: r1, r2
"""


def executar_chamada(nome, argumentos_json, ferramentas):
    funcao = ferramentas[nome]
    try:
        argumentos = json.loads(argumentos_json)
    except ValueError:
        return "Erro: os argumentos têm de ser um objeto JSON."
    if not isinstance(argumentos, dict):
        return "Erro: os argumentos têm de ser um objeto JSON."
    try:
        return json.dumps(funcao(**argumentos), ensure_ascii=False)
    except Exception as erro:
        return f"Erro ao executar {nome}: {type(erro).__name__}: {erro}"
