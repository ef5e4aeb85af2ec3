"""Só apanha o TypeError dos argumentos errados: uma exceção da própria ferramenta rebenta em vez de voltar ao modelo.

Requisito: r1
"""


def executar_chamada(nome, argumentos_json, ferramentas):
    if nome not in ferramentas:
        return f"Erro: a ferramenta {nome} não existe. Ferramentas disponíveis: {', '.join(ferramentas)}."
    try:
        argumentos = json.loads(argumentos_json)
    except (TypeError, ValueError) as erro:
        return f"Erro: os argumentos têm de ser um objeto JSON válido ({erro})."
    if not isinstance(argumentos, dict):
        return "Erro: os argumentos têm de ser um objeto JSON, por exemplo {\"nome\": \"valor\"}."
    try:
        resultado = ferramentas[nome](**argumentos)
    except TypeError as erro:  # só os argumentos errados
        return f"Erro ao executar {nome}: {type(erro).__name__}: {erro}"
    return json.dumps(resultado, ensure_ascii=False, default=str)
