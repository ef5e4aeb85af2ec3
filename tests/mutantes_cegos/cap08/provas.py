"""Provas dos mutantes cegos do capítulo 8: cada uma corre a solução e o mutante na mesma entrada e
mostra que a solução cumpre a frase do enunciado e o mutante não."""

import copy
import math
from decimal import Decimal


def _so_a_solucao(cumpre, solucao, mutante):
    assert cumpre(solucao), "a solução não cumpre a frase: a prova está errada"
    assert not cumpre(mutante), "o mutante cumpre a frase: não é um erro"


# --- 8.1 ---------------------------------------------------------------------------------------

def prova_ex8_1_chave_a_mais(solucao, mutante):
    def cumpre(nb):
        return set(nb.estimar_custo_e_latencia(4, 0.0003, 1.4)) == {"custo_estimado", "latencia_estimada_segundos"}
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_1_custo_com_chamada_final(solucao, mutante):
    def cumpre(nb):
        return nb.estimar_custo_e_latencia(4, 0.0003, 1.4)["custo_estimado"] == round(4 * 0.0003, 4)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_1_latencia_em_paralelo(solucao, mutante):
    def cumpre(nb):
        return nb.estimar_custo_e_latencia(4, 0.0003, 1.4)["latencia_estimada_segundos"] == round(4 * 1.4, 2)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_1_custo_aos_centimos(solucao, mutante):
    def cumpre(nb):
        return nb.estimar_custo_e_latencia(4, 0.0003, 1.4)["custo_estimado"] == round(4 * 0.0003, 4)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_1_latencia_com_quatro_casas(solucao, mutante):
    def cumpre(nb):
        return nb.estimar_custo_e_latencia(3, 0.0003, 0.333)["latencia_estimada_segundos"] == round(3 * 0.333, 2)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_1_pelo_menos_uma_chamada(solucao, mutante):
    def cumpre(nb):
        estimativa = nb.estimar_custo_e_latencia(0, 0.0003, 1.4)
        return estimativa["custo_estimado"] == 0 and estimativa["latencia_estimada_segundos"] == 0
    _so_a_solucao(cumpre, solucao, mutante)


# --- 8.2 ---------------------------------------------------------------------------------------

PRECOS = {"entrada": 2.0, "entrada_em_cache": 0.5, "saida": 8.0}
# o exemplo do enunciado: (1000·2 + 200·8 + 476·2 + 1024·0.5 + 100·8) / 1e6
USOS = [{"prompt_tokens": 1000, "completion_tokens": 200},
        {"prompt_tokens": 1500, "completion_tokens": 100, "prompt_tokens_details": {"cached_tokens": 1024}}]
CUSTO_DO_EXEMPLO = (1000 * 2 + 200 * 8 + 476 * 2 + 1024 * 0.5 + 100 * 8) / 1e6


def _igual(a, b):
    return isinstance(a, (int, float)) and math.isclose(a, b, rel_tol=1e-9, abs_tol=0.0)


