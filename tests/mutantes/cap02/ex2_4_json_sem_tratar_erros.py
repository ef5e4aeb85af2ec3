"""Faz json.loads sem try: argumentos partidos lançam uma exceção em vez de voltarem ao modelo.

Requisito: r1, r3
"""


def executar_chamada(nome, argumentos_json, ferramentas):
    if nome not in ferramentas:
        return f"Erro: a ferramenta {nome} não existe. Disponíveis: {', '.join(ferramentas)}."
    argumentos = json.loads(argumentos_json)
    try:
        return json.dumps(ferramentas[nome](**argumentos), ensure_ascii=False)
    except Exception as erro:
        return f"Erro ao executar {nome}: {type(erro).__name__}: {erro}"
