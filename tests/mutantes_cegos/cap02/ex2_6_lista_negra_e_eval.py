"""Recusa uma lista do que é proibido (nomes, chamadas, atributos, índices, lambdas, compreensões) e dá o resto ao eval: comparações, booleanos e textos passam.

Requisito: r5
"""

import ast

PROIBIDOS = (ast.Name, ast.Call, ast.Attribute, ast.Subscript, ast.Lambda, ast.ListComp,
             ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.NamedExpr, ast.Starred)


def calcular(expressao):
    try:
        arvore = ast.parse(expressao.strip(), mode="eval")
    except (AttributeError, SyntaxError, ValueError) as erro:
        raise ValueError(f"expressão inválida: {erro}") from None
    for no in ast.walk(arvore):
        if isinstance(no, PROIBIDOS):
            raise ValueError(f"não é permitido na expressão: {type(no).__name__}")
    try:
        return eval(compile(arvore, "<expressão>", "eval"), {"__builtins__": {}})
    except ZeroDivisionError:
        raise ValueError("divisão por zero") from None
