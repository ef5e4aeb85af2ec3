"""Um avaliador com match/case sobre os nós da árvore, e o zero testado antes de dividir."""


def calcular(expressao):
    try:
        arvore = ast.parse(str(expressao).strip(), mode="eval")
    except (SyntaxError, ValueError) as erro:
        raise ValueError(f"isto não é uma expressão: {erro}") from None

    def valor(no):
        match no:
            case ast.Constant(value=bool()):
                raise ValueError("True e False não são números")
            case ast.Constant(value=int() | float() as numero):
                return numero
            case ast.UnaryOp(op=ast.USub(), operand=operando):
                return -valor(operando)
            case ast.UnaryOp(op=ast.UAdd(), operand=operando):
                return +valor(operando)
            case ast.BinOp(left=esquerda, op=op, right=direita) if type(op) in BINARIOS:
                a, b = valor(esquerda), valor(direita)
                if b == 0 and isinstance(op, (ast.Div, ast.FloorDiv, ast.Mod)):
                    raise ValueError("divisão por zero")
                if a == 0 and b < 0 and isinstance(op, ast.Pow):
                    raise ValueError("zero elevado a um expoente negativo é uma divisão por zero")
                return BINARIOS[type(op)](a, b)
        raise ValueError(f"{type(no).__name__} não é permitido numa expressão aritmética")

    return valor(arvore.body)
