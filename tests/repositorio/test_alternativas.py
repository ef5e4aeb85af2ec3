"""O outro lado dos mutantes: soluções certas escritas de outra maneira passam em tudo.

Cada alternativa corre por cima do caderno de soluções (como os mutantes) e tem de passar em todas
as verificações públicas e nos testes escondidos do seu exercício, com a solução do curso como
oráculo (``curso.oraculo``), como na correção.
"""

import functools
import re

import pytest

from curso.caderno import correr_escondidos
from curso.mutacao import exercicios_do_caderno
from curso.oraculo import do_lado_de_confianca
from curso.verificacao import PASSOU, correr_verificacoes, exercicios_do_capitulo

from ._cadernos import CAPITULOS, RAIZ, caderno_de_solucoes, solucao

ALTERNATIVAS = sorted((RAIZ / "tests" / "alternativas").glob("cap[0-9][0-9]/ex*.py"))


@functools.cache
def _escondidos(capitulo):
    return {i: e.escondidos for i, e in exercicios_do_caderno(solucao(capitulo)).items()}


@pytest.mark.parametrize("caminho", ALTERNATIVAS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_alternativa_passa(caminho):
    m = re.fullmatch(r"ex(\d+)_(\d+)_\w+", caminho.stem)
    assert m, f"nome de alternativa inválido: {caminho.name} (usa exN_M_estilo.py)"
    ident, capitulo = f"{int(m.group(1))}.{int(m.group(2))}", int(caminho.parent.name[3:])
    assert ident in exercicios_do_capitulo(capitulo), f"{caminho.name}: não há exercício {ident}"
    codigo = caminho.read_text(encoding="utf-8")
    assert codigo.lstrip().startswith('"""'), f"{caminho.name}: falta a docstring que diz o estilo"
    nb = caderno_de_solucoes(capitulo).com(codigo, caminho.name)
    falhas = [r for r in correr_verificacoes(ident, nb) if r.estado != PASSOU]
    assert not falhas, f"uma solução certa foi recusada: {falhas[0].verificacao}\n{falhas[0].mensagem}"
    escondidos = _escondidos(capitulo).get(ident, "")
    with do_lado_de_confianca(nb):  # a solução do curso como oráculo, como na correção
        correr_escondidos(escondidos, nb, f"<testes escondidos de {ident}>")


@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_tres_alternativas_por_capitulo(capitulo):
    ficheiros = list((RAIZ / "tests" / "alternativas" / f"cap{capitulo:02d}").glob("ex*.py"))
    assert len(ficheiros) >= 3, f"o capítulo {capitulo} tem {len(ficheiros)} alternativa(s); mínimo 3"
