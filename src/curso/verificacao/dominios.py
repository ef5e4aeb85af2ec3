"""Os domínios dos enunciados: verificar a frase inteira, não um exemplo dela (issue 38).

Uma verificação escrita como propriedade corre a mesma afirmação sobre muitas entradas geradas do
domínio que o enunciado descreve — valores JSON de todos os tipos, textos com maiúsculas, espaços e
tabs, sequências de chamadas com repetições seguidas ou não, respostas do modelo com texto, com
chamadas, com as duas ou com argumentos partidos, resultados ``None``, listas vazias — e não só
sobre os dois exemplos que quem a escreveu imaginou. Usa a ``hypothesis``:

- ``propriedade(...)`` é o ``@given`` do curso: semente fixa (``derandomize``, a mesma nota em cada
  correção e nos dois modos da correção), sem base de dados nem ``deadline``, poucos exemplos (o
  ``verificar`` responde na primeira chamada em ≤ 0,3 s), sem a fase que tenta explicar a falha;
- as estratégias abaixo dão os domínios que os enunciados repetem;
- ``contraexemplo(dica, entrada, esperado, obtido)`` escreve a mensagem de uma falha: a dica
  primeiro e, no pormenor, «com esta entrada, esperava-se isto; o teu código deu aquilo». A
  ``hypothesis`` reduz a entrada que falhou à mais simples que ainda falha antes de a mensagem ser
  escrita: é essa que quem estuda lê.

Os exemplos fixos do enunciado continuam a servir de ilustração (na dica, ou com ``@example``),
não de prova. Importar este módulo carrega a ``hypothesis`` (≈ 0,2 s): os cadernos cujas
verificações o usam chamam ``preparar_verificacoes(N)`` na célula de preparação.
"""

from __future__ import annotations

import copy
import functools
import inspect
import reprlib
import zlib
from contextlib import contextmanager
from typing import Iterator

from hypothesis import HealthCheck, Phase, Verbosity, assume, example, given, seed, settings
from hypothesis import strategies as st

from curso.verificacao.vocabulario import explica

__all__ = ["propriedade", "example", "assume", "st", "contraexemplo", "descricao", "curto", "textos",
           "espacos", "com_maiusculas_e_espacos", "nomes", "chaves", "folhas_json", "valores_json",
           "objetos_json", "resultados", "com_extremos", "chamadas_repetidas",
           "argumentos_partidos", "respostas_do_modelo", "EXEMPLOS"]

EXEMPLOS = 15  # por omissão: o orçamento de tempo é de todas as verificações de um exercício juntas


def _sem_constantes_locais() -> None:
    """A hypothesis tira números e textos do código-fonte dos módulos «locais» já carregados e usa-os
    de vez em quando como entradas (5 % dos sorteios). Os módulos carregados não são os mesmos no
    kernel de quem estuda e no corretor, nem de uma prova para a outra: a mesma semente dava
    entradas diferentes (e uma nota diferente). Sem essas constantes, a mesma semente dá sempre as
    mesmas entradas. Mexe numa peça interna da hypothesis (fixada no *lock*); a prova
    ``tests/curso/test_dominios.py`` avisa se ela mudar."""
    from hypothesis.internal.conjecture import providers

    vazias = providers.Constants()
    providers._get_local_constants = lambda: vazias
    providers.CONSTANTS_CACHE.cache.clear()


_sem_constantes_locais()


