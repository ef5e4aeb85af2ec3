"""A solução do curso como oráculo dos testes escondidos, só do lado de confiança (issue 38).

Nos testes escondidos, que nunca entram no kernel de quem estuda, a função do aluno e a solução do
curso correm nas mesmas entradas geradas e compara-se só o que o enunciado fixa — uma relação, não
uma igualdade: onde o enunciado deixa escolher (o texto de um erro, a ordem das chaves, chaves a
mais), qualquer escolha serve. As relações são métodos ``oraculo_*(self, nb, solucao)`` da classe
``TestExN_M`` (em ``tests/exercicios/test_capNN.py``, ao lado das verificações públicas, que o
``verificar`` não corre: só os ``test_*``). A célula de verificação pede-as nos testes escondidos::

    verificar("1.1")
    ### BEGIN HIDDEN TESTS
    from curso.oraculo import comparar_com_a_solucao
    comparar_com_a_solucao("1.1")
    ### END HIDDEN TESTS

``comparar_com_a_solucao`` só faz alguma coisa dentro de ``do_lado_de_confianca(nb, pasta)``, que
quem corre os testes escondidos no corretor abre à volta deles (``correcao/fronteira.py``, e as
provas que correm os testes escondidos neste processo). A solução vem do caderno de ``pasta`` (as
``solutions/`` do curso ou a ``--fonte`` do professor), carregada sem kernel por
``curso.caderno``. Fora dessa sessão — no kernel de quem estuda, ou no kernel do professor a correr
o caderno de soluções — não faz nada: a solução nunca sai do corretor.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from curso.caderno import Caderno, carregar
from curso.raiz import caderno_de_exercicios, capitulo_de, raiz_do_curso


@dataclass(frozen=True)
class _Sessao:
    nb: object  # o caderno do aluno: ``caderno.Caderno`` ou o ``CadernoRemoto`` da correção
    pasta: Path  # onde estão as soluções (``capNN/capNN.ipynb``)


_SESSAO: ContextVar[_Sessao | None] = ContextVar("curso_oraculo", default=None)
_SOLUCOES: dict[tuple[str, float], Caderno] = {}


def solucao(capitulo: int, pasta: Path | None = None) -> Caderno:
    """O caderno de soluções do capítulo, carregado sem kernel (uma vez por processo, enquanto o
    ficheiro não mudar). Uma ``pasta`` sem o capítulo cede o lugar às ``solutions/`` do curso: a
    solução do curso também cumpre o enunciado, e uma configuração a apontar para o sítio errado
    não deve pôr a turma inteira a zero."""
    caminho = caderno_de_exercicios(capitulo, Path(pasta) if pasta else raiz_do_curso() / "solutions")
    if not caminho.is_file():
        caminho = caderno_de_exercicios(capitulo, raiz_do_curso() / "solutions")
    chave = (str(caminho), caminho.stat().st_mtime)
    if chave not in _SOLUCOES:
        caderno = carregar(caminho)
        if caderno.erros:
            raise RuntimeError(f"a solução {caminho} não carrega: {caderno.erros[0]}")
        _SOLUCOES[chave] = caderno
    return _SOLUCOES[chave]


@contextmanager
def do_lado_de_confianca(nb, pasta: Path | str | None = None) -> Iterator[None]:
    """Enquanto dura, ``comparar_com_a_solucao`` compara as funções de ``nb`` com as da solução em
    ``pasta`` (por omissão, ``solutions/`` do curso)."""
    token = _SESSAO.set(_Sessao(nb, Path(pasta) if pasta else raiz_do_curso() / "solutions"))
    try:
        yield
    finally:
        _SESSAO.reset(token)


def oraculos_de(classe: type) -> list[str]:
    """Os métodos ``oraculo_*`` de uma classe ``TestExN_M``, pela ordem em que estão escritos."""
    return [n for n in vars(classe) if n.startswith("oraculo_") and callable(getattr(classe, n))]


def comparar_com_a_solucao(ident: str) -> None:
    """Corre as relações ``oraculo_*`` do exercício ``ident`` entre o caderno do aluno e a solução
    do curso; uma relação que falha lança ``AssertionError`` (o teste escondido falha).

    Fora de ``do_lado_de_confianca`` não faz nada (ver a docstring do módulo).
    """
    sessao = _SESSAO.get()
    if sessao is None:
        return
    from curso.verificacao.descoberta import selecionar  # carrega as verificações do capítulo

    classe = selecionar(ident)[ident]
    referencia = solucao(capitulo_de(ident), sessao.pasta)
    for nome in oraculos_de(classe):
        getattr(classe(), nome)(sessao.nb, referencia)
