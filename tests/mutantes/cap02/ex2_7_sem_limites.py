"""Percorre a árvore ast com a lista do que é permitido do 2.6, mas sem limites de expoente, algarismos, tamanho nem profundidade.

Requisito: r2, r3, r5, r6, r7, r8
"""


def calcular_com_limites(expressao):
    try:
        arvore = ast.parse(expressao.strip(), mode="eval")
    except SyntaxError as erro:
        raise ValueError(f"expressão inválida: {erro}") from None

    def avaliar(no):
        if isinstance(no, ast.Constant) and type(no.value) in (int, float):
            return no.value
        if isinstance(no, ast.UnaryOp) and type(no.op) in UNARIOS:
            return UNARIOS[type(no.op)](avaliar(no.operand))
        if isinstance(no, ast.BinOp) and type(no.op) in BINARIOS:
            try:
                r = BINARIOS[type(no.op)](avaliar(no.left), avaliar(no.right))
            except ZeroDivisionError:
                raise ValueError("divisão por zero") from None
            if isinstance(r, complex):
                raise ValueError("complexo")
            return r
        raise ValueError(f"não é permitido: {type(no).__name__}")

    return avaliar(arvore.body)
