"""Carregar o código de um caderno sem kernel: as células de código correm num dicionário.

Saltam-se as células de verificação (as que o nbgrader pontua), as células marcadas com a
etiqueta ``ao-vivo`` (chamam a API real) e as marcadas ``nao-carregar`` (widgets, gráficos).
Um erro numa célula não impede as outras de correr: fica registado para o relatório.
"""

from __future__ import annotations

import builtins
import json
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from curso.raiz import ErroDoCurso

ETIQUETAS_A_SALTAR = {"ao-vivo", "nao-carregar"}


class NomeEmFalta(AttributeError):
    """O caderno não define um nome que a verificação procura."""


class NaoImplementado(NotImplementedError):
    """O nome existe mas ainda tem o valor de partida (``...``)."""


@dataclass
class ErroDeCelula:
    indice: int
    tipo: str
    mensagem: str

    def __str__(self) -> str:
        return f"a célula {self.indice} deu {self.tipo}: {self.mensagem}"


@dataclass
class Caderno:
    """O espaço de nomes de um caderno, acessível como atributos (``nb.correr_ciclo``)."""

    nomes: dict
    caminho: str = "<caderno>"
    erros: list[ErroDeCelula] = field(default_factory=list)

    def __getattr__(self, nome):
        if nome.startswith("__") or nome in ("nomes", "caminho", "erros"):
            raise AttributeError(nome)
        try:
            valor = self.nomes[nome]
        except KeyError:
            falhas = "".join(f"\n    ({e})" for e in self.erros)
            raise NomeEmFalta(
                f"o caderno não define `{nome}` — escreveste o nome exatamente assim e "
                f"correste a célula?{falhas}"
            ) from None
        if valor is Ellipsis:
            raise NaoImplementado(f"`{nome}` ainda tem o valor de partida `...`")
        return valor

    def __contains__(self, nome) -> bool:
        return nome in self.nomes

    def custo_da_fronteira(self) -> float:
        """Segundos que se descontam ao medir uma chamada: aqui nenhum (a função corre neste
        processo); na correção, o que custa ir e vir ao kernel (``curso.fronteira``)."""
        return 0.0

    def emprestar_builtin(self, nome: str, valor) -> None:
        """Põe ``valor`` nos builtins de onde o código do caderno corre (um espião das
        verificações: se o código do aluno avaliar o nome, fica registado)."""
        setattr(builtins, nome, valor)

    def devolver_builtin(self, nome: str) -> None:
        if hasattr(builtins, nome):
            delattr(builtins, nome)

    def com(self, codigo: str, origem: str = "<alteração>") -> "Caderno":
        """Uma cópia com ``codigo`` executado por cima (usado para provar os mutantes)."""
        nomes = dict(self.nomes)
        exec(compile(codigo, origem, "exec", dont_inherit=True), nomes)
        return Caderno(nomes, f"{self.caminho} + {origem}", list(self.erros))


def e_celula_de_verificacao(celula: dict) -> bool:
    """Uma célula de código que o nbgrader pontua e que não é de solução: a de ``verificar("N.M")``
    e dos testes escondidos. A definição vale para o carregador, a correção e o retorno."""
    nbg = celula.get("metadata", {}).get("nbgrader", {})
    return celula.get("cell_type") == "code" and bool(nbg.get("grade")) and not nbg.get("solution")


def _salta(celula: dict) -> bool:
    if e_celula_de_verificacao(celula):
        return True
    return bool(ETIQUETAS_A_SALTAR & set(celula.get("metadata", {}).get("tags", [])))


def ler_celulas(caminho: str | Path) -> list[str]:
    """As fontes das células de código a carregar, pela ordem do caderno."""
    caminho = Path(caminho)
    if not caminho.is_file():
        raise ErroDoCurso(
            f"Não encontrei o caderno {caminho}. Confirma o caminho "
            "(os exercícios estão em exercises/capNN/capNN.ipynb)."
        )
    try:
        dados = json.loads(caminho.read_text(encoding="utf-8"))
        celulas = dados["cells"]
    except (ValueError, KeyError, TypeError) as erro:
        raise ErroDoCurso(
            f"Não consegui ler o caderno {caminho}: não é um ficheiro .ipynb válido ({erro})."
        ) from None
    fontes = []
    for celula in celulas:
        if celula.get("cell_type") != "code" or _salta(celula):
            continue
        fonte = celula.get("source", "")
        fontes.append("".join(fonte) if isinstance(fonte, list) else fonte)
    return fontes


def carregar(caminho: str | Path) -> Caderno:
    """Corre as células de código de ``caminho`` e devolve o espaço de nomes resultante."""
    nomes: dict = {"__name__": "__caderno__"}
    erros: list[ErroDeCelula] = []
    for indice, fonte in enumerate(ler_celulas(caminho), start=1):
        try:
            # dont_inherit: o código do caderno corre como no kernel, sem o «from __future__ import
            # annotations» deste módulo (as anotações do aluno são tipos, não textos)
            exec(compile(fonte, f"<{Path(caminho).name}, célula de código {indice}>", "exec",
                         dont_inherit=True), nomes)
        except BaseException as erro:  # o caderno do aluno pode lançar tudo (até SystemExit)
            if isinstance(erro, KeyboardInterrupt):
                raise
            ultima = traceback.format_exception_only(type(erro), erro)[-1].strip()
            erros.append(ErroDeCelula(indice, type(erro).__name__, ultima))
    return Caderno(nomes, str(caminho), erros)


def nomes_livres(codigo: str) -> list[str]:
    """Os nomes que ``codigo`` lê sem os definir (nem importar, nem serem builtins): os do caderno."""
    import ast

    arvore = ast.parse(codigo)
    definidos, lidos = set(), []
    for no in ast.walk(arvore):
        if isinstance(no, ast.Name):
            if isinstance(no.ctx, ast.Load):
                lidos.append(no.id)
            else:
                definidos.add(no.id)
        elif isinstance(no, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            definidos.add(no.name)
        elif isinstance(no, ast.arg):
            definidos.add(no.arg)
        elif isinstance(no, (ast.Import, ast.ImportFrom)):
            definidos.update((a.asname or a.name).split(".")[0] for a in no.names)
        elif isinstance(no, ast.ExceptHandler) and no.name:
            definidos.add(no.name)
    return [n for n in dict.fromkeys(lidos) if n not in definidos and not hasattr(builtins, n)]


def correr_escondidos(codigo: str, nb, origem: str = "<testes escondidos>",
                      ligados: dict | None = None) -> None:
    """Corre os testes escondidos neste processo, com os nomes do caderno vindos de ``nb`` — um
    ``Caderno`` carregado aqui ou o ``CadernoRemoto`` da fronteira (na correção, os testes
    escondidos nunca entram no kernel do aluno). Os nomes de ``ligados`` não se pedem a ``nb``
    (na correção, ``curso.fronteira.sessao`` decide quais: os que se ligam do lado de confiança).

    Lança o que o teste lançar (um ``AssertionError`` é um teste que falhou). Um nome que o
    caderno não tem fica por definir: o teste dá ``NameError``, como daria no kernel.
    """
    espaco: dict = {"__name__": "__escondidos__", **(ligados or {})}
    for nome in nomes_livres(codigo):
        if nome in espaco:
            continue
        try:
            espaco[nome] = getattr(nb, nome)
        except NaoImplementado:
            espaco[nome] = ...  # o valor de partida, como o teste o veria no kernel
        except NomeEmFalta:
            pass
    # dont_inherit: o «from __future__ import annotations» deste módulo não passa para os testes
    exec(compile(codigo, origem, "exec", dont_inherit=True), espaco)
