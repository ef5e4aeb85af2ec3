"""O retorno que o aluno recebe: notas e mensagens, sem o código dos testes escondidos.

O HTML do ``nbgrader generate_feedback`` mostra as células corrigidas tal como correram — com o
código dos testes escondidos e o traceback do ``assert`` que falhou, que muitas vezes diz a
resposta esperada. A decisão do curso:

- fica tudo o que é do aluno: o seu código, as suas saídas e os seus erros, com traceback;
- fica, em cada célula de verificação, a nota, o que o ``verificar("N.M")`` escreveu (✔/✘ e a
  dica de cada verificação pública) e a mensagem de erro das verificações públicas;
- sai o código entre ``### BEGIN HIDDEN TESTS`` e ``### END HIDDEN TESTS`` (fica uma linha a
  dizer que há testes escondidos) e, quando um teste escondido falha, o traceback e a mensagem
  do ``assert``: o aluno vê «um teste escondido falhou», e para outras exceções só o tipo e a
  mensagem (por exemplo ``TypeError: ...``), que são do seu código.

Assim os testes escondidos continuam a servir para as próximas turmas e o aluno sabe o que
falhou, com as pistas das verificações públicas para o corrigir.
"""

from __future__ import annotations

import re

from nbgrader.preprocessors import NbGraderPreprocessor

from curso.correcao.recuperacao import MARCAS
from curso.verificacao import PREFIXO_PUBLICAS as PUBLICAS

ESCONDIDOS = re.compile(
    r"^[ \t]*###? ?BEGIN HIDDEN TESTS.*?^[ \t]*###? ?END HIDDEN TESTS[^\n]*(\n|$)", re.M | re.S
)
AVISO_ESCONDIDOS = "# (testes escondidos: o código não é mostrado no retorno)\n"
FALHOU_ESCONDIDO = "um teste escondido falhou (o código dos testes escondidos não é mostrado)"


def _e_verificacao(celula) -> bool:
    nbg = celula.get("metadata", {}).get("nbgrader", {})
    return celula.get("cell_type") == "code" and nbg.get("grade") and not nbg.get("solution")


def ocultar_celula(celula) -> None:
    """Tira de uma célula de verificação o código e os tracebacks dos testes escondidos."""
    celula.source = ESCONDIDOS.sub(AVISO_ESCONDIDOS, celula.source).rstrip("\n")
    for saida in celula.get("outputs", []):
        if saida.get("output_type") != "error":
            continue
        nome, valor = saida.get("ename", ""), str(saida.get("evalue", ""))
        if nome in MARCAS or valor.startswith(PUBLICAS) or nome == "KeyboardInterrupt":
            saida.traceback = [f"{nome}: {valor}" if valor else nome]
        elif nome == "AssertionError":
            saida.evalue = FALHOU_ESCONDIDO
            saida.traceback = [f"AssertionError: {FALHOU_ESCONDIDO}"]
        else:
            saida.traceback = [f"{nome}: {valor}", "(num teste escondido; o código não é mostrado)"]


class OcultarTestesEscondidos(NbGraderPreprocessor):
    """Pré-processador do ``generate_feedback``: aplica ``ocultar_celula`` às verificações."""

    def preprocess_cell(self, cell, resources, index):
        if _e_verificacao(cell):
            ocultar_celula(cell)
        return cell, resources
