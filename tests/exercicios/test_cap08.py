"""Verificações públicas do capítulo 8 — Custo e latência de agentes multi-step."""

import copy
import math
from decimal import Decimal

from curso.verificacao import explica, igual_estrito, so_dados
from curso.verificacao.dominios import assume, contraexemplo, example, propriedade, st

# um valor decimal curto (como um preço escrito à mão: 0.0003, 24.5, 1.4), em float
_DECIMAL_8 = st.builds(lambda k, casas: float(f"{k}e-{casas}"), st.integers(1, 9999), st.integers(0, 5))


def _perto(obtido, esperado, tolerancia=1e-12):
    """Igualdade de dinheiro ou segundos com folga para a vírgula flutuante."""
    return isinstance(obtido, (int, float)) and not isinstance(obtido, bool) and math.isclose(
        obtido, esperado, rel_tol=1e-9, abs_tol=tolerancia)


class TestEx8_1:
    """Custo e latência de uma execução com N passos"""

    recebe_contentores = False  # recebe números

    def test_chaves_exatas(self, nb):
        """Devolve um dicionário com exatamente as duas chaves"""
        r = nb.estimar_custo_e_latencia(4, 0.0003, 1.4)
        assert isinstance(r, dict) and set(r) == {"custo_estimado", "latencia_estimada_segundos"}, explica(
            "Devolve um dicionário com exatamente 'custo_estimado' e 'latencia_estimada_segundos' (nem "
            "mais chaves, nem menos).", f"devolveu {r!r}")

    # (custos com até 4 casas e latências com até 2: o que se arredonda é de outro requisito)
    @propriedade(st.integers(1, 60), _DECIMAL_8.filter(lambda x: round(x, 4) == x),
                 _DECIMAL_8.filter(lambda x: round(x, 2) == x), exemplos=6)
    @example(passos=4, custo=0.0003, latencia=1.4)
    def test_multiplica_pelos_passos(self, nb, passos, custo, latencia):
        """O custo e a latência de uma chamada multiplicados pelos passos"""
        r = nb.estimar_custo_e_latencia(passos, custo, latencia)
        entrada = f"estimar_custo_e_latencia({passos}, {custo}, {latencia})"
        # (a menos do arredondamento, que é de outro requisito)
        assert _perto(r["custo_estimado"], passos * custo, 0.00005), contraexemplo(
            "Cada passo é (pelo menos) uma chamada ao modelo: custo = passos × custo por chamada.",
            entrada, round(passos * custo, 4), r["custo_estimado"])
        assert _perto(r["latencia_estimada_segundos"], passos * latencia, 0.005), contraexemplo(
            "A latência soma-se passo a passo: o passo seguinte só começa quando o anterior acaba "
            "(passos × latência).", entrada, round(passos * latencia, 2), r["latencia_estimada_segundos"])

    def test_arredondamentos(self, nb):
        """O custo vem arredondado a 4 casas e a latência a 2"""
        r = nb.estimar_custo_e_latencia(3, 0.00033333, 1.2345)
        assert r["custo_estimado"] == 0.001, explica(
            "Arredonda o custo com round(..., 4) — nem mais, nem menos casas.",
            f"3 × 0.00033333 = 0.00099999 → esperava 0.001, obtive {r['custo_estimado']!r}")
        assert r["latencia_estimada_segundos"] == 3.7, explica(
            "Arredonda a latência com round(..., 2).",
            f"3 × 1.2345 = 3.7035 → esperava 3.7, obtive {r['latencia_estimada_segundos']!r}")
        r = nb.estimar_custo_e_latencia(7, 0.00041, 0.9)
        assert r["custo_estimado"] == 0.0029 and r["latencia_estimada_segundos"] == 6.3, explica(
            "Arredonda o produto (passos × valor por chamada), não o valor por chamada.",
            f"7 passos a 0.00041 e 0.9 s: obtive {r!r}")

    def test_um_passo_e_zero(self, nb):
        """Um passo custa uma chamada; zero passos custam zero"""
        r = nb.estimar_custo_e_latencia(1, 0.0025, 2.25)
        assert _perto(r["custo_estimado"], 0.0025) and _perto(r["latencia_estimada_segundos"], 2.25), explica(
            "Com um só passo, o agente custa o mesmo que uma chamada única.", f"obtive {r!r}")
        r = nb.estimar_custo_e_latencia(0, 0.0025, 2.25)
        assert r["custo_estimado"] == 0 and r["latencia_estimada_segundos"] == 0, explica(
            "Zero passos, zero chamadas: custo e latência 0.", f"obtive {r!r}")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.integers(0, 100), _DECIMAL_8, _DECIMAL_8, exemplos=4)
    def oraculo_a_mesma_estimativa(self, nb, solucao, passos, custo, latencia):
        """O mesmo dicionário que a solução."""
        obtido = so_dados(nb.estimar_custo_e_latencia(passos, custo, latencia), dict)
        esperado = solucao.estimar_custo_e_latencia(passos, custo, latencia)
        assert set(obtido) == set(esperado) and all(_perto(obtido[k], v) for k, v in esperado.items()), contraexemplo(
            "estimar_custo_e_latencia não faz o que o enunciado pede (comparado com a solução do curso).",
            f"estimar_custo_e_latencia({passos}, {custo}, {latencia})", esperado, obtido)


