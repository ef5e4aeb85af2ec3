"""A receita do enunciado com outra forma de medir a profundidade: uma recursão com contador, que para no nível 51."""


def calcular_com_limites(expressao):
    if not isinstance(expressao, str) or len(expressao) > MAX_CARACTERES:
        raise ValueError("a expressão tem de ser um texto com no máximo 1000 caracteres")
    try:
        arvore = ast.parse(expressao.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise ValueError("não consigo ler esta expressão") from None

    def profundidade(no, nivel=1):
        if isinstance(no, ast.Constant):  # só as operações contam como níveis
            return
        if nivel > MAX_NIVEIS:
            raise ValueError("expressão com níveis a mais")
        for filho in ast.iter_child_nodes(no):
            if isinstance(filho, ast.expr):
                profundidade(filho, nivel + 1)

    profundidade(arvore.body)

    def numero(valor):
        if isinstance(valor, complex) or (isinstance(valor, float) and not math.isfinite(valor)):
            raise ValueError("resultado fora dos números reais finitos")
        if isinstance(valor, int) and len(str(abs(valor))) > MAX_ALGARISMOS:
            raise ValueError("inteiro com algarismos a mais")
        return valor

    def valor(no):
        if isinstance(no, ast.Constant) and type(no.value) in (int, float):
            return numero(no.value)
        if isinstance(no, ast.UnaryOp) and isinstance(no.op, (ast.UAdd, ast.USub)):
            v = valor(no.operand)
            return v if isinstance(no.op, ast.UAdd) else -v
        if isinstance(no, ast.BinOp) and type(no.op) in BINARIOS:
            a, b = valor(no.left), valor(no.right)
            if isinstance(no.op, ast.Pow) and abs(b) > MAX_EXPOENTE:
                raise ValueError("expoente grande demais")
            try:
                return numero(BINARIOS[type(no.op)](a, b))
            except (ZeroDivisionError, OverflowError) as erro:
                raise ValueError(f"conta impossível: {erro}") from None
        raise ValueError(f"{type(no).__name__} não é permitido")

    return valor(arvore.body)
