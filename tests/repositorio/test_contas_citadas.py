"""As contas que o curso afirma («`0.3 // 0.1` dá `2.0`») são as que o Python dá de facto.

O exercício 8.5 chegou a ensinar uma conta falsa; aqui cada afirmação «expressão dá valor» dos
cadernos e das mensagens das verificações é avaliada a sério, com o Python que corre os testes.
"""

from __future__ import annotations

import ast
import operator
import re

from ._cadernos import RAIZ, ler, todos_os_cadernos

# «`0.001 // 0.0002` dá `4.0`», com ou sem acentos graves (nas mensagens das verificações).
AFIRMACAO = re.compile(
    r"`?(?P<expr>\d[\d.]*(?:\s*(?://|\*\*|[-+*/%])\s*\d[\d.]*)+)`?\s+dá\s+`?(?P<valor>-?\d[\d.]*(?:e-?\d+)?)`?"
)
OPERACOES = {ast.FloorDiv: operator.floordiv, ast.Div: operator.truediv, ast.Mult: operator.mul,
             ast.Add: operator.add, ast.Sub: operator.sub, ast.Mod: operator.mod, ast.Pow: operator.pow}


def _avaliar(no: ast.AST):
    """Só números e operações binárias: nada de nomes nem chamadas."""
    if isinstance(no, ast.Expression):
        return _avaliar(no.body)
    if isinstance(no, ast.Constant) and isinstance(no.value, (int, float)):
        return no.value
    if isinstance(no, ast.BinOp) and type(no.op) in OPERACOES:
        return OPERACOES[type(no.op)](_avaliar(no.left), _avaliar(no.right))
    raise ValueError(f"expressão fora do subconjunto aritmético: {ast.dump(no)}")


def _textos():
    for caminho in todos_os_cadernos():
        for indice, celula in enumerate(ler(caminho)["cells"]):
            yield f"{caminho.relative_to(RAIZ)} · célula {indice}", "".join(celula["source"])
    for caminho in sorted((RAIZ / "tests").rglob("*.py")):
        if caminho.name != "test_contas_citadas.py":
            yield str(caminho.relative_to(RAIZ)), caminho.read_text(encoding="utf-8")


def afirmacoes() -> list[tuple[str, str, str]]:
    return [(onde, m["expr"], m["valor"]) for onde, texto in _textos() for m in AFIRMACAO.finditer(texto)]


def test_a_armadilha_do_8_5_e_verdadeira():
    """O exemplo que o 8.5 usa é mesmo um erro da divisão inteira em vírgula flutuante."""
    assert 0.001 // 0.0002 == 4.0
    assert 0.0015 // 0.0003 == 5.0          # o exemplo antigo, que afinal acerta


def test_cada_conta_citada_da_o_que_diz():
    encontradas = afirmacoes()
    expressoes = {expr.replace(" ", "") for _, expr, _ in encontradas}
    assert "0.001//0.0002" in expressoes, "a armadilha do 8.5 deixou de ser citada nos cadernos"
    erradas = []
    for onde, expr, valor in encontradas:
        obtido = _avaliar(ast.parse(expr, mode="eval"))
        if obtido != float(valor) or (("." in valor) != isinstance(obtido, float)):
            erradas.append(f"{onde}: «{expr}» dá {obtido!r}, não {valor}")
    assert not erradas, "contas falsas diante do aluno:\n" + "\n".join(erradas)
