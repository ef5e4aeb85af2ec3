"""``curso.propriedades``: as propriedades genéricas vigiam as chamadas das verificações sem lhes
mudar o resultado, e aparecem como linhas ``propriedade_*``."""

import inspect
import math

from curso.caderno import Caderno, carregar
from curso.propriedades import (
    NAO_ALTERA,
    RESULTADO_NOVO,
    SUBCLASSE_DE_DICT,
    CadernoObservado,
    DictDoChamador,
    Observacao,
    propriedades_da_classe,
)
from curso.raiz import raiz_do_curso
from curso.verificacao import FALHOU, PASSOU, POR_FAZER, correr_exercicio, correr_verificacoes, explica, igual_estrito

SOLUCAO_1 = raiz_do_curso() / "solutions" / "cap01" / "cap01.ipynb"


def _caderno(codigo: str) -> Caderno:
    nomes: dict = {}
    exec(compile(codigo, "<caderno de teste>", "exec"), nomes)
    return Caderno(nomes)


def test_igual_estrito_distingue_bool_de_numero():
    assert igual_estrito([1, {"a": (2.5, None)}], [1, {"a": (2.5, None)}])
    assert not igual_estrito(True, 1) and not igual_estrito(1, True) and not igual_estrito(1.0, True)
    assert not igual_estrito(1, 1.0)
    assert not igual_estrito([1, 0], [True, False]) and [1, 0] == [True, False]
    assert not igual_estrito({"ok": 1}, {"ok": True})
    assert not igual_estrito({True: "x"}, {1: "x"})
    assert not igual_estrito([1], (1,)) and not igual_estrito({"a": 1}, {"a": 1, "b": 2})
    assert igual_estrito(math.nan, math.nan) and igual_estrito("a", "a")


def test_argumento_alterado_e_registado_sem_mudar_o_resultado():
    nb = _caderno("def f(xs, d):\n    xs.append(9)\n    d['novo'] = 1\n    return len(xs)\n")
    obs = Observacao()
    observado = CadernoObservado(nb, obs)
    xs, d = [1, 2], {"a": [1]}
    assert observado.f(xs, d) == 3 and xs == [1, 2, 9]  # a função corre como corria
    assert obs.vigiadas == 1 and len(obs.alteracoes) == 2
    assert "o argumento xs era [1, 2] e ficou [1, 2, 9]" in obs.alteracoes[0]
    com_licenca = Observacao(altera=frozenset({"xs", "d"}))
    CadernoObservado(nb, com_licenca).f([1], {})
    assert com_licenca.alteracoes == []


def test_alteracao_dentro_de_um_contentor_e_apanhada():
    nb = _caderno("def f(plano):\n    plano['passos'].pop()\n    return plano['passos']\n")
    obs = Observacao()
    CadernoObservado(nb, obs).f({"passos": [1, 2]})
    assert obs.alteracoes and "passos" in obs.alteracoes[0]


def test_o_embrulho_parece_a_funcao():
    nb = _caderno("def f(pedido, max_passos=5):\n    'Doc.'\n    return max_passos\n")
    f = CadernoObservado(nb, Observacao()).f
    assert f.__globals__ is nb.nomes  # há verificações que trocam nomes no espaço da função
    assert f.__name__ == "f" and f.__doc__ == "Doc."
    assert inspect.signature(f).parameters["max_passos"].default == 5
    observado = CadernoObservado(nb, Observacao())
    assert f("x") == 5 and observado.f is observado.f and observado.f.__wrapped__ is nb.nomes["f"]
    assert CadernoObservado(_caderno("x = [1]"), Observacao()).x == [1]  # dados passam tal e qual


def test_resultado_que_partilha_um_argumento():
    nb = _caderno("def mesmo(xs):\n    return xs\n\ndef dentro(xs):\n    return {'itens': xs}\n\n"
                  "def novo(xs):\n    return list(xs)\n")
    for nome, partilha in (("mesmo", True), ("dentro", True), ("novo", False)):
        obs = Observacao(resultado_novo=True)
        getattr(CadernoObservado(nb, obs), nome)([1, 2])
        assert bool(obs.partilhas) is partilha, (nome, obs.partilhas)


def test_troca_dos_dicts_por_uma_subclasse():
    nb = _caderno("def tipo(d, lista):\n    return type(d).__name__, type(lista[0]).__name__\n")
    obs = Observacao(trocar=True)
    assert CadernoObservado(nb, obs).tipo({"a": 1}, [{"b": 2}]) == ("DictDoChamador", "DictDoChamador")
    assert obs.trocadas == 1 and issubclass(DictDoChamador, dict)


