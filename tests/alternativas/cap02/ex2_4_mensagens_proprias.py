"""Mensagens de erro com outras palavras (o enunciado só fixa o começo «Erro:» e o texto dos erros
da ferramenta), a ferramenta procurada com get e o JSON escrito com separadores compactos; um
resultado que o JSON não escreve (um set, bytes) dá um texto de erro, em vez de uma exceção."""


def executar_chamada(nome, argumentos_json, ferramentas):
    ferramenta = ferramentas.get(nome)
    if ferramenta is None:
        return f"Erro: não conheço «{nome}»; tens {', '.join(sorted(ferramentas))}."
    try:
        argumentos = json.loads(argumentos_json)
    except (TypeError, ValueError):
        argumentos = None
    if not isinstance(argumentos, dict):
        return "Erro: preciso dos argumentos num objeto JSON, como {\"x\": 1}."
    try:
        resultado = ferramenta(**argumentos)
    except Exception as erro:
        return f"Erro ao executar {nome}: {type(erro).__name__}: {erro}"
    try:
        return json.dumps(resultado, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError) as erro:  # nunca se lança: o modelo lê o erro
        return f"Erro: o resultado de {nome} não se escreve em JSON ({erro})."