PRECOS = {"entrada": 3.0, "entrada_em_cache": 0.3, "saida": 11.0}


def _uso(prompt, saida, cache=None, raciocinio=None, sem_detalhes=False):
    uso = {"prompt_tokens": prompt, "completion_tokens": saida, "total_tokens": prompt + saida}
    if not sem_detalhes:
        uso["prompt_tokens_details"] = {"cached_tokens": cache}
    if raciocinio is not None:
        uso["completion_tokens_details"] = {"reasoning_tokens": raciocinio}
    return uso


class TestEx8_2:
    """O custo de uma execução a partir dos usage"""

    def test_sem_cache(self, nb):
        """Entrada e saída, cada uma ao seu preço por milhão de tokens, somadas em todas as chamadas"""
        usos = [_uso(1000, 200, cache=0), _uso(2000, 50, cache=0)]
        r = nb.custo_da_execucao(usos, PRECOS)
        esperado = (3000 * 3.0 + 250 * 11.0) / 1e6
        assert _perto(r, esperado), explica(
            "Soma, chamada a chamada, prompt_tokens × preço de entrada + completion_tokens × preço de "
            "saída; os preços são por milhão de tokens (divide por 1 000 000).",
            f"esperava {esperado!r}, obtive {r!r}")

    def test_sem_chamadas(self, nb):
        """Sem chamadas, o custo é 0"""
        try:
            r = nb.custo_da_execucao([], PRECOS)
        except NotImplementedError:
            raise
        except Exception as erro:  # o erro é do aluno: mostramo-lo como dica
            r = f"{type(erro).__name__}: {erro}"
        assert r == 0 and not isinstance(r, bool), explica(
            "Sem chamadas, o custo é 0: começa a soma em 0.0 (sum(...) ou um acumulador).",
            f"custo_da_execucao([], precos) deu {r!r}")

    def test_cache_nao_paga_duas_vezes(self, nb):
        """A entrada em cache paga o seu preço e não volta a pagar como entrada normal"""
        # duas chamadas com caches diferentes; em 1300 − 1152 a subtração pede «empréstimo» nos bits
        usos = [_uso(1500, 100, cache=1024), _uso(1300, 40, cache=1152)]
        r = nb.custo_da_execucao(usos, PRECOS)
        esperado = (476 * 3.0 + 1024 * 0.3 + 100 * 11.0 + 148 * 3.0 + 1152 * 0.3 + 40 * 11.0) / 1e6
        assert _perto(r, esperado), explica(
            "cached_tokens já estão dentro de prompt_tokens: cobra (prompt − cache) ao preço de entrada "
            "e só a parte em cache ao preço 'entrada_em_cache'.",
            f"esperava {esperado!r}, obtive {r!r}")

    def test_raciocinio_nao_paga_duas_vezes(self, nb):
        """Os tokens de raciocínio já estão em completion_tokens: pagam como saída, uma vez"""
        usos = [_uso(800, 900, cache=0, raciocinio=700)]
        r = nb.custo_da_execucao(usos, PRECOS)
        esperado = (800 * 3.0 + 900 * 11.0) / 1e6
        assert _perto(r, esperado), explica(
            "reasoning_tokens fazem parte de completion_tokens (a API já os soma lá); não os "
            "acrescentes outra vez.", f"esperava {esperado!r}, obtive {r!r}")

    def test_detalhes_em_falta_ou_none(self, nb):
        """prompt_tokens_details pode faltar, ser None ou trazer cached_tokens None"""
        variantes = [_uso(500, 10, sem_detalhes=True), _uso(500, 10, cache=None),
                     {"prompt_tokens": 500, "completion_tokens": 10, "prompt_tokens_details": None},
                     self._com_escrita(500, 10, None, None)]
        esperado = (500 * 3.0 + 10 * 11.0) / 1e6
        for uso in variantes:
            try:
                r = nb.custo_da_execucao([uso], PRECOS)
            except (KeyError, TypeError, AttributeError) as erro:
                raise AssertionError(explica(
                    "Trata a cache em falta como 0 tokens em cache (e 0 escritos nela): usa .get(...) e «or 0».",
                    f"com {uso!r} deu {type(erro).__name__}: {erro}")) from None
            assert _perto(r, esperado), explica(
                "Sem cache, toda a entrada paga ao preço normal.", f"com {uso!r}: obtive {r!r}")

    def test_nao_altera_os_usos(self, nb):
        """Não altera os usos que recebe"""
        usos = [_uso(1200, 30, cache=1024), _uso(1300, 40, cache=None), _uso(900, 20, sem_detalhes=True),
                {"prompt_tokens": 500, "completion_tokens": 10, "prompt_tokens_details": None}]
        antes = copy.deepcopy(usos)
        try:
            nb.custo_da_execucao(usos, dict(PRECOS))
        except NotImplementedError:
            raise
        except Exception:  # aqui só interessa se os usos mudaram; as contas têm as suas verificações
            pass
        assert usos == antes, explica("Lê os usage sem os modificar.", f"ficaram {usos!r}")

    @staticmethod
    def _com_escrita(prompt, saida, cache, escritos):
        """Um usage com cached_tokens e cache_write_tokens nos detalhes da entrada."""
        return {"prompt_tokens": prompt, "completion_tokens": saida, "total_tokens": prompt + saida,
                "prompt_tokens_details": {"cached_tokens": cache, "cache_write_tokens": escritos}}

    def test_escrita_em_cache_ao_seu_preco(self, nb):
        """Os tokens escritos na cache pagam o preço de escrita, em vez do de entrada"""
        precos = {**PRECOS, "escrita_em_cache": 3.75}
        r = nb.custo_da_execucao([self._com_escrita(1500, 100, 0, 1024)], precos)
        esperado = (476 * 3.0 + 1024 * 3.75 + 100 * 11.0) / 1e6
        assert _perto(r, esperado), explica(
            "cache_write_tokens já estão dentro de prompt_tokens: cobra-os ao preço 'escrita_em_cache' e só o "
            "resto (prompt − lidos da cache − escritos) ao preço de entrada.", f"esperava {esperado!r}, obtive {r!r}")

    def test_escrita_sem_preco_paga_como_entrada(self, nb):
        """Sem preço de escrita, os tokens escritos na cache pagam como entrada"""
        try:
            r = nb.custo_da_execucao([self._com_escrita(1500, 100, 0, 1024)], dict(PRECOS))
        except KeyError as erro:
            raise AssertionError(explica(
                "O preço 'escrita_em_cache' é opcional: sem ele, usa o de 'entrada' (precos.get(...)).",
                f"deu KeyError: {erro}")) from None
        esperado = (1500 * 3.0 + 100 * 11.0) / 1e6
        assert _perto(r, esperado), explica(
            "Sem 'escrita_em_cache' nos preços, os tokens escritos pagam o preço de entrada (nem mais, nem duas "
            "vezes).", f"esperava {esperado!r}, obtive {r!r}")