class ExFalso:
    """Uma classe de verificações feita para o teste"""

    resultado_novo = True
    aceita_mapeamentos = True

    def test_conta(self, nb):
        """Conta as chaves"""
        assert nb.contar({"a": 1, "b": 2}) == 2, explica("Conta as chaves.")

    def test_vazio(self, nb):
        """Um dict vazio tem zero chaves"""
        assert nb.contar({}) == 0


def _linhas(resultados):
    return {r.metodo: r.estado for r in resultados}


def test_linhas_de_propriedade_num_exercicio():
    assert propriedades_da_classe(ExFalso) == [NAO_ALTERA, RESULTADO_NOVO, SUBCLASSE_DE_DICT]
    certo = _caderno("def contar(d):\n    return len(d)\n")
    assert _linhas(correr_exercicio("1.1", ExFalso, certo)) == {
        "test_conta": PASSOU, "test_vazio": PASSOU, NAO_ALTERA: PASSOU, RESULTADO_NOVO: PASSOU,
        SUBCLASSE_DE_DICT: PASSOU}
    estraga = _caderno("def contar(d):\n    n = len(d)\n    d.clear()\n    return n\n")
    linhas = _linhas(correr_exercicio("1.1", ExFalso, estraga))
    assert linhas["test_conta"] == PASSOU and linhas[NAO_ALTERA] == FALHOU  # só a propriedade falha
    exigente = _caderno("def contar(d):\n    if type(d) is not dict:\n        raise TypeError('dict!')\n"
                        "    return len(d)\n")
    resultados = correr_exercicio("1.1", ExFalso, exigente)
    assert _linhas(resultados)[SUBCLASSE_DE_DICT] == FALHOU and _linhas(resultados)["test_conta"] == PASSOU
    mensagem = next(r.mensagem for r in resultados if r.metodo == SUBCLASSE_DE_DICT)
    assert mensagem.startswith("A tua função trata mal um dicionário") and "Conta as chaves" in mensagem


def test_sem_nada_feito_as_propriedades_ficam_por_fazer():
    """As mesmas linhas no exercício em branco e no resolvido (issue 37): as propriedades aparecem
    sempre, por fazer enquanto nenhuma verificação passou."""
    por_fazer = _caderno("def contar(d):\n    raise NotImplementedError()\n")
    linhas = _linhas(correr_exercicio("1.1", ExFalso, por_fazer))
    assert linhas == {"test_conta": POR_FAZER, "test_vazio": POR_FAZER, NAO_ALTERA: POR_FAZER,
                      RESULTADO_NOVO: POR_FAZER, SUBCLASSE_DE_DICT: POR_FAZER}
    certo = _caderno("def contar(d):\n    return len(d)\n")
    assert list(linhas) == [r.metodo for r in correr_exercicio("1.1", ExFalso, certo)]


class ExSemContentores:
    """Uma classe cujas funções só recebem números"""

    recebe_contentores = False

    def test_dobro(self, nb):
        """O dobro"""
        assert nb.dobro(2) == 4


def test_sem_contentores_nao_ha_a_propriedade_dos_argumentos():
    assert propriedades_da_classe(ExSemContentores) == []
    resultados = correr_exercicio("1.1", ExSemContentores, _caderno("def dobro(n):\n    return 2 * n\n"))
    assert [r.metodo for r in resultados] == ["test_dobro"]


def test_verificar_mostra_a_propriedade_no_capitulo_1():
    solucao = carregar(SOLUCAO_1)
    linhas = {r.metodo: r for r in correr_verificacoes("1.1", solucao)}
    assert linhas[NAO_ALTERA].estado == PASSOU
    mutado = solucao.com("_original = correr_ciclo\n"
                         "def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):\n"
                         "    ferramentas['extra'] = None\n"
                         "    return _original(pedido, decidir, ferramentas, max_passos)\n")
    linhas = {r.metodo: r for r in correr_verificacoes("1.1", mutado)}
    assert all(r.estado == PASSOU for m, r in linhas.items() if m.startswith("test_"))
    assert linhas[NAO_ALTERA].estado == FALHOU
    assert linhas[NAO_ALTERA].mensagem.startswith("A tua função alterou um argumento")
    assert "o argumento ferramentas era" in linhas[NAO_ALTERA].mensagem
