"""Prova 4: cada mutante (solução errada plausível) é rejeitado pelas verificações do exercício."""

import re

import pytest

from curso.verificacao import PASSOU, correr_verificacoes, exercicios_do_capitulo

from ._cadernos import CAPITULOS, RAIZ, caderno_de_solucoes

MUTANTES = sorted((RAIZ / "tests" / "mutantes").glob("cap[0-9][0-9]/ex*.py"))


def _exercicio(caminho):
    m = re.fullmatch(r"ex(\d+)_(\d+)_\w+", caminho.stem)
    assert m, f"nome de mutante inválido: {caminho.name} (usa exN_M_descricao.py)"
    return f"{int(m.group(1))}.{int(m.group(2))}", int(caminho.parent.name[3:])


@pytest.mark.parametrize("caminho", MUTANTES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_mutante_e_rejeitado(caminho):
    ident, capitulo = _exercicio(caminho)
    assert ident in exercicios_do_capitulo(capitulo), f"{caminho.name}: não há exercício {ident}"
    codigo = caminho.read_text(encoding="utf-8")
    assert codigo.lstrip().startswith('"""'), f"{caminho.name}: falta a docstring que diz o erro"
    nb = caderno_de_solucoes(capitulo).com(codigo, caminho.name)
    resultados = correr_verificacoes(ident, nb)
    passaram = [r.verificacao for r in resultados if r.estado == PASSOU]
    assert len(passaram) < len(resultados), (
        f"o mutante {caminho.name} passou em todas as verificações públicas de {ident}: "
        "as verificações não apanham este erro"
    )


@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_cada_exercicio_tem_dois_mutantes(capitulo):
    for ident in exercicios_do_capitulo(capitulo):
        n, m = ident.split(".")
        ficheiros = list((RAIZ / "tests" / "mutantes" / f"cap{capitulo:02d}").glob(f"ex{n}_{m}_*.py"))
        assert len(ficheiros) >= 2, f"o exercício {ident} tem {len(ficheiros)} mutante(s); mínimo 2"