def prova_ex8_2_por_mil(solucao, mutante):
    def cumpre(nb):
        return _igual(nb.custo_da_execucao(USOS, PRECOS), CUSTO_DO_EXEMPLO)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_2_cache_contada_duas_vezes(solucao, mutante):
    # 1500 de entrada, 1024 deles em cache: 476 ao preço de entrada e 1024 ao da cache
    def cumpre(nb):
        return _igual(nb.custo_da_execucao(USOS[1:], PRECOS), (476 * 2 + 1024 * 0.5 + 100 * 8) / 1e6)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_2_soma_o_raciocinio(solucao, mutante):
    def cumpre(nb):
        uso = {"prompt_tokens": 100, "completion_tokens": 300, "completion_tokens_details": {"reasoning_tokens": 250}}
        return _igual(nb.custo_da_execucao([uso], PRECOS), (100 * 2 + 300 * 8) / 1e6)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_2_detalhes_sem_defesa(solucao, mutante):
    # detalhes a None e cached_tokens a None: não houve cache
    def cumpre(nb):
        usos = [{"prompt_tokens": 1000, "completion_tokens": 200, "prompt_tokens_details": None},
                {"prompt_tokens": 1000, "completion_tokens": 200, "prompt_tokens_details": {"cached_tokens": None}}]
        try:
            return _igual(nb.custo_da_execucao(usos, PRECOS), 2 * (1000 * 2 + 200 * 8) / 1e6)
        except (AttributeError, TypeError):
            return False
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_2_so_a_ultima(solucao, mutante):
    def cumpre(nb):
        return _igual(nb.custo_da_execucao(USOS, PRECOS), CUSTO_DO_EXEMPLO)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_2_arredonda(solucao, mutante):
    # um token de entrada a 0,15 por milhão custa 1,5e-7: arredondado a 6 casas seria 0
    def cumpre(nb):
        precos = {"entrada": 0.15, "entrada_em_cache": 0.075, "saida": 0.6}
        custo = nb.custo_da_execucao([{"prompt_tokens": 1, "completion_tokens": 0}], precos)
        return _igual(custo, 0.15 / 1e6)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_2_sem_chamadas_none(solucao, mutante):
    def cumpre(nb):
        custo = nb.custo_da_execucao([], PRECOS)
        return isinstance(custo, (int, float)) and custo == 0
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_2_desconta_no_sitio(solucao, mutante):
    def cumpre(nb):
        usos = copy.deepcopy(USOS)
        nb.custo_da_execucao(usos, PRECOS)
        return usos == USOS
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_2_chave_errada_da_cache(solucao, mutante):
    def cumpre(nb):
        return _igual(nb.custo_da_execucao(USOS, PRECOS), CUSTO_DO_EXEMPLO)
    _so_a_solucao(cumpre, solucao, mutante)


# --- 8.3 ---------------------------------------------------------------------------------------

