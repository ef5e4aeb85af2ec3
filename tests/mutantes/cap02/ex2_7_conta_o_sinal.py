"""Conta os algarismos com len(str(valor)), e o sinal conta como um: -9 × 10**99 é recusado.

Requisito: r6
"""


def calcular_com_limites(expressao):
    if not isinstance(expressao, str):
        raise ValueError("a expressão tem de ser um texto")
    if len(expressao) > MAX_CARACTERES:
        raise ValueError(f"expressão longa demais (mais de {MAX_CARACTERES} caracteres)")
    try:
        arvore = ast.parse(expressao.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as erro:
        raise ValueError(f"expressão inválida: {erro}") from None

    # profundidade sem recursão: uma pilha explícita, antes de avaliar o que quer que seja
    pilha = [(arvore.body, 1)]
    while pilha:
        no, nivel = pilha.pop()
        if nivel > MAX_NIVEIS and not isinstance(no, ast.Constant):
            raise ValueError(f"expressão encaixada demais (mais de {MAX_NIVEIS} níveis)")
        pilha.extend((filho, nivel + 1) for filho in ast.iter_child_nodes(no) if isinstance(filho, ast.expr))

    def verificar_numero(valor):
        if isinstance(valor, complex):
            raise ValueError("o resultado é um número complexo")
        if isinstance(valor, float) and not math.isfinite(valor):
            raise ValueError("o resultado não é um número finito")
        if isinstance(valor, int) and len(str(valor)) > MAX_ALGARISMOS:
            raise ValueError(f"inteiro com mais de {MAX_ALGARISMOS} algarismos")
        return valor

    def avaliar(no):
        if isinstance(no, ast.Constant) and type(no.value) in (int, float):
            return verificar_numero(no.value)
        if isinstance(no, ast.UnaryOp) and type(no.op) in UNARIOS:
            return UNARIOS[type(no.op)](avaliar(no.operand))
        if isinstance(no, ast.BinOp) and type(no.op) in BINARIOS:
            esquerda, direita = avaliar(no.left), avaliar(no.right)
            if isinstance(no.op, ast.Pow) and abs(direita) > MAX_EXPOENTE:
                raise ValueError(f"expoente acima de {MAX_EXPOENTE} em valor absoluto")
            try:
                return verificar_numero(BINARIOS[type(no.op)](esquerda, direita))
            except ZeroDivisionError:
                raise ValueError("divisão por zero") from None
            except OverflowError:
                raise ValueError("o resultado é grande demais") from None
        raise ValueError(f"não é permitido na expressão: {type(no).__name__}")

    return avaliar(arvore.body)
