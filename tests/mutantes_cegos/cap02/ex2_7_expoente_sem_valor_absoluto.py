"""Compara o expoente com o limite sem valor absoluto (expoente > 100): "2 ** -101" é calculado.

Requisito: r5
"""
# ruff: noqa: F821

import ast
import math


class _Avaliador(ast.NodeVisitor):
    """A calculadora de um aluno, nó a nó; tudo o que não tem um visit_ próprio é recusado."""

    def generic_visit(self, no):
        raise ValueError(f"não é permitido na expressão: {type(no).__name__}")

    def visit_Expression(self, no):
        return self.visit(no.body)

    def visit_Constant(self, no):
        if type(no.value) not in (int, float):
            raise ValueError(f"não é permitido na expressão: {type(no.value).__name__}")
        return self.conferir(no.value)

    def visit_UnaryOp(self, no):
        if type(no.op) not in UNARIOS:
            return self.generic_visit(no.op)
        return UNARIOS[type(no.op)](self.visit(no.operand))

    def visit_BinOp(self, no):
        if type(no.op) not in BINARIOS:
            return self.generic_visit(no.op)
        esquerda, direita = self.visit(no.left), self.visit(no.right)
        if isinstance(no.op, ast.Pow) and direita > MAX_EXPOENTE:  # sem abs(): -101 passa
            raise ValueError(f"expoente acima de {MAX_EXPOENTE}")
        try:
            return self.conferir(BINARIOS[type(no.op)](esquerda, direita))
        except ZeroDivisionError:
            raise ValueError("divisão por zero") from None
        except OverflowError:
            raise ValueError("o resultado é grande demais") from None

    @staticmethod
    def conferir(valor):
        if isinstance(valor, complex) or (isinstance(valor, float) and not math.isfinite(valor)):
            raise ValueError("o resultado não é um número real finito")
        if isinstance(valor, int) and abs(valor) >= 10 ** MAX_ALGARISMOS:
            raise ValueError(f"inteiro com mais de {MAX_ALGARISMOS} algarismos")
        return valor


def calcular_com_limites(expressao):
    if not isinstance(expressao, str) or len(expressao) > MAX_CARACTERES:
        raise ValueError(f"a expressão tem de ser um texto com até {MAX_CARACTERES} caracteres")
    try:
        arvore = ast.parse(expressao.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as erro:
        raise ValueError(f"expressão inválida: {erro}") from None
    niveis = {arvore.body: 0}
    for no in ast.walk(arvore.body):  # os pais vêm antes dos filhos
        nivel = niveis[no] + isinstance(no, (ast.BinOp, ast.UnaryOp))
        if nivel > MAX_NIVEIS:
            raise ValueError(f"expressão encaixada demais (mais de {MAX_NIVEIS} níveis)")
        niveis.update((filho, nivel) for filho in ast.iter_child_nodes(no))
    return _Avaliador().visit(arvore)
