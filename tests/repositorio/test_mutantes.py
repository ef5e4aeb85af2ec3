"""Prova 4: cada mutante (solução errada plausível) é rejeitado pelas verificações do exercício.

Só conta como rejeição um ✘ dado por uma verificação: um mutante que nem carrega, um nome que
falta no caderno ou uma solução que já falhava antes do mutante não provam nada.
"""

import functools
import re

import pytest

from curso.verificacao import (
    DICA_NOME_EM_FALTA,
    FALHOU,
    PASSOU,
    correr_verificacoes,
    exercicios_do_capitulo,
)

from ._cadernos import CAPITULOS, RAIZ, caderno_de_solucoes

MUTANTES = sorted((RAIZ / "tests" / "mutantes").glob("cap[0-9][0-9]/ex*.py"))


def _exercicio(caminho):
    m = re.fullmatch(r"ex(\d+)_(\d+)_\w+", caminho.stem)
    assert m, f"nome de mutante inválido: {caminho.name} (usa exN_M_descricao.py)"
    return f"{int(m.group(1))}.{int(m.group(2))}", int(caminho.parent.name[3:])


@functools.cache
def _solucao_passa(ident, capitulo):
    """A solução sem mutante carrega sem erros e passa todas as verificações do exercício."""
    nb = caderno_de_solucoes(capitulo)
    return not nb.erros and all(r.estado == PASSOU for r in correr_verificacoes(ident, nb))


def rejeicoes(ident, nb):
    """As verificações que rejeitam o caderno por causa do código, não por lhe faltar um nome."""
    return [r for r in correr_verificacoes(ident, nb)
            if r.estado == FALHOU and not r.mensagem.startswith(DICA_NOME_EM_FALTA)]


@pytest.mark.parametrize("caminho", MUTANTES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_mutante_e_rejeitado(caminho):
    ident, capitulo = _exercicio(caminho)
    assert ident in exercicios_do_capitulo(capitulo), f"{caminho.name}: não há exercício {ident}"
    codigo = caminho.read_text(encoding="utf-8")
    assert codigo.lstrip().startswith('"""'), f"{caminho.name}: falta a docstring que diz o erro"
    assert _solucao_passa(ident, capitulo), f"a solução de {ident} já falha sem o mutante"
    try:
        nb = caderno_de_solucoes(capitulo).com(codigo, caminho.name)
    except Exception as erro:  # um mutante que não carrega não é um erro apanhado
        pytest.fail(f"o mutante {caminho.name} nem carrega ({type(erro).__name__}: {erro})")
    assert rejeicoes(ident, nb), (
        f"o mutante {caminho.name} não é rejeitado por nenhuma verificação pública de {ident}: "
        "as verificações não apanham este erro"
    )


@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_cada_exercicio_tem_dois_mutantes(capitulo):
    for ident in exercicios_do_capitulo(capitulo):
        n, m = ident.split(".")
        ficheiros = list((RAIZ / "tests" / "mutantes" / f"cap{capitulo:02d}").glob(f"ex{n}_{m}_*.py"))
        assert len(ficheiros) >= 2, f"o exercício {ident} tem {len(ficheiros)} mutante(s); mínimo 2"