class TestEx8_3:
    """Percentil pelo método do posto mais próximo"""

    @propriedade(st.lists(st.one_of(st.integers(-50, 50), st.floats(-50, 50, width=32)), min_size=1, max_size=12),
                 st.integers(1, 100), exemplos=6)
    @example(valores=[9, 1, 7, 3, 5], p=61)
    def test_posto_mais_proximo(self, nb, valores, p):
        """Devolve o ⌈p/100·n⌉-ésimo menor valor, sem interpolar"""
        # (só postos em que a conta em vírgula flutuante acerta: os outros são de outro requisito)
        assume(math.ceil(p / 100 * len(valores)) == -(-p * len(valores) // 100))
        esperado = sorted(valores)[-(-p * len(valores) // 100) - 1]
        r = nb.percentil(list(valores), p)
        assert isinstance(r, (int, float)) and r == esperado, contraexemplo(
            "Ordena os valores e devolve o de posto ⌈p/100·n⌉ (contando a partir de 1): nada de "
            "interpolar entre dois valores.", f"percentil({valores!r}, {p})", esperado, r)
        valores = [9, 1, 7, 3, 5]  # ordenados: 1 3 5 7 9
        casos = {20: 1, 21: 3, 50: 5, 60: 5, 61: 7, 95: 9, 100: 9, 1: 1}
        for p, esperado in casos.items():
            r = nb.percentil(valores, p)
            assert r == esperado, explica(
                "Ordena os valores e devolve o de posto ⌈p/100·n⌉ (contando a partir de 1); nada "
                "de interpolar entre dois valores.",
                f"percentil({valores}, {p}): esperava {esperado}, obtive {r!r}")
        r = nb.percentil([30, 10, 20], 67)  # ⌈2,01⌉ = 3: passa de 2 por pouco, e ainda é o 3.º
        assert r == 30, explica(
            "O posto é o teto de p/100·n: com 3 valores e p=67, ⌈2,01⌉ = 3 (o maior).",
            f"percentil([30, 10, 20], 67): esperava 30, obtive {r!r}")
        assert nb.percentil([4.5], 50) == 4.5, explica("Com um só valor, qualquer percentil é esse valor.")

    def test_posto_exato_para_p_inteiro(self, nb):
        """O posto é exato para p inteiro (7/100*100 não é 7 em vírgula flutuante)"""
        for p, n in [(7, 100), (28, 25), (14, 50), (7, 300), (28, 75)]:
            valores = list(range(n, 0, -1))  # o k-ésimo menor é k
            esperado = -(-p * n // 100)
            r = nb.percentil(valores, p)
            assert r == esperado, explica(
                "Calcula o posto com aritmética inteira: ⌈p·n/100⌉ = -(-p*n // 100). Com p/100*n em "
                "vírgula flutuante, 7/100*100 dá 7.000000000000001 e o teto salta para 8.",
                f"percentil de 1..{n} com p={p}: esperava {esperado}, obtive {r!r}")

    def test_p95_de_passos(self, nb):
        """O p95 de uma cauda longa fica muito acima da média"""
        passos = [2] * 15 + [3] * 3 + [12, 20]  # 20 execuções
        r = nb.percentil(passos, 95)
        assert r == 12, explica(
            "Com 20 valores, o p95 é o 19.º menor (⌈0.95·20⌉ = 19).", f"obtive {r!r}")
        assert nb.percentil(passos, 50) == 2 and nb.percentil(passos, 90) == 3, explica(
            "Confirma o posto: p50 → 10.º menor, p90 → 18.º menor.",
            f"p50={nb.percentil(passos, 50)!r}, p90={nb.percentil(passos, 90)!r}")

    def test_erros(self, nb):
        """ValueError para uma lista vazia ou p fora de ]0, 100]"""
        for valores, p in [([], 50), ([1, 2], 0), ([1, 2], -5), ([1, 2], 100.5), ([1, 2], 101)]:
            try:
                r = nb.percentil(valores, p)
            except ValueError:
                continue
            except NotImplementedError:
                raise
            except Exception as erro:  # outra exceção também é um erro do aluno
                r = f"{type(erro).__name__}: {erro}"
            raise AssertionError(explica(
                "Lança ValueError (com raise ValueError(...)) quando não há valores ou quando p não "
                "está em ]0, 100].", f"percentil({valores!r}, {p!r}) deu {r!r}"))

    def test_nao_altera_a_lista(self, nb):
        """Não reordena a lista que recebe"""
        valores = [5, 3, 9, 1]
        nb.percentil(valores, 50)
        assert valores == [5, 3, 9, 1], explica(
            "Usa sorted(valores), que cria uma lista nova; valores.sort() muda a lista de quem chamou.",
            f"a lista ficou {valores!r}")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.lists(st.one_of(st.integers(-9, 9), st.floats(-9, 9, width=32)), max_size=10),
                 st.one_of(st.integers(-5, 105), st.builds(lambda k: k / 4, st.integers(-4, 404))), exemplos=5)
    def oraculo_o_mesmo_valor(self, nb, solucao, valores, p):
        """O mesmo valor que a solução, ou ValueError onde ela dá ValueError."""

        def correr(percentil):
            try:
                return percentil(list(valores), p)
            except ValueError:
                return "ValueError"

        obtido, esperado = correr(nb.percentil), correr(solucao.percentil)
        assert obtido == esperado and type(obtido) is not bool, contraexemplo(
            "percentil não faz o que o enunciado pede (comparado com a solução do curso).",
            f"percentil({valores!r}, {p!r})", esperado, obtido)


class TestEx8_4:
    """A soma dos prefixos: tokens de entrada de uma execução inteira"""

    def test_exemplo_do_capitulo(self, nb):
        """base=3000 e nove acréscimos de 700 → 10 chamadas, 61 500 tokens"""
        r = nb.tokens_de_entrada_totais(3000, [700] * 9)
        assert r == 61500, explica(
            "A chamada k envia base + soma(acrescimos[:k-1]); soma isso para as len(acrescimos)+1 "
            "chamadas. Não é chamadas × primeiro prompt (30 000), nem só o último prompt (9 300).",
            f"esperava 61500, obtive {r!r}")
        assert isinstance(r, int) and not isinstance(r, bool), explica(
            "Devolve um int (são tokens).", f"devolveu {type(r).__name__}")

    @propriedade(st.integers(0, 5000), st.lists(st.integers(0, 2000), max_size=12), exemplos=6)
    def test_soma_dos_prefixos(self, nb, base, acrescimos):
        """Com quaisquer acréscimos, é a soma dos prompts de todas as chamadas"""
        esperado = sum(base + sum(acrescimos[:k]) for k in range(len(acrescimos) + 1))
        r = nb.tokens_de_entrada_totais(base, list(acrescimos))
        assert igual_estrito(r, esperado), contraexemplo(
            "Há len(acrescimos) + 1 chamadas e a chamada k envia base + soma(acrescimos[:k-1]): soma "
            "esses prompts todos (um int).", f"tokens_de_entrada_totais({base}, {acrescimos!r})", esperado, r)

    def test_acrescimos_diferentes(self, nb):
        """Cada chamada reenvia tudo o que veio antes, com acréscimos de tamanhos diferentes"""
        r = nb.tokens_de_entrada_totais(10, [100, 0, 50])
        assert r == 10 + 110 + 110 + 160, explica(
            "Há len(acrescimos) + 1 = 4 chamadas, e cada uma reenvia tudo o que veio antes: os "
            "prompts são 10, 110, 110 e 160.", f"esperava 390, obtive {r!r}")
        r = nb.tokens_de_entrada_totais(1200, [])
        assert r == 1200, explica(
            "Sem acréscimos, a execução é uma só chamada com o prompt base.", f"obtive {r!r}")

    def test_cresce_mais_depressa_que_os_passos(self, nb):
        """Duplicar as chamadas mais do que duplica os tokens de entrada"""
        curta = nb.tokens_de_entrada_totais(500, [300] * 4)   # 5 chamadas
        longa = nb.tokens_de_entrada_totais(500, [300] * 9)   # 10 chamadas
        assert (curta, longa) == (5500, 18500), explica(
            "A soma dos prefixos é quadrática no número de passos.",
            f"5 chamadas: esperava 5500, obtive {curta!r}; 10 chamadas: esperava 18500, obtive {longa!r}")

    def test_nao_altera_a_lista(self, nb):
        """Não altera a lista de acréscimos"""
        acrescimos = [10, 20, 30]
        nb.tokens_de_entrada_totais(100, acrescimos)
        assert acrescimos == [10, 20, 30], explica("Só lê os acréscimos.", f"ficaram {acrescimos!r}")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.integers(0, 10 ** 6), st.lists(st.integers(0, 10 ** 5), max_size=15), exemplos=4)
    def oraculo_o_mesmo_total(self, nb, solucao, base, acrescimos):
        """O mesmo total que a solução."""
        obtido = nb.tokens_de_entrada_totais(base, list(acrescimos))
        esperado = solucao.tokens_de_entrada_totais(base, list(acrescimos))
        assert igual_estrito(obtido, esperado), contraexemplo(
            "tokens_de_entrada_totais não faz o que o enunciado pede (comparado com a solução do curso).",
            f"tokens_de_entrada_totais({base}, {acrescimos!r})", esperado, obtido)


class TestEx8_5:
    """max_steps como teto de custo"""

    recebe_contentores = False  # recebe números

    def test_exemplo_do_capitulo(self, nb):
        """0.0015 por pedido a 0.0003 por passo → 5 passos, devolvidos como int"""
        r = nb.max_steps_para_orcamento(0.0015, 0.0003)
        assert r == 5, explica(
            "Preços são valores decimais: faz a conta com Decimal(str(x)) (ou Fraction(str(x))).",
            f"max_steps_para_orcamento(0.0015, 0.0003): esperava 5, obtive {r!r}")
        assert isinstance(r, int) and not isinstance(r, bool), explica(
            "Devolve um int: max_steps conta passos.", f"devolveu {type(r).__name__} {r!r}")

    def test_divisao_inteira_exata(self, nb):
        """0.001 por pedido a 0.0002 por passo → 5 passos (em float, 0.001 // 0.0002 dá 4.0!)"""
        r = nb.max_steps_para_orcamento(0.001, 0.0002)
        assert r == 5, explica(
            "Faz a divisão inteira em aritmética decimal exata: Decimal(str(x)) // Decimal(str(y)). "
            "Em vírgula flutuante 0.001 // 0.0002 dá 4.0: os valores guardados em binário não são "
            "exatamente 0.001 e 0.0002.", f"max_steps_para_orcamento(0.001, 0.0002): esperava 5, obtive {r!r}")

    @propriedade(_DECIMAL_8, _DECIMAL_8, exemplos=8)
    @example(orcamento=0.0014, custo=0.0003)
    def test_o_maior_que_cabe(self, nb, orcamento, custo):
        """Com quaisquer preços decimais, o maior n com n × custo ≤ orçamento, contado em decimal"""
        esperado = int(Decimal(str(orcamento)) // Decimal(str(custo)))
        r = nb.max_steps_para_orcamento(orcamento, custo)
        assert igual_estrito(r, esperado), contraexemplo(
            "Queres o maior n com n × custo_por_passo ≤ orçamento (arredonda para baixo, em aritmética "
            "decimal exata, e devolve um int).", f"max_steps_para_orcamento({orcamento}, {custo})", esperado, r)

    def test_nunca_passa_do_orcamento(self, nb):
        """O maior número de passos cujo pior caso ainda cabe no orçamento, nunca mais"""
        casos = [((0.0014, 0.0003), 4), ((1, 0.3), 3), ((0.3, 0.1), 3),
                 ((10, 2), 5), ((0.05, 0.0125), 4), ((0.0499, 0.0125), 3)]
        for (orcamento, custo), esperado in casos:
            r = nb.max_steps_para_orcamento(orcamento, custo)
            assert r == esperado and isinstance(r, int), explica(
                "Queres o maior n com n × custo_por_passo ≤ orçamento (arredonda para baixo, em "
                "aritmética decimal exata).",
                f"orçamento {orcamento}, {custo} por passo: esperava {esperado}, obtive {r!r}")

    def test_nada_cabe_da_zero(self, nb):
        """Se nem um passo cabe no orçamento, devolve 0"""
        for orcamento, custo in ((0.0001, 0.0003), (0, 0.0003), (0.0299, 0.03)):
            r = nb.max_steps_para_orcamento(orcamento, custo)
            assert r == 0 and isinstance(r, int) and not isinstance(r, bool), explica(
                "Se o orçamento não chega para um passo, max_steps é 0 (não há mínimo de 1).",
                f"orçamento {orcamento}, {custo} por passo: esperava 0, obtive {r!r}")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.one_of(_DECIMAL_8, st.just(0.0)), _DECIMAL_8, exemplos=5)
    def oraculo_o_mesmo_teto(self, nb, solucao, orcamento, custo):
        """O mesmo int que a solução (com custos sempre positivos, como o enunciado promete)."""
        obtido = nb.max_steps_para_orcamento(orcamento, custo)
        esperado = solucao.max_steps_para_orcamento(orcamento, custo)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "max_steps_para_orcamento não faz o que o enunciado pede (comparado com a solução do curso).",
            f"max_steps_para_orcamento({orcamento}, {custo})", esperado, obtido)


class TestEx8_6:
    """Quiz: os tokens de entrada de uma execução"""

    recebe_contentores = False  # um quiz: não há funções a chamar

    def test_resposta_e_uma_letra(self, nb):
        """resposta_8_6 é uma das letras a, b, c ou d (a certa vê-se na correção)"""
        from curso.quizzes import letra_do_quiz

        letra_do_quiz(nb.resposta_8_6, "resposta_8_6", "abcd")
