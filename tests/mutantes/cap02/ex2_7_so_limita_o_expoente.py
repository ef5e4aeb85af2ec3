"""Limita expoente, tamanho e profundidade, mas não os inteiros calculados: ((99**99)**99)**99 demora.

Requisito: r6, r7, r8
"""


def calcular_com_limites(expressao):
    if len(expressao) > MAX_CARACTERES:
        raise ValueError("expressão longa demais")
    try:
        arvore = ast.parse(expressao.strip(), mode="eval")
    except (SyntaxError, RecursionError, MemoryError) as erro:
        raise ValueError(f"expressão inválida: {erro}") from None
    pilha = [(arvore.body, 1)]
    while pilha:
        no, nivel = pilha.pop()
        if nivel > MAX_NIVEIS + 1:
            raise ValueError("encaixada demais")
        pilha.extend((f, nivel + 1) for f in ast.iter_child_nodes(no) if isinstance(f, ast.expr))

    def avaliar(no):
        if isinstance(no, ast.Constant) and type(no.value) in (int, float):
            if isinstance(no.value, int) and len(str(abs(no.value))) > MAX_ALGARISMOS:
                raise ValueError("inteiro grande demais")
            return no.value
        if isinstance(no, ast.UnaryOp) and type(no.op) in UNARIOS:
            return UNARIOS[type(no.op)](avaliar(no.operand))
        if isinstance(no, ast.BinOp) and type(no.op) in BINARIOS:
            a, b = avaliar(no.left), avaliar(no.right)
            if isinstance(no.op, ast.Pow) and abs(b) > MAX_EXPOENTE:
                raise ValueError("expoente grande demais")
            try:
                r = BINARIOS[type(no.op)](a, b)
            except ZeroDivisionError:
                raise ValueError("divisão por zero") from None
            if isinstance(r, complex):
                raise ValueError("complexo")
            return r
        raise ValueError(f"não é permitido: {type(no).__name__}")

    return avaliar(arvore.body)
