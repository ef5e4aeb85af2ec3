"""Vai buscar a ferramenta com get e lança um KeyError próprio, com uma mensagem em português."""


def executar_ferramenta(nome_ferramenta, argumentos):
    ferramenta = FERRAMENTAS.get(nome_ferramenta)
    if ferramenta is None:
        raise KeyError(f"não há nenhuma ferramenta chamada {nome_ferramenta!r}")
    return ferramenta(**argumentos)
