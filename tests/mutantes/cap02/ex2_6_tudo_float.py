"""Converte sempre o resultado para float: a divisão inteira perde o tipo e sai um float onde o Python daria um int.

Requisito: r3
"""


def calcular(expressao):
    if not isinstance(expressao, str):
        raise ValueError("a expressão tem de ser um texto")
    try:
        arvore = ast.parse(expressao.strip(), mode="eval")
    except (SyntaxError, ValueError) as erro:
        raise ValueError(f"expressão inválida: {erro}") from None

    def avaliar(no):
        if isinstance(no, ast.Constant) and type(no.value) in (int, float):
            return no.value
        if isinstance(no, ast.UnaryOp) and type(no.op) in UNARIOS:
            return UNARIOS[type(no.op)](avaliar(no.operand))
        if isinstance(no, ast.BinOp) and type(no.op) in BINARIOS:
            esquerda, direita = avaliar(no.left), avaliar(no.right)
            try:
                return BINARIOS[type(no.op)](esquerda, direita)
            except ZeroDivisionError:
                raise ValueError("divisão por zero") from None
        raise ValueError(f"não é permitido na expressão: {type(no).__name__}")

    return float(avaliar(arvore.body))
