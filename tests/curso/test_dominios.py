"""``curso.verificacao.dominios``: as propriedades do curso geram sempre as mesmas entradas, dão o
contraexemplo mais simples em português, e os domínios cobrem os casos que os enunciados dizem."""

import json

from hypothesis import find, settings

from curso.caderno import Caderno
from curso.verificacao import FALHOU, PASSOU, POR_FAZER, correr_verificacao
from curso.verificacao import dominios as d


def _exemplos(estrategia, n=200):
    """``n`` exemplos de uma estratégia, sempre os mesmos (para provar o que o domínio cobre)."""
    vistos = []

    @d.propriedade(estrategia, exemplos=n)
    def recolher(valor):
        vistos.append(valor)

    recolher()
    return vistos


# fora deste ficheiro, para o pytest não reescrever o assert (as verificações do curso correm sem ele)
_CLASSE = """
class ExDobro:
    \"\"\"Uma classe de verificações feita para o teste\"\"\"

    @d.propriedade(d.st.lists(d.st.integers(0, 50), max_size=8))
    def test_dobra_cada_um(self, nb, numeros):
        \"\"\"Dobra cada número da lista\"\"\"
        esperado = [2 * n for n in numeros]
        obtido = nb.dobrar(numeros)
        assert obtido == esperado, d.contraexemplo(
            "Dobra cada número, sem saltar nenhum.", f"dobrar({numeros!r})", esperado, obtido)
"""

_CLASSE_COM_EXEMPLO = """
class ExDobroComExemplo:
    \"\"\"A mesma, com uma entrada fixa\"\"\"

    @d.propriedade(d.st.lists(d.st.integers(0, 50), max_size=8))
    @d.example(numeros=[1, 2])
    def test_dobra_cada_um(self, nb, numeros):
        \"\"\"Dobra cada número da lista\"\"\"
        assert nb.dobrar(numeros) == [2 * n for n in numeros], "Dobra cada número."
"""
_espaco = {"d": d}
exec(compile(_CLASSE_COM_EXEMPLO, "<verificações de teste>", "exec"), _espaco)
exec(compile(_CLASSE, "<verificações de teste>", "exec"), _espaco)
ExDobro = _espaco["ExDobro"]


def _caderno(codigo):
    nomes = {}
    exec(compile(codigo, "<caderno de teste>", "exec"), nomes)
    return Caderno(nomes)


def test_as_mesmas_entradas_em_cada_corrida():
    estrategia = d.st.tuples(d.valores_json(), d.chamadas_repetidas())
    assert _exemplos(estrategia, 30) == _exemplos(estrategia, 30)


def test_o_contraexemplo_e_o_mais_simples_e_em_portugues():
    # só erra em listas com 3 números ou mais: a entrada mais simples que falha é [0, 0, 0]
    errado = _caderno("def dobrar(xs):\n    return [2 * x for x in xs][:2]\n")
    r = correr_verificacao("1.1", ExDobro, "test_dobra_cada_um", errado)
    assert r.estado == FALHOU
    assert r.mensagem == ("Dobra cada número, sem saltar nenhum.\nPormenor: com dobrar([0, 0, 0]), "
                          "esperava-se [0, 0, 0]; o teu código deu [0, 0]")
    assert correr_verificacao("1.1", ExDobro, "test_dobra_cada_um",
                              _caderno("def dobrar(xs):\n    return [x + x for x in xs]\n")).estado == PASSOU


def test_contraexemplo_corta_o_que_e_grande_e_aceita_descricoes():
    mensagem = d.contraexemplo("A dica.", "f(x)", d.descricao("uma lista sem repetidos"), list(range(100)))
    assert mensagem.startswith("A dica.\nPormenor: com f(x), esperava-se uma lista sem repetidos; o teu código deu [0, 1,")
    assert "..." in mensagem and len(mensagem) < 200


def test_textos_com_maiusculas_acentos_e_espacos():
    vistos = "".join(_exemplos(d.textos(), 200))
    assert any(c.isupper() for c in vistos) and "ç" in vistos.lower() and " " in vistos
    variantes = _exemplos(d.com_maiusculas_e_espacos("infra"), 100)
    assert all(v.strip().lower() == "infra" for v in variantes)
    assert any("\t" in v for v in variantes) and any(v.strip() != v.strip().lower() for v in variantes)


def test_valores_json_de_todos_os_tipos_e_os_extremos():
    valores = _exemplos(d.resultados(), 300)
    tipos = {type(v) for v in valores}
    assert {type(None), bool, int, float, str, list, dict} <= tipos
    assert None in valores and [] in valores and {} in valores
    for valor in valores:
        assert json.loads(json.dumps(valor)) == valor  # são mesmo valores JSON


