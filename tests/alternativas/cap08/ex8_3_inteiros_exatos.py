"""Posto exato com aritmética inteira (-(-p·n // 100)) quando p é inteiro, Fraction quando não é."""


def percentil(valores, p):
    if len(valores) == 0 or not (0 < p <= 100):
        raise ValueError("preciso de valores e de 0 < p <= 100")
    n = len(valores)
    if isinstance(p, int):
        posto = -(-p * n // 100)
    else:
        posto = math.ceil(Fraction(str(p)) * n / 100)
    return sorted(valores)[max(posto, 1) - 1]
