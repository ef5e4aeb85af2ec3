"""Corre a ferramenta primeiro (sem argumentos, se o JSON não presta) e só depois decide o texto a devolver.

Requisito: r8
"""


def executar_chamada(nome, argumentos_json, ferramentas):
    if nome not in ferramentas:
        return f"Erro: a ferramenta {nome} não existe. Ferramentas disponíveis: {', '.join(ferramentas)}."
    try:
        argumentos = json.loads(argumentos_json)
    except (TypeError, ValueError):
        argumentos = None
    try:
        resultado = ferramentas[nome](**(argumentos if isinstance(argumentos, dict) else {}))
    except Exception as erro:
        resultado = erro
    if not isinstance(argumentos, dict):
        return "Erro: os argumentos têm de ser um objeto JSON, por exemplo {\"nome\": \"valor\"}."
    if isinstance(resultado, Exception):
        return f"Erro ao executar {nome}: {type(resultado).__name__}: {resultado}"
    return json.dumps(resultado, ensure_ascii=False, default=str)