def propriedade(*estrategias, exemplos: int = EXEMPLOS, **nomeadas):
    """``@given(...)`` com as definições do curso, para um método ``test_*(self, nb, ...)``.

    ``exemplos`` é o número de entradas geradas (além das de ``@example``, que correm sempre
    primeiro). Semente fixa, tirada do nome da função: as mesmas entradas em cada corrida, no
    kernel e no corretor (o ``derandomize`` da hypothesis faria o mesmo, mas lê o código-fonte da
    função em cada corrida, e isso custa mais do que alguns exemplos).
    """

    def decorar(funcao):
        semente = zlib.crc32(funcao.__qualname__.encode())
        parametros = list(inspect.signature(funcao).parameters)
        geradas = set(nomeadas) | set(parametros[len(parametros) - len(estrategias):])

        @functools.wraps(funcao)
        def com_copias(*args, **kwargs):
            # as entradas de @example e de sampled_from são os mesmos objetos de corrida para corrida
            # (e, num kernel, de verificar para verificar): uma função que altere o que recebe não pode
            # estragar a entrada seguinte — dá-se-lhe sempre uma cópia (o caderno ``nb`` não se copia)
            try:
                return funcao(*args, **{k: copy.deepcopy(v) if k in geradas else v for k, v in kwargs.items()})
            except NotImplementedError as erro:
                raise _AindaPorFazer(erro) from None

        teste = seed(semente)(settings(
            max_examples=exemplos, derandomize=False, database=None, deadline=None,
            phases=(Phase.explicit, Phase.generate, Phase.shrink), report_multiple_bugs=False,
            suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet, print_blob=False,
        )(given(*estrategias, **nomeadas)(com_copias)))

        @functools.wraps(teste)
        def propriedade_do_curso(*args, **kwargs):
            try:
                return teste(*args, **kwargs)
            except _AindaPorFazer as falta:
                raise falta.args[0] from None  # o NotImplementedError do aluno, como nas outras verificações

        propriedade_do_curso.teste_da_hypothesis = teste
        return propriedade_do_curso

    return decorar


class _AindaPorFazer(BaseException):
    """Um ``NotImplementedError`` do aluno a meio de uma propriedade. Não é uma ``Exception``: a
    hypothesis deixa-a passar logo, como a um Ctrl+C, em vez de encolher a entrada que falhou —
    com um exercício em branco todas falham, e encolher custava segundos por verificação."""


@contextmanager
def so_exemplos_fixos(classe: type) -> Iterator[None]:
    """Enquanto dura, as propriedades de ``classe`` correm só os seus ``@example``, sem entradas
    geradas: para medir o que as entradas geradas acrescentam (``benchmarks/mutacao.py``: os
    mutantes que só as propriedades apanham). Mexe nas definições que a hypothesis guarda em cada
    teste (``_hypothesis_internal_use_settings``), e repõe-nas à saída."""
    trocadas = []
    for nome in vars(classe):
        teste = getattr(classe, nome)
        teste = getattr(teste, "teste_da_hypothesis", teste)  # as definições vivem no teste da hypothesis
        if getattr(teste, "is_hypothesis_test", False):
            antes = teste._hypothesis_internal_use_settings
            teste._hypothesis_internal_use_settings = settings(antes, phases=(Phase.explicit,))
            trocadas.append((teste, antes))
    try:
        yield
    finally:
        for teste, antes in trocadas:
            teste._hypothesis_internal_use_settings = antes


# ---------------------------------------------------------------------------------------------
# a mensagem: a entrada mais simples que falha, o que se esperava e o que veio

_CURTO = reprlib.Repr()
_CURTO.maxstring = _CURTO.maxother = 120
_CURTO.maxlist = _CURTO.maxdict = _CURTO.maxtuple = 8
_CURTO.maxlevel = 5


def curto(valor: object) -> str:
    """O ``repr`` de um valor, cortado para caber numa mensagem."""
    return _CURTO.repr(valor)


def contraexemplo(dica: str, entrada: object, esperado: object, obtido: object) -> str:
    """A mensagem de uma propriedade que falhou: a dica e depois, no pormenor, a entrada (texto:
    a chamada como se escreveria) e o que se esperava e veio (valores, mostrados com ``repr``)."""
    entrada = entrada if isinstance(entrada, str) else curto(entrada)
    esperado = esperado if isinstance(esperado, _Descricao) else curto(esperado)
    obtido = obtido if isinstance(obtido, _Descricao) else curto(obtido)
    return explica(dica, f"com {entrada}, esperava-se {esperado}; o teu código deu {obtido}")


class _Descricao(str):
    """Um texto que vai para a mensagem tal como está (``descricao("uma lista sem repetidos")``),
    em vez de ser mostrado como valor."""


def descricao(texto: str) -> str:
    return _Descricao(texto)


# ---------------------------------------------------------------------------------------------
# textos

# minúsculas, maiúsculas, acentos, algarismos, pontuação e o espaço: sem tabelas Unicode (a
# ``hypothesis`` gastaria segundos a calculá-las num kernel novo)
ALFABETO = "abcdeçãéíõúABCÇÃÉZ0129 .,-_'\"?!€"
ESPACOS = " \t\n\r"


