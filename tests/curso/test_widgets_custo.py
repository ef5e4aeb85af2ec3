"""O explorador de custo: mexer nos cursores recalcula os dados e redesenha o gráfico."""

import numpy as np

from curso.widgets import ExploradorCusto, calcular_custos


def test_soma_dos_prefixos_como_no_capitulo_8():
    d = calcular_custos(passos=10, tokens_base=3000, tokens_por_passo=700, tokens_saida=0,
                        preco_entrada=1.0, preco_entrada_cache=0.0, preco_saida=0.0, taxa_cache=0.0)
    assert d["tokens_entrada"][:3] == [3000, 3700, 4400]
    assert sum(d["tokens_entrada"]) == 61_500
    assert abs(d["custo_total"] - 0.0615) < 1e-12


def test_cache_baixa_o_custo_e_a_primeira_chamada_nao_tem_cache():
    base = dict(passos=5, tokens_base=1000, tokens_por_passo=500, tokens_saida=100,
                preco_entrada=2.0, preco_entrada_cache=0.5, preco_saida=8.0)
    sem = calcular_custos(**base, taxa_cache=0.0)
    com = calcular_custos(**base, taxa_cache=1.0)
    assert com["tokens_em_cache"] == [0, 1000, 1500, 2000, 2500]
    assert com["custo_total"] < sem["custo_total"]
    assert com["custo_acumulado"] == sorted(com["custo_acumulado"])


def test_cursores_recalculam_e_redesenham():
    e = ExploradorCusto(passos=4, tokens_base=1000, tokens_por_passo=200)
    png_antes, total_antes = bytes(e.imagem.value), e.dados["custo_total"]
    assert png_antes.startswith(b"\x89PNG") and len(e.dados["tokens_entrada"]) == 4
    e.cursores["passos"].value = 12
    assert len(e.dados["tokens_entrada"]) == 12 and e.dados["custo_total"] > total_antes
    assert bytes(e.imagem.value) != png_antes
    barras = e.figura.axes[0].patches
    assert len(barras) == 24  # 12 chamadas × (sem cache + em cache)
    assert "12</b> chamadas" in e.resumo.value
    e.cursores["preco_saida"].value = 0.0
    e.cursores["preco_entrada"].value = 0.0
    e.cursores["preco_entrada_cache"].value = 0.0
    assert e.dados["custo_total"] == 0.0


def test_media_e_p95_da_distribuicao():
    observados = [2] * 90 + [20] * 10
    e = ExploradorCusto(passos_observados=observados)
    assert e.dados["media_passos"] == np.mean(observados) == 3.8
    assert e.dados["p95_passos"] == 20  # o 95.º valor ordenado
    assert e.dados["custo_no_p95"] > e.dados["custo_na_media"]
    assert "p95 <b>20</b>" in e.resumo.value
    linhas_verticais = [linha.get_xdata()[0] for linha in e.figura.axes[2].lines]
    assert linhas_verticais == [3.8, 20]


def test_precos_por_omissao_sao_ilustrativos():
    e = ExploradorCusto()
    assert "ilustrativos" in e.widget.children[0].value