def _posto_mais_proximo(valores, p):
    """⌈p/100 · n⌉-ésimo menor, com a conta em inteiros (p inteiro)."""
    return sorted(valores)[-(-p * len(valores) // 100) - 1]


def prova_ex8_3_posto_por_defeito(solucao, mutante):
    def cumpre(nb):
        return nb.percentil([9, 1, 7, 3, 5], 50) == _posto_mais_proximo([9, 1, 7, 3, 5], 50) == 5
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_3_interpola(solucao, mutante):
    def cumpre(nb):
        return nb.percentil([1, 2, 3, 4], 50) in [1, 2, 3, 4]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_3_aceita_zero(solucao, mutante):
    def cumpre(nb):
        try:
            nb.percentil([9, 1, 7], 0)
        except ValueError:
            return True
        return False
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_3_posto_em_float(solucao, mutante):
    def cumpre(nb):
        return nb.percentil(list(range(1, 101)), 7) == _posto_mais_proximo(range(1, 101), 7) == 7
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_3_ordena_no_sitio(solucao, mutante):
    def cumpre(nb):
        valores = [9, 1, 7, 3, 5]
        nb.percentil(valores, 50)
        return valores == [9, 1, 7, 3, 5]
    _so_a_solucao(cumpre, solucao, mutante)


# --- 8.4 ---------------------------------------------------------------------------------------

def _pela_definicao(base, acrescimos):
    """A chamada k (k = 1 … len(acrescimos) + 1) envia base + sum(acrescimos[:k-1])."""
    return sum(base + sum(acrescimos[:k - 1]) for k in range(1, len(acrescimos) + 2))


def prova_ex8_4_esquece_a_ultima_chamada(solucao, mutante):
    def cumpre(nb):
        return nb.tokens_de_entrada_totais(3000, [700] * 9) == _pela_definicao(3000, [700] * 9) == 61500
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_4_so_o_ultimo_acrescimo(solucao, mutante):
    def cumpre(nb):
        return nb.tokens_de_entrada_totais(1000, [100, 250, 40]) == _pela_definicao(1000, [100, 250, 40])
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_4_devolve_a_ultima(solucao, mutante):
    def cumpre(nb):
        return nb.tokens_de_entrada_totais(1000, [100, 250]) == _pela_definicao(1000, [100, 250])
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_4_fsum_devolve_float(solucao, mutante):
    def cumpre(nb):
        total = nb.tokens_de_entrada_totais(3000, [700] * 9)
        return type(total) is int and total == 61500
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_4_acumula_no_sitio(solucao, mutante):
    def cumpre(nb):
        acrescimos = [700, 500, 300]
        nb.tokens_de_entrada_totais(3000, acrescimos)
        return acrescimos == [700, 500, 300]
    _so_a_solucao(cumpre, solucao, mutante)


# --- 8.5 ---------------------------------------------------------------------------------------

def _e_o_maior(n, orcamento, custo):
    """n passos cabem no orçamento e n + 1 já não (a conta em Decimal, como o dinheiro)."""
    orcamento, custo = Decimal(str(orcamento)), Decimal(str(custo))
    return n * custo <= orcamento < (n + 1) * custo


def prova_ex8_5_arredonda_ao_mais_proximo(solucao, mutante):
    def cumpre(nb):
        return _e_o_maior(nb.max_steps_para_orcamento(0.0014, 0.0003), 0.0014, 0.0003)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_5_conta_em_float(solucao, mutante):
    def cumpre(nb):
        return _e_o_maior(nb.max_steps_para_orcamento(0.001, 0.0002), 0.001, 0.0002)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_5_devolve_decimal(solucao, mutante):
    def cumpre(nb):
        passos = nb.max_steps_para_orcamento(0.0015, 0.0003)
        return type(passos) is int and passos == 5
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_5_pelo_menos_um(solucao, mutante):
    def cumpre(nb):
        return nb.max_steps_para_orcamento(0.0001, 0.0003) == 0
    _so_a_solucao(cumpre, solucao, mutante)


# --- 8.2 (a escrita na cache) ------------------------------------------------------------------

# o segundo exemplo do enunciado: 1500 de entrada, 1024 deles escritos na cache
ESCRITA = [{"prompt_tokens": 1500, "completion_tokens": 100,
            "prompt_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 1024}}]


def prova_ex8_2_escrita_paga_tambem_como_entrada(solucao, mutante):
    # os 1024 escritos pagam 2.5 em vez de 2.0; só os outros 476 pagam entrada
    def cumpre(nb):
        custo = nb.custo_da_execucao(ESCRITA, {**PRECOS, "escrita_em_cache": 2.5})
        return _igual(custo, (476 * 2 + 1024 * 2.5 + 100 * 8) / 1e6)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_2_escrita_a_125_por_omissao(solucao, mutante):
    # sem "escrita_em_cache" nos preços, os 1024 escritos pagam como entrada: os 1500 a 2.0
    def cumpre(nb):
        return _igual(nb.custo_da_execucao(ESCRITA, PRECOS), (1500 * 2 + 100 * 8) / 1e6)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex8_2_escrita_none_rebenta(solucao, mutante):
    # cache_write_tokens a None (ou em falta): nada foi escrito, só a leitura da cache conta
    def cumpre(nb):
        usos = [{"prompt_tokens": 1500, "completion_tokens": 100,
                 "prompt_tokens_details": {"cached_tokens": 1024, "cache_write_tokens": None}},
                {"prompt_tokens": 1500, "completion_tokens": 100,
                 "prompt_tokens_details": {"cached_tokens": 1024}}]
        precos = {**PRECOS, "escrita_em_cache": 2.5}
        try:
            return _igual(nb.custo_da_execucao(usos, precos), 2 * (476 * 2 + 1024 * 0.5 + 100 * 8) / 1e6)
        except TypeError:
            return False
    _so_a_solucao(cumpre, solucao, mutante)


# --- 8.6 ---------------------------------------------------------------------------------------

def prova_ex8_6_o_numero_da_opcao(solucao, mutante):
    # «Atribui a letra da tua resposta»: uma das letras a, b, c ou d, como no exemplo `resposta_8_6 = "a"`
    for nb, e_letra in ((solucao, True), (mutante, False)):
        resposta = nb.resposta_8_6
        assert (isinstance(resposta, str) and resposta in ("a", "b", "c", "d")) is e_letra, repr(resposta)
