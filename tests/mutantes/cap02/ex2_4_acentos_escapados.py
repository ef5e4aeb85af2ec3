"""Usa json.dumps sem ensure_ascii=False: o modelo lê «pre\\u00e7o» em vez de «preço».

Requisito: r5
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
    except Exception as erro:  # qualquer falha da ferramenta volta para o modelo como texto
        return f"Erro ao executar {nome}: {type(erro).__name__}: {erro}"
    return json.dumps(resultado, default=str)
