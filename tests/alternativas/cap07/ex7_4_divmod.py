"""Divide o espaço com divmod e corta o fim com len(texto) - fim (sem fatias negativas)."""


def limitar_observacao(texto, max_chars):
    if len(texto) <= max_chars:
        return texto
    cabe = max_chars - len(marcador(len(texto)))
    if cabe < 0:
        raise ValueError("max_chars pequeno demais para o marcador")
    metade, sobra = divmod(cabe, 2)
    do_inicio, do_fim = metade + sobra, metade
    return texto[:do_inicio] + marcador(len(texto) - cabe) + texto[len(texto) - do_fim:]
