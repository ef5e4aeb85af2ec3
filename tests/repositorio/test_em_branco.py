"""Prova 3: no caderno em branco nenhuma verificação passa por acaso."""

import pytest

from curso.caderno import carregar
from curso.verificacao import PASSOU, correr_verificacoes

from ._cadernos import CAPITULOS, exercicio


@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_em_branco_nada_passa(capitulo):
    nb = carregar(exercicio(capitulo))
    assert not nb.erros, f"o caderno em branco tem células que falham ao carregar: {nb.erros}"
    resultados = correr_verificacoes(capitulo, nb)
    assert resultados, f"o capítulo {capitulo} não tem verificações"
    por_acaso = [f"{r.exercicio}: {r.verificacao}" for r in resultados if r.estado == PASSOU]
    assert not por_acaso, f"verificações que passam no caderno em branco: {por_acaso}"


@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_solucoes_passam_no_executor(capitulo):
    """Prova 2 pelo executor do kernel (o pytest prova-a também, em tests/exercicios)."""
    from ._cadernos import caderno_de_solucoes

    resultados = correr_verificacoes(capitulo, caderno_de_solucoes(capitulo))
    falhas = [f"{r.exercicio}: {r.verificacao}: {r.mensagem}" for r in resultados if r.estado != PASSOU]
    assert not falhas, "\n".join(falhas)
