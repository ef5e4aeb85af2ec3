"""Testa isinstance(valor, (int, float)) — e True é um int: True + 1 passa, e a divisão por zero escapa como ZeroDivisionError.

Requisito: r2, r5, r6
"""


def calcular(expressao):
    if len(expressao) > MAX_CARACTERES:
        raise ValueError("expressão longa demais")
    try:
        arvore = ast.parse(expressao, mode="eval")
    except SyntaxError as erro:
        raise ValueError(f"expressão inválida: {erro}") from None
    for no in ast.walk(arvore):
        if isinstance(no, ast.BinOp) and isinstance(no.op, ast.Pow):
            if not (isinstance(no.right, ast.Constant) and abs(no.right.value) <= MAX_EXPOENTE):
                raise ValueError("expoente")

    def avaliar(no):
        if isinstance(no, ast.Constant) and isinstance(no.value, (int, float)):
            return no.value
        if isinstance(no, ast.UnaryOp) and type(no.op) in UNARIOS:
            return UNARIOS[type(no.op)](avaliar(no.operand))
        if isinstance(no, ast.BinOp) and type(no.op) in BINARIOS:
            return BINARIOS[type(no.op)](avaliar(no.left), avaliar(no.right))
        raise ValueError(f"não é permitido: {type(no).__name__}")

    return avaliar(arvore.body)
