"""Extensão do nbgrader: esboços que não partem «Run All».

O nbgrader troca cada região ``### BEGIN SOLUTION … ### END SOLUTION`` por
``raise NotImplementedError()``. Dentro de uma função está certo; ao nível do módulo (uma
resposta de quiz, uma constante) a célula lançaria a exceção e o «Run All» pararia aí.
Nesses casos o esboço passa a ser ``NOME = ...`` para cada nome que a solução atribui.
"""

from __future__ import annotations

import ast
import re

from nbgrader.preprocessors import ClearSolutions


def _nomes_atribuidos(codigo: str) -> list[str] | None:
    try:
        arvore = ast.parse(codigo)
    except SyntaxError:
        return None
    nomes = []
    for no in arvore.body:
        alvos = no.targets if isinstance(no, ast.Assign) else [getattr(no, "target", None)]
        if not isinstance(no, (ast.Assign, ast.AnnAssign)):
            return None
        for alvo in alvos:
            if not isinstance(alvo, ast.Name):
                return None
            if alvo.id not in nomes:
                nomes.append(alvo.id)
    return nomes or None


class LimparSolucoes(ClearSolutions):
    """``ClearSolutions`` com esboços ``NOME = ...`` para respostas ao nível do módulo."""

    def _replace_solution_region(self, cell, language):
        if cell.cell_type != "code":
            return super()._replace_solution_region(cell, language)
        padrao = re.compile(
            rf"^###? ?{re.escape(self.begin_solution_delimeter)}\n(.*?)^###? ?"
            rf"{re.escape(self.end_solution_delimeter)}[^\n]*(\n|$)",
            re.M | re.S,
        )

        def trocar(m: re.Match) -> str:
            nomes = _nomes_atribuidos(m.group(1))
            if nomes is None:
                return m.group(0)  # fica para o nbgrader tratar como sempre
            return "".join(f"{n} = ...  # O TEU CÓDIGO AQUI\n" for n in nomes)

        novo = padrao.sub(trocar, cell.source)
        trocou_ao_nivel_do_modulo = novo != cell.source
        cell.source = novo.rstrip("\n") if trocou_ao_nivel_do_modulo else novo
        return super()._replace_solution_region(cell, language) or trocou_ao_nivel_do_modulo
