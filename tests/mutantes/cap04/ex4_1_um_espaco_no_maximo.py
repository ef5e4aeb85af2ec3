"""Aceita no máximo um espaço à volta de «vezes»/«x» («\\s?» em vez de «\\s*»): «3  x 2» já não é uma
conta. Só um pedido com dois espaços o mostra.

Requisito: r4
"""

_certo = decidir_ferramenta_e_argumentos


def decidir_ferramenta_e_argumentos(pedido):
    if re.search(r"\d\s{2,}(vezes|x)|(vezes|x)\s{2,}\d", pedido, re.IGNORECASE):
        sem_conta = re.sub(r"(vezes|x)", " ", pedido, flags=re.IGNORECASE)
        return _certo(sem_conta)
    return _certo(pedido)
