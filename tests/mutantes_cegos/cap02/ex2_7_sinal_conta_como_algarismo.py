"""Conta os algarismos com len(str(valor)): o sinal conta, e "0 - 10 ** 99" (100 algarismos) é recusado.

Requisito: r6
"""
# ruff: noqa: F821

import ast
import math


def _numero(valor):
    if isinstance(valor, int) and len(str(valor)) > MAX_ALGARISMOS:
        raise ValueError(f"inteiro com mais de {MAX_ALGARISMOS} algarismos")
    if isinstance(valor, complex) or (isinstance(valor, float) and not math.isfinite(valor)):
        raise ValueError("o resultado não é um número real finito")
    return valor


def _calcular(no):
    match no:
        case ast.Constant(value=valor) if type(valor) in (int, float):
            return _numero(valor)
        case ast.UnaryOp(op=op, operand=operando) if type(op) in UNARIOS:
            return UNARIOS[type(op)](_calcular(operando))
        case ast.BinOp(left=esquerda, op=op, right=direita) if type(op) in BINARIOS:
            a, b = _calcular(esquerda), _calcular(direita)
            if isinstance(op, ast.Pow) and abs(b) > MAX_EXPOENTE:
                raise ValueError(f"expoente acima de {MAX_EXPOENTE} em valor absoluto")
            try:
                return _numero(BINARIOS[type(op)](a, b))
            except ZeroDivisionError:
                raise ValueError("divisão por zero") from None
            except OverflowError:
                raise ValueError("o resultado é grande demais") from None
    raise ValueError(f"não é permitido na expressão: {type(no).__name__}")


def calcular_com_limites(expressao):
    if not isinstance(expressao, str):
        raise ValueError("a expressão tem de ser um texto")
    if len(expressao) > MAX_CARACTERES:
        raise ValueError(f"expressão longa demais (mais de {MAX_CARACTERES} caracteres)")
    try:
        arvore = ast.parse(expressao.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as erro:
        raise ValueError(f"expressão inválida: {erro}") from None
    profundidade, camada = 0, [arvore.body]
    while camada:  # camada a camada da árvore: cada uma com uma operação soma um nível
        profundidade += any(isinstance(no, (ast.BinOp, ast.UnaryOp)) for no in camada)
        camada = [filho for no in camada for filho in ast.iter_child_nodes(no)]
    if profundidade > MAX_NIVEIS:
        raise ValueError(f"expressão encaixada demais (mais de {MAX_NIVEIS} níveis)")
    return _calcular(arvore.body)
