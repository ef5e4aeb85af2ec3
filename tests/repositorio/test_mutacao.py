"""Testes de mutação em pequeno, em cada corrida: uma alteração que enfraqueça as verificações falha aqui.

Um exercício por capítulo e uma amostra fixa dos seus mutantes (a semente não muda). Estes
exercícios têm hoje todos os mutantes que contam apanhados pelas verificações públicas, por isso a
exigência aqui é mais apertada do que o objetivo: nenhum mutante da amostra pode escapar às
públicas. A corrida inteira, com todos os exercícios, é um benchmark: `benchmarks/mutacao.py`.
"""

import os

import pytest

from curso.mutacao import MORTO_PUBLICAS, Equivalente, Julgamento, Mutante, contar, ler_equivalentes, medir
from curso.raiz import ErroDoCurso

SUBCONJUNTO = {1: "1.1", 2: "2.4", 3: "3.4", 4: "4.1", 5: "5.2", 6: "6.1", 7: "7.3", 8: "8.1", 9: "9.2"}
AMOSTRA = 16


@pytest.mark.skipif(not hasattr(os, "fork"), reason="os mutantes correm em processos filhos (fork): Linux ou macOS")
@pytest.mark.parametrize("capitulo", sorted(SUBCONJUNTO))
def test_amostra_de_mutantes_e_apanhada(capitulo):
    ident = SUBCONJUNTO[capitulo]
    [contagem] = medir(capitulo, [ident], amostra=AMOSTRA)
    assert contagem.contam >= 5, f"{ident}: só {contagem.contam} mutantes contam; escolhe outro exercício"
    escaparam = "\n".join(f"  {m.ident} (linha {m.linha}): {m.antes!r} → {m.depois!r}"
                          for m in contagem.sobreviventes + contagem.so_escondidas)
    assert contagem.mortos_publicas == contagem.contam, (
        f"{ident}: só {contagem.mortos_publicas} dos {contagem.contam} mutantes da amostra são apanhados pelas "
        f"verificações públicas (antes eram todos) — as verificações ficaram mais fracas. Escaparam:\n{escaparam}"
    )


def test_equivalentes_tem_motivo():
    equivalentes = ler_equivalentes()
    assert equivalentes and all(e.motivo and e.linha for e in equivalentes.values())


def test_equivalente_sem_motivo_e_recusado(tmp_path):
    caminho = tmp_path / "equivalentes.toml"
    caminho.write_text('["1.1 AddNot #0"]\nlinha = "if not x:"\n', encoding="utf-8")
    with pytest.raises(ErroDoCurso, match="não diz porquê"):
        ler_equivalentes(caminho)


def test_instrucao_apagada_diz_qual_era(tmp_path):
    # todas as instruções apagadas dão «pass»: só a linha de antes distingue uma da outra
    caminho = tmp_path / "equivalentes.toml"
    caminho.write_text('["4.1 ApagarInstrucao #6"]\nlinha = "pass"\nmotivo = "dá o mesmo"\n', encoding="utf-8")
    with pytest.raises(ErroDoCurso, match="antes"):
        ler_equivalentes(caminho)


def test_equivalente_so_corresponde_a_instrucao_certa():
    equivalente = Equivalente("o return final devolve None na mesma", "pass", "return None")
    certo = Mutante("4.1", "ApagarInstrucao", 6, 16, "return None", "pass", "")
    outro = Mutante("4.1", "ApagarInstrucao", 6, 7, "texto = pedido.lower()", "pass", "")
    assert equivalente.corresponde(certo) and not equivalente.corresponde(outro)


def test_equivalente_apanhado_pelas_publicas_fica_a_vista():
    equivalente = {"4.1 ApagarInstrucao #6": Equivalente("dá o mesmo", "pass", "return None")}
    mutante = Mutante("4.1", "ApagarInstrucao", 6, 16, "return None", "pass", "")
    contagem = contar("4.1", [Julgamento(mutante, MORTO_PUBLICAS)], equivalente)
    assert contagem.equivalentes == 1 and contagem.equivalentes_mortos == [mutante]
