"""Guarda no dicionário ferramentas uma versão protegida de cada ferramenta (para não a embrulhar
outra vez): o dicionário de quem chama fica com outras funções lá dentro.

Requisito: r9
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
    ferramenta = ferramentas[nome]
    if not getattr(ferramenta, "protegida", False):
        original = ferramenta

        def ferramenta(*args, **kwargs):
            try:
                return "ok", original(*args, **kwargs)
            except Exception as erro:  # a falha volta como valor, para o texto de erro
                return "erro", erro

        ferramenta.protegida = True
        ferramentas[nome] = ferramenta
    estado, valor = ferramenta(**argumentos)
    if estado == "erro":
        return f"Erro ao executar {nome}: {type(valor).__name__}: {valor}"
    return json.dumps(valor, ensure_ascii=False, default=str)
