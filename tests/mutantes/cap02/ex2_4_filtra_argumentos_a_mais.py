"""Deita fora as chaves que a ferramenta não aceita, para «ajudar» o modelo: um argumento a mais passa em silêncio em vez de voltar como erro.

Requisito: r7
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
        parametros = inspect.signature(ferramentas[nome]).parameters
        if not any(p.kind is p.VAR_KEYWORD for p in parametros.values()):
            argumentos = {k: v for k, v in argumentos.items() if k in parametros}
        resultado = ferramentas[nome](**argumentos)
    except Exception as erro:  # qualquer falha da ferramenta volta para o modelo como texto
        return f"Erro ao executar {nome}: {type(erro).__name__}: {erro}"
    return json.dumps(resultado, ensure_ascii=False, default=str)