# o que vem à volta de um texto: muitas vezes nada, muitas vezes espaço em branco
_BORDAS = ("", " ", "", "\t", "\n", "  ", " \n")


def textos(min_size: int = 0, max_size: int = 12, alfabeto: str = ALFABETO) -> st.SearchStrategy[str]:
    """Textos curtos com maiúsculas, acentos, algarismos e pontuação, e muitas vezes com espaço
    em branco à volta (espaços, tabs, mudanças de linha): o que um modelo ou uma pessoa escreve.
    ``min_size`` e ``max_size`` contam o miolo, sem o que está à volta."""
    miolo = st.text(alphabet=alfabeto, min_size=min_size, max_size=max_size)
    borda = st.sampled_from(_BORDAS)
    return st.builds(lambda antes, texto, depois: antes + texto + depois, borda, miolo, borda)


def espacos(max_size: int = 3) -> st.SearchStrategy[str]:
    """Espaço em branco como um texto o traz à volta: espaços, tabs, mudanças de linha."""
    return st.text(alphabet=ESPACOS, max_size=max_size)


def com_maiusculas_e_espacos(palavra: str) -> st.SearchStrategy[str]:
    """A mesma ``palavra`` com outras maiúsculas (letra a letra) e espaço em branco à volta:
    ``" Infra\\n"``, ``"INFRA"``, ``"\\tinFra"``."""
    letras = st.tuples(*(st.sampled_from(sorted({c.lower(), c.upper()})) for c in palavra))
    return st.builds(lambda antes, partes, depois: antes + "".join(partes) + depois,
                     espacos(), letras, espacos())


# nomes de ferramentas e de parâmetros como os que os enunciados usam: tirá-los de uma lista custa
# um só sorteio (gerar letra a letra custava mais do que a própria verificação)
NOMES = ("procurar", "ler", "x", "a", "b", "n", "termo", "nome_produto", "quantidade", "id",
         "enviar_email", "calcular_total", "texto", "valor", "q", "url", "preco_unitario",
         "ficheiro", "limite", "z9")
CHAVES_ESTRANHAS = ("", "Ç", "a b", "Nome", "ção", "x-y", "1", " ", "ÉÃ")


def nomes() -> st.SearchStrategy[str]:
    """Nomes de ferramentas ou de parâmetros: identificadores em minúsculas."""
    return st.sampled_from(NOMES)


def chaves() -> st.SearchStrategy[str]:
    """As chaves de um objeto JSON: nomes, mas também textos vazios, com acentos, espaços e
    maiúsculas."""
    return st.sampled_from(NOMES + CHAVES_ESTRANHAS)


# ---------------------------------------------------------------------------------------------
# valores JSON

def folhas_json(inteiros: int = 10 ** 6) -> st.SearchStrategy:
    """Um valor JSON sem nada dentro: ``None``, ``bool``, ``int``, ``float`` finito ou ``str``
    (mais barato de gerar do que ``valores_json``, quando o encaixe não interessa)."""
    return (st.none() | st.booleans() | st.integers(-inteiros, inteiros)
            | st.floats(allow_nan=False, allow_infinity=False, width=32)
            | st.text(alphabet=ALFABETO, max_size=6))


def valores_json(max_folhas: int = 6) -> st.SearchStrategy:
    """Qualquer valor que ``json.loads`` devolve: ``None``, ``bool``, ``int``, ``float`` finito,
    ``str``, listas e dicionários (com chaves de texto), encaixados."""
    return st.recursive(
        folhas_json(),
        lambda filhos: st.lists(filhos, max_size=3) | st.dictionaries(chaves(), filhos, max_size=3),
        max_leaves=max_folhas)


def objetos_json(max_size: int = 4, max_folhas: int = 6) -> st.SearchStrategy[dict]:
    """Um objeto JSON (``dict`` com chaves de texto), como os argumentos de uma ferramenta."""
    return st.dictionaries(chaves(), valores_json(max_folhas), max_size=max_size)


EXTREMOS_JSON = (None, [], {}, "", 0, 0.0, False, True, [None], {"": None})


