"""Explica o JSON partido sem começar por «Erro:», a marca que o modelo e o ciclo procuram.

Requisito: r3
"""


def executar_chamada(nome, argumentos_json, ferramentas):
    if nome not in ferramentas:
        return f"Erro: a ferramenta {nome} não existe. Ferramentas disponíveis: {', '.join(ferramentas)}."
    try:
        argumentos = json.loads(argumentos_json)
    except (TypeError, ValueError) as erro:
        return f"JSON inválido ({erro}): manda um objeto JSON."
    if not isinstance(argumentos, dict):
        return "Erro: os argumentos têm de ser um objeto JSON, por exemplo {\"nome\": \"valor\"}."
    try:
        resultado = ferramentas[nome](**argumentos)
    except Exception as erro:  # qualquer falha da ferramenta volta para o modelo como texto
        return f"Erro ao executar {nome}: {type(erro).__name__}: {erro}"
    return json.dumps(resultado, ensure_ascii=False, default=str)
