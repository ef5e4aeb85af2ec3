"""Prova 3: no caderno em branco nenhuma verificação passa por acaso."""

import pytest

from curso.caderno import carregar
from curso.verificacao import PASSOU, correr_verificacoes, exercicios_do_capitulo

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


@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_o_mesmo_numero_de_verificacoes_em_branco_e_resolvido(capitulo):
    """Quem estuda vê «0/11» no exercício em branco e «11/11» no resolvido, nunca «0/10» e depois
    «11/11» (issue 37): as linhas das propriedades gerais aparecem sempre."""
    from ._cadernos import caderno_de_solucoes

    branco, resolvido = carregar(exercicio(capitulo)), caderno_de_solucoes(capitulo)
    diferentes = []
    for ident in exercicios_do_capitulo(capitulo):
        em_branco = [r.metodo for r in correr_verificacoes(ident, branco)]
        feito = [r.metodo for r in correr_verificacoes(ident, resolvido)]
        if em_branco != feito:
            diferentes.append(f"{ident}: em branco {len(em_branco)} {em_branco}, resolvido {len(feito)} {feito}")
    assert not diferentes, "\n".join(diferentes)
