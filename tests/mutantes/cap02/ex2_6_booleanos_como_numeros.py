"""Aceita constantes com isinstance(valor, (int, float)), e True é um int: True + 1 dá 2.

Requisito: r5
"""


def calcular(expressao):
    if not isinstance(expressao, str):
        raise ValueError("a expressão tem de ser um texto")
    try:
        arvore = ast.parse(expressao.strip(), mode="eval")
    except (SyntaxError, ValueError) as erro:
        raise ValueError(f"expressão inválida: {erro}") from None

    def avaliar(no):
        if isinstance(no, ast.Constant) and isinstance(no.value, (int, float)):
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

    return avaliar(arvore.body)