def test_chamadas_repetidas_seguidas_ou_nao_e_com_as_chaves_reordenadas():
    listas = _exemplos(d.chamadas_repetidas(min_size=2), 300)
    seguidas = separadas = reordenadas = False
    for chamadas in listas:
        for i, (nome, args) in enumerate(chamadas):
            for j in range(i + 1, len(chamadas)):
                if chamadas[j][0] == nome and chamadas[j][1] == args:
                    seguidas |= j == i + 1
                    separadas |= j > i + 1
                    reordenadas |= list(chamadas[j][1]) != list(args)
    assert seguidas and separadas and reordenadas


def test_respostas_do_modelo_com_texto_chamadas_as_duas_e_argumentos_partidos():
    from curso.offline import TextoEChamadas

    chamada = d.st.lists(d.st.fixed_dictionaries({"nome": d.st.just("ler"),
                                                   "argumentos": d.objetos_json(max_size=2)}), max_size=2)
    respostas = _exemplos(d.respostas_do_modelo(chamada, partidos=True), 300)
    assert any(isinstance(r, str) for r in respostas)
    assert any(isinstance(r, list) and r for r in respostas)
    assert any(isinstance(r, TextoEChamadas) for r in respostas)
    assert any(isinstance(r, list) and r and isinstance(r[0]["argumentos"], str) for r in respostas)


def test_com_extremos_encontra_os_extremos_depressa():
    com = d.com_extremos(d.st.integers(10, 20), 0, -1)
    assert find(com, lambda n: n < 0, settings=settings(database=None, max_examples=20)) == -1


def test_as_mesmas_entradas_seja_qual_for_o_codigo_carregado(tmp_path, monkeypatch):
    """A hypothesis usaria constantes do código dos módulos carregados: no kernel de quem estuda e
    no corretor não são os mesmos, e as entradas (e a nota) mudariam. Com os domínios do curso, não."""
    import importlib
    import sys

    estrategia = d.st.tuples(d.st.integers(0, 10 ** 9), d.st.text(alphabet="abcxyz", max_size=8))
    antes = _exemplos(estrategia, 200)
    modulo = tmp_path / "modulo_com_constantes.py"
    modulo.write_text("X = [987654321, 'xyzzyx', 424242, 'abcabc']\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module("modulo_com_constantes")
    try:
        assert _exemplos(estrategia, 200) == antes
    finally:
        sys.modules.pop("modulo_com_constantes", None)


def test_cada_corrida_recebe_uma_copia_das_entradas():
    """Uma função que altera o que recebe não estraga o exemplo da corrida seguinte (visto: um
    mutante que ordenava a lista recebida mudava o @example das verificações seguintes)."""
    vistos = []

    @d.propriedade(d.st.just([3, 1, 2]), exemplos=2)
    @d.example(xs=[3, 1, 2])
    def ordena_o_que_recebe(xs):
        vistos.append(list(xs))
        xs.sort()

    ordena_o_que_recebe()
    ordena_o_que_recebe()
    assert vistos and all(v == [3, 1, 2] for v in vistos)


_CONTADOR = """
chamadas = []

def dobrar(xs):
    chamadas.append(xs)
    {corpo}
"""


def test_o_exercicio_em_branco_fica_por_fazer_sem_encolher():
    """Com ``raise NotImplementedError`` a verificação diz «ainda não implementado» à primeira
    chamada: a hypothesis não encolhe uma entrada que falha só por faltar o código (custava segundos
    por verificação, e o painel de progresso corre as de todos os exercícios)."""
    nomes = {}
    exec(compile(_CONTADOR.format(corpo="raise NotImplementedError"), "<caderno de teste>", "exec"), nomes)
    r = correr_verificacao("1.1", ExDobro, "test_dobra_cada_um", Caderno(nomes))
    assert (r.estado, r.mensagem) == (POR_FAZER, "ainda não implementado")
    assert len(nomes["chamadas"]) == 1, f"a função em branco foi chamada {len(nomes['chamadas'])} vezes"


def test_um_erro_a_serio_continua_a_ser_encolhido():
    nomes = {}
    exec(compile(_CONTADOR.format(corpo="raise ValueError('não sei')"), "<caderno de teste>", "exec"), nomes)
    r = correr_verificacao("1.1", ExDobro, "test_dobra_cada_um", Caderno(nomes))
    assert r.estado == FALHOU and "ValueError" in r.mensagem
    assert len(nomes["chamadas"]) > 1  # encolheu: procurou a entrada mais simples que falha
    assert nomes["chamadas"][-1] == []


def test_so_exemplos_fixos_corre_so_os_exemplos():
    nomes = {}
    exec(compile(_CONTADOR.format(corpo="return [2 * x for x in xs]"), "<caderno de teste>", "exec"), nomes)
    classe = _espaco["ExDobroComExemplo"]
    with d.so_exemplos_fixos(classe):
        r = correr_verificacao("1.1", classe, "test_dobra_cada_um", Caderno(nomes))
    assert r.estado == PASSOU
    assert nomes["chamadas"] == [[1, 2]]
    correr_verificacao("1.1", classe, "test_dobra_cada_um", Caderno(nomes))
    assert len(nomes["chamadas"]) > 2  # fora do bloco, as entradas geradas voltam
