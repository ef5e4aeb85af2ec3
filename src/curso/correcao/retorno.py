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

from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import NbGraderPreprocessor

from curso.caderno import e_celula_de_verificacao
from curso.correcao.recuperacao import MARCAS
from curso.verificacao import PREFIXO_PUBLICAS as PUBLICAS

ESCONDIDOS = re.compile(
    r"^[ \t]*###? ?BEGIN HIDDEN TESTS.*?^[ \t]*###? ?END HIDDEN TESTS[^\n]*(\n|$)", re.M | re.S
)
AVISO_ESCONDIDOS = "# (testes escondidos: o código não é mostrado no retorno)\n"
FALHOU_ESCONDIDO = "um teste escondido falhou (o código dos testes escondidos não é mostrado)"


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


RETIRADA = "(saída retirada do retorno: mostrava código dos testes escondidos)\n"


def linhas_escondidas(celulas) -> set[str]:
    """As linhas de código dos testes escondidos de um caderno (as que dizem alguma coisa)."""
    linhas = set()
    for celula in celulas:
        if e_celula_de_verificacao(celula):
            for bloco in ESCONDIDOS.finditer(celula.source):
                for linha in bloco.group(0).splitlines()[1:-1]:
                    if len(linha.strip()) >= 8:
                        linhas.add(linha.strip())
    return linhas


def _textos(saida) -> list[str]:
    textos = [str(saida.get("text", "")), str(saida.get("evalue", "")), *map(str, saida.get("traceback", []))]
    textos += [v if isinstance(v, str) else "".join(map(str, v))
               for v in saida.get("data", {}).values() if isinstance(v, (str, list))]
    return textos


def retirar_fugas(celulas, linhas: set[str]) -> None:
    """Uma saída (de qualquer célula) que mostre uma linha dos testes escondidos — por exemplo
    impressa por um *callback* do aluno — sai do retorno inteira."""
    if not linhas:
        return
    for celula in celulas:
        for i, saida in enumerate(celula.get("outputs", [])):
            if any(linha in texto for texto in _textos(saida) for linha in linhas):
                celula.outputs[i] = NotebookNode(output_type="stream", name="stdout", text=RETIRADA)


class OcultarTestesEscondidos(NbGraderPreprocessor):
    """Pré-processador do ``generate_feedback``: tira as saídas que mostram testes escondidos e
    aplica ``ocultar_celula`` às verificações."""

    def preprocess(self, nb, resources):
        retirar_fugas(nb.cells, linhas_escondidas(nb.cells))
        return super().preprocess(nb, resources)

    def preprocess_cell(self, cell, resources, index):
        if e_celula_de_verificacao(cell):
            ocultar_celula(cell)
        return cell, resources