def com_extremos(base: st.SearchStrategy, *extremos: object) -> st.SearchStrategy:
    """``base`` com os ``extremos`` nomeados (os que o enunciado diz, ou vazios e ``None``) a
    aparecerem de propósito, e não só se o acaso os trouxer: o primeiro extremo é a escolha mais
    simples (a dos primeiros exemplos e aquela para onde a redução leva) e cada um sai muitas
    vezes, mesmo com poucos exemplos."""
    if not extremos:
        return base
    return st.one_of(st.just(extremos[0]), st.sampled_from(extremos), base)


def resultados(max_folhas: int = 3) -> st.SearchStrategy:
    """O que uma ferramenta pode devolver: qualquer valor JSON, com ``None`` (o mais frequente),
    listas e objetos vazios, ``""``, ``0`` e ``False`` de propósito."""
    return com_extremos(valores_json(max_folhas), *EXTREMOS_JSON)


# ---------------------------------------------------------------------------------------------
# sequências de chamadas

def _reordenado(argumentos: dict) -> dict:
    """O mesmo dicionário com as chaves noutra ordem (também dentro de dicionários encaixados)."""
    return {k: (_reordenado(v) if isinstance(v, dict) else v) for k, v in reversed(argumentos.items())}


def chamadas_repetidas(nomes_: st.SearchStrategy[str] | None = None,
                       argumentos: st.SearchStrategy[dict] | None = None,
                       min_size: int = 0, max_size: int = 8, distintas: int = 4,
                       reordenar: bool = True) -> st.SearchStrategy[list[tuple[str, dict]]]:
    """Listas de chamadas ``(nome, argumentos)`` tiradas de um pequeno conjunto de chamadas
    distintas: as repetições aparecem seguidas ou não, e (com ``reordenar``) uma repetição pode
    trazer os mesmos argumentos com as chaves noutra ordem."""
    nomes_ = nomes_ if nomes_ is not None else st.sampled_from(["ler", "procurar", "enviar"])
    argumentos = argumentos if argumentos is not None else objetos_json(max_size=3, max_folhas=4)
    conjunto = st.lists(st.tuples(nomes_, argumentos), min_size=1, max_size=distintas)

    def escolher(chamadas):
        indice = st.integers(0, len(chamadas) - 1)
        troca = st.booleans() if reordenar else st.just(False)
        return st.lists(st.tuples(indice, troca), min_size=min_size, max_size=max_size).map(
            lambda escolhas: [(chamadas[i][0], _reordenado(chamadas[i][1]) if t else chamadas[i][1])
                              for i, t in escolhas])

    return conjunto.flatmap(escolher)


# ---------------------------------------------------------------------------------------------
# o que um modelo devolve

# argumentos que o modelo escreve mal: JSON partido, ou JSON que não é um objeto
ARGUMENTOS_PARTIDOS = ('{"nome_produto": ', "{", "", "null", "[1, 2]", '"rato"', "42", "true",
                       "{'a': 1}", '{"a": 1}}')


def argumentos_partidos() -> st.SearchStrategy[str]:
    """O texto de ``function.arguments`` quando o modelo o escreve mal: JSON partido (cortado a
    meio, vazio, com plicas) ou JSON válido que não é um objeto (``null``, uma lista, um texto)."""
    return st.sampled_from(ARGUMENTOS_PARTIDOS)


def respostas_do_modelo(chamadas: st.SearchStrategy[list[dict]],
                        texto: st.SearchStrategy[str] | None = None,
                        partidos: bool = False) -> st.SearchStrategy:
    """O que o decisor do modelo offline devolve (``curso.offline``): só texto, só chamadas
    (``[{"nome", "argumentos"}, …]``), texto e chamadas na mesma mensagem
    (``Roteiro.com_texto``) e, com ``partidos``, chamadas cujos argumentos vêm como texto partido."""
    from curso.offline import Roteiro  # só quem fala com o modelo offline o carrega

    texto = texto if texto is not None else textos(min_size=1, max_size=20)
    # não vazias; não «.filter(bool)»: a hypothesis reescreve-o em min_size e tropeça (6.170)
    algumas = chamadas.filter(lambda c: c != [])
    if partidos:
        quebrada = st.builds(lambda c, a: [{**c[0], "argumentos": a}, *c[1:]],
                             algumas, argumentos_partidos())
        chamadas, algumas = chamadas | quebrada, algumas | quebrada
    return texto | chamadas | st.builds(Roteiro.com_texto, texto, algumas)
