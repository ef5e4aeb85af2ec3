"""Os casos de erro com match/case e o resultado em JSON com separadores compactos."""


def executar_chamada(nome, argumentos_json, ferramentas):
    funcao = ferramentas.get(nome)
    if funcao is None:
        return "Erro: não conheço essa ferramenta; as disponíveis são " + ", ".join(sorted(ferramentas))
    try:
        argumentos = json.loads(argumentos_json)
    except Exception:
        argumentos = None
    match argumentos:
        case dict():
            pass
        case _:
            return "Erro: envia os argumentos como um objeto JSON."
    try:
        return json.dumps(funcao(**argumentos), ensure_ascii=False, separators=(",", ":"), default=str)
    except Exception as erro:
        return f"Erro ao executar {nome}: {erro.__class__.__name__}: {erro}"
