"""Testes de mutação em pequeno, em cada corrida: uma alteração que enfraqueça as verificações falha aqui.

Um exercício por capítulo e uma amostra fixa dos seus mutantes (a semente não muda): cada
amostra tem de cumprir o objetivo (≥ 90 % mortos com as escondidas, ≥ 80 % só com as públicas).
A corrida inteira, com todos os exercícios, é um benchmark: `benchmarks/mutacao.py`.
"""

import os

import pytest

from curso.mutacao import ler_equivalentes, medir
from curso.raiz import ErroDoCurso

SUBCONJUNTO = {1: "1.1", 2: "2.4", 3: "3.4", 4: "4.1", 5: "5.3", 6: "6.1", 7: "7.3", 8: "8.1", 9: "9.5"}
AMOSTRA = 8


@pytest.mark.skipif(not hasattr(os, "fork"), reason="os mutantes correm em processos filhos (fork): Linux ou macOS")
@pytest.mark.parametrize("capitulo", sorted(SUBCONJUNTO))
def test_amostra_de_mutantes_e_apanhada(capitulo):
    ident = SUBCONJUNTO[capitulo]
    [contagem] = medir(capitulo, [ident], amostra=AMOSTRA)
    assert contagem.contam >= AMOSTRA - 2, f"{ident}: só {contagem.contam} mutantes contam; escolhe outro exercício"
    escaparam = "\n".join(f"  {m.ident} (linha {m.linha}): {m.antes!r} → {m.depois!r}"
                          for m in contagem.sobreviventes + contagem.so_escondidas)
    assert contagem.cumpre, (
        f"{ident}: {contagem.mortos_tudo}/{contagem.contam} mutantes apanhados com as escondidas e "
        f"{contagem.mortos_publicas}/{contagem.contam} só com as públicas — as verificações ficaram mais "
        f"fracas. Escaparam:\n{escaparam}"
    )


def test_equivalentes_tem_motivo():
    equivalentes = ler_equivalentes()
    assert equivalentes and all(e.motivo and e.linha for e in equivalentes.values())


def test_equivalente_sem_motivo_e_recusado(tmp_path):
    caminho = tmp_path / "equivalentes.toml"
    caminho.write_text('["1.1 AddNot #0"]\nlinha = "if not x:"\n', encoding="utf-8")
    with pytest.raises(ErroDoCurso, match="não diz porquê"):
        ler_equivalentes(caminho)
