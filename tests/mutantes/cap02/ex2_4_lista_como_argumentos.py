"""Aceita qualquer JSON: uma lista vira argumentos posicionais e a ferramenta corre na mesma.

Requisito: r3, r8
"""


def executar_chamada(nome, argumentos_json, ferramentas):
    if nome not in ferramentas:
        return f"Erro: a ferramenta {nome} não existe. Disponíveis: {', '.join(ferramentas)}."
    try:
        argumentos = json.loads(argumentos_json)
    except ValueError:
        return "Erro: os argumentos têm de ser um objeto JSON."
    try:
        if isinstance(argumentos, dict):
            resultado = ferramentas[nome](**argumentos)
        else:
            resultado = ferramentas[nome](argumentos)
        return json.dumps(resultado, ensure_ascii=False)
    except Exception as erro:
        return f"Erro ao executar {nome}: {type(erro).__name__}: {erro}"
