"""Propriedades genéricas: regras que valem para todos os exercícios, vigiadas pela maquinaria em
vez de reescritas em cada verificação.

As verificações chamam as funções do aluno através do caderno (``nb.f(...)``). Aqui o caderno é
trocado por um ``CadernoObservado`` que embrulha essas funções: antes de cada chamada tira um
retrato dos argumentos, depois compara. O resultado de cada verificação não muda; cada
propriedade acrescenta uma linha ao relatório, com um nome ``propriedade_*``:

- ``propriedade_nao_altera_argumentos`` (nos exercícios cujas funções recebem listas, dicionários
  ou conjuntos; uma classe cujas funções não os recebem declara ``recebe_contentores = False``):
  nenhum argumento muda durante a chamada, salvo os que a classe ``TestExN_M`` declara em
  ``altera = ("nome", …)``;
- ``propriedade_resultado_novo`` (com ``resultado_novo = True``): o resultado não é, nem contém,
  um contentor (lista, dicionário, conjunto) que veio nos argumentos;
- ``propriedade_subclasse_de_dict`` (com ``aceita_mapeamentos = True``): as verificações
  repetem-se com cada ``dict`` dos argumentos trocado por uma subclasse de ``dict``, e o que
  passava tem de continuar a passar.

As linhas de um exercício são sempre as mesmas, decididas pelos atributos da classe: o número de
verificações que quem estuda vê não muda entre o exercício em branco e o resolvido. Uma propriedade
só se decide (✔ ou ✘) quando alguma verificação do exercício passou (no caderno em branco nada
passa por acaso) e houve chamadas para vigiar; até lá fica «por fazer».
"""

from __future__ import annotations

import functools
import inspect
import reprlib
import types
from dataclasses import dataclass, field
from typing import Callable

from curso.caderno import Caderno

NAO_ALTERA = "propriedade_nao_altera_argumentos"
RESULTADO_NOVO = "propriedade_resultado_novo"
SUBCLASSE_DE_DICT = "propriedade_subclasse_de_dict"

NOMES = {
    NAO_ALTERA: "Não altera os argumentos que recebe (propriedade geral)",
    RESULTADO_NOVO: "Devolve objetos novos, não os que recebeu (propriedade geral)",
    SUBCLASSE_DE_DICT: "Aceita subclasses de dict onde aceita dicts (propriedade geral)",
}

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 80
_REPR.maxlist = _REPR.maxdict = 6
_MAXIMO_DE_NOS = 50_000  # retratos maiores não se vigiam (não atrasar as verificações)
_ATOMOS = (str, bytes, int, float, complex, bool, type(None))
_MUTAVEIS = (dict, list, set, bytearray)


def propriedades_da_classe(classe: type) -> list[str]:
    """As propriedades que a maquinaria corre para as verificações de ``classe`` (sempre as mesmas:
    dependem só dos atributos da classe, não do código de quem estuda)."""
    nomes = [NAO_ALTERA] if getattr(classe, "recebe_contentores", True) else []
    if getattr(classe, "resultado_novo", False):
        nomes.append(RESULTADO_NOVO)
    if getattr(classe, "aceita_mapeamentos", False):
        nomes.append(SUBCLASSE_DE_DICT)
    return nomes


class DictDoChamador(dict):
    """A subclasse de ``dict`` com que se repetem as verificações (``aceita_mapeamentos``)."""


# ---------------------------------------------------------------------------------------------
# retratos: a forma de um argumento, para saber depois se mudou


class _Grande(Exception):
    pass


def _retrato(valor: object, contador: list[int], emcurso: set[int]) -> object:
    """Uma cópia da estrutura de ``valor``: contentores copiados, o resto guardado por referência
    (compara-se por identidade, nunca se copia um cliente ou uma função)."""
    contador[0] += 1
    if contador[0] > _MAXIMO_DE_NOS:
        raise _Grande
    if type(valor) in _ATOMOS:
        return ("atomo", type(valor), valor)
    if not isinstance(valor, (dict, list, tuple, set, frozenset, bytearray)):
        return ("objeto", valor)
    if id(valor) in emcurso:
        return ("ciclo", id(valor))
    emcurso.add(id(valor))
    try:
        if isinstance(valor, dict):
            partes = tuple((_retrato(k, contador, emcurso), _retrato(v, contador, emcurso))
                           for k, v in valor.items())
        elif isinstance(valor, (set, frozenset)):
            partes = tuple(sorted((_retrato(v, contador, emcurso) for v in valor), key=repr))
        elif isinstance(valor, bytearray):
            partes = bytes(valor)
        else:
            partes = tuple(_retrato(v, contador, emcurso) for v in valor)
    finally:
        emcurso.discard(id(valor))
    return ("contentor", type(valor), id(valor), partes)


def retrato(valor: object) -> object | None:
    """O retrato de ``valor``, ou ``None`` se for grande demais para vigiar."""
    try:
        return _retrato(valor, [0], set())
    except (_Grande, RecursionError):
        return None


def _iguais(antes: object, depois: object) -> bool:
    if antes[0] == "objeto" or depois[0] == "objeto":
        return antes[0] == depois[0] and antes[1] is depois[1]
    if antes[0] == "atomo":
        return (depois[0] == "atomo" and antes[1] is depois[1]
                and (antes[2] is depois[2] or antes[2] == depois[2]))
    if antes[0] == "ciclo" or depois[0] == "ciclo":
        return antes == depois
    _, tipo, ident, partes = antes
    _, tipo2, ident2, partes2 = depois
    if tipo is not tipo2 or ident != ident2 or type(partes) is not type(partes2) or len(partes) != len(partes2):
        return False
    if isinstance(partes, bytes):
        return partes == partes2
    for a, b in zip(partes, partes2):
        if isinstance(a, tuple) and a and isinstance(a[0], tuple):  # par (chave, valor)
            if not (_iguais(a[0], b[0]) and _iguais(a[1], b[1])):
                return False
        elif not _iguais(a, b):
            return False
    return True


def _tem_mutaveis(valor: object, vistos: set[int] | None = None) -> bool:
    """``valor`` é (ou contém) uma lista, dicionário ou conjunto que quem chama pode ver mudar."""
    if isinstance(valor, _MUTAVEIS):
        return True
    if isinstance(valor, (tuple, frozenset)):
        vistos = vistos if vistos is not None else set()
        if id(valor) in vistos:
            return False
        vistos.add(id(valor))
        return any(_tem_mutaveis(v, vistos) for v in valor)
    return False


def _contentores(valor: object, encontrados: dict[int, str], onde: str, limite: list[int]) -> None:
    """Junta em ``encontrados`` cada lista/dicionário/conjunto dentro de ``valor`` (id → onde)."""
    pendentes = [(valor, onde)]
    while pendentes and limite[0] > 0:
        atual, sitio = pendentes.pop()
        limite[0] -= 1
        if isinstance(atual, _MUTAVEIS):
            if id(atual) in encontrados:
                continue
            encontrados[id(atual)] = sitio
        if isinstance(atual, dict):
            pendentes.extend((v, f"{sitio}[{k!r}]") for k, v in atual.items())
        elif isinstance(atual, (list, tuple, set, frozenset)):
            pendentes.extend((v, f"{sitio}[{i}]") for i, v in enumerate(atual))


def trocar_dicts(valor: object, tipo: type = DictDoChamador) -> object:
    """Uma cópia de ``valor`` com cada ``dict`` (do tipo exato) trocado por ``tipo``."""
    if type(valor) is dict:
        return tipo((k, trocar_dicts(v, tipo)) for k, v in valor.items())
    if type(valor) is list:
        return [trocar_dicts(v, tipo) for v in valor]
    if type(valor) is tuple:
        return tuple(trocar_dicts(v, tipo) for v in valor)
    return valor


def _tem_dicts(valor: object) -> bool:
    if type(valor) is dict:
        return True
    if type(valor) in (list, tuple):
        return any(_tem_dicts(v) for v in valor)
    return False


# ---------------------------------------------------------------------------------------------
# o caderno observado


def _assinatura(funcao) -> inspect.Signature | None:
    try:
        return inspect.signature(funcao)
    except (TypeError, ValueError):
        return None


@dataclass
class Observacao:
    """O que se viu nas chamadas às funções do aluno durante as verificações de um exercício.

    ``do_aluno(ficheiro)`` diz se uma função, pelo ficheiro do seu código, é do aluno (e por isso
    vigiada); as do pacote ``curso`` e das bibliotecas passam sem embrulho.
    """

    do_aluno: Callable[[str], bool] = lambda ficheiro: True
    altera: frozenset[str] = frozenset()
    resultado_novo: bool = False
    trocar: bool = False  # trocar os dicts dos argumentos por DictDoChamador
    # o ``Andamento`` de ``verificacao.execucao``: ``andamento.chamada(funcao)`` envolve cada
    # chamada (e recusa a de uma função que já esgotou o tempo noutra verificação)
    andamento: object = None
    vigiadas: int = 0  # chamadas que voltaram com pelo menos um argumento vigiado
    trocadas: int = 0  # chamadas em que se trocou pelo menos um dict
    alteracoes: list[str] = field(default_factory=list)
    partilhas: list[str] = field(default_factory=list)
    _embrulhos: dict[int, object] = field(default_factory=dict)

    def e_do_aluno(self, valor: object) -> bool:
        if isinstance(valor, types.FunctionType):
            return self.do_aluno(valor.__code__.co_filename)
        # uma função que vive no kernel do aluno (correção pela fronteira): o ficheiro vem de lá
        ficheiro = getattr(type(valor), "ficheiro_do_codigo", None) and valor.ficheiro_do_codigo
        return isinstance(ficheiro, str) and self.do_aluno(ficheiro)

    def embrulhar(self, funcao: types.FunctionType) -> types.FunctionType:
        if id(funcao) not in self._embrulhos:
            self._embrulhos[id(funcao)] = (funcao, self._embrulho(funcao))
        return self._embrulhos[id(funcao)][1]

    def _embrulho(self, funcao):
        """Uma função que chama ``funcao`` sob vigia e se parece com ela: mesmo nome, assinatura
        (``__wrapped__``) e ``__globals__`` — há verificações que trocam um nome no espaço de
        nomes da função do aluno."""
        chamar = functools.partial(self._chamar, funcao, _assinatura(funcao))
        if not isinstance(funcao, types.FunctionType):
            return _EmbrulhoRemoto(funcao, chamar)

        def chamada(*args, **kwargs):
            return chamar(args, kwargs)

        embrulho = types.FunctionType(chamada.__code__, funcao.__globals__, funcao.__name__,
                                      None, chamada.__closure__)
        return functools.wraps(funcao)(embrulho)

    def _chamar(self, funcao, assinatura, args, kwargs):
        if self.andamento is None:
            return self._chamar_vigiada(funcao, assinatura, args, kwargs)
        with self.andamento.chamada(funcao):
            return self._chamar_vigiada(funcao, assinatura, args, kwargs)

    def _chamar_vigiada(self, funcao, assinatura, args, kwargs):
        if self.trocar and (_tem_dicts(args) or _tem_dicts(kwargs)):
            args, kwargs = trocar_dicts(args), {k: trocar_dicts(v) for k, v in kwargs.items()}
            self.trocadas += 1
        try:
            ligados = assinatura.bind(*args, **kwargs).arguments if assinatura else {}
        except TypeError:
            ligados = {}
        vigiados = []
        for nome, valor in ligados.items():
            if nome not in self.altera and _tem_mutaveis(valor):
                foto = retrato(valor)
                if foto is not None:
                    vigiados.append((nome, valor, foto, _REPR.repr(valor)))
        dos_argumentos: dict[int, str] = {}
        if self.resultado_novo:
            for nome, valor in ligados.items():
                _contentores(valor, dos_argumentos, nome, [_MAXIMO_DE_NOS])
        try:
            resultado = funcao(*args, **kwargs)
        finally:
            self._comparar(funcao.__name__, vigiados)
        if vigiados:
            self.vigiadas += 1
        if self.resultado_novo and dos_argumentos:
            partilhados: dict[int, str] = {}
            _contentores(resultado, partilhados, "o resultado", [_MAXIMO_DE_NOS])
            for ident, onde in partilhados.items():
                if ident in dos_argumentos:
                    self.partilhas.append(
                        f"{funcao.__name__}(…): {onde} é o próprio {dos_argumentos[ident]} que recebeu")
                    break
        return resultado

    def _comparar(self, nome_funcao: str, vigiados: list) -> None:
        for nome, valor, foto, antes in vigiados:
            depois = retrato(valor)
            if depois is None or not _iguais(foto, depois):
                self.alteracoes.append(
                    f"{nome_funcao}(…): o argumento {nome} era {antes} e ficou {_REPR.repr(valor)}")


class _EmbrulhoRemoto:
    """O embrulho de uma função do outro lado da fronteira: chama-a sob vigia e deixa o resto
    (``__name__``, ``__globals__``, a assinatura) com a própria função."""

    def __init__(self, funcao, chamar):
        object.__setattr__(self, "_funcao", funcao)
        object.__setattr__(self, "_chamar", chamar)

    def __call__(self, *args, **kwargs):
        return self._chamar(args, kwargs)

    def __getattr__(self, nome: str):
        return getattr(self._funcao, nome)

    @property
    def __signature__(self):
        return inspect.signature(self._funcao)

    def __repr__(self) -> str:
        return repr(self._funcao)


class CadernoObservado:
    """Um caderno cujas funções (as do aluno) são embrulhadas pela ``Observacao``.

    Serve qualquer caderno com a interface de ``Caderno`` — o carregado neste processo ou o
    ``CadernoRemoto`` da correção (``curso.fronteira``): o resto pede-se ao caderno de base."""

    def __init__(self, base: Caderno, observacao: Observacao):
        self._base = base
        self._observacao = observacao

    def __getattr__(self, nome):
        if nome.startswith("_"):
            raise AttributeError(nome)
        valor = getattr(self._base, nome)
        if self._observacao.e_do_aluno(valor):
            return self._observacao.embrulhar(valor)
        return valor

    def __contains__(self, nome) -> bool:
        return nome in self._base

    def com(self, codigo: str, origem: str = "<alteração>") -> "CadernoObservado":
        return CadernoObservado(self._base.com(codigo, origem), self._observacao)


DICA_NAO_ALTERA = (
    "A tua função alterou um argumento que recebeu, e o enunciado não o pede: quem chama não "
    "espera ver os seus dados mudar. Trabalha sobre uma cópia (list(x), dict(x), "
    "copy.deepcopy(x)) ou constrói um valor novo.")
DICA_RESULTADO_NOVO = (
    "A tua função devolveu (ou pôs dentro do resultado) uma lista ou dicionário que recebeu: "
    "devolve um objeto novo, para que mexer no resultado não mexa nos dados de quem chama.")
DICA_POR_VERIFICAR = (
    "Esta propriedade vigia as chamadas que as outras verificações fazem às tuas funções: fica por "
    "verificar até alguma delas passar.")
DICA_SUBCLASSE = (
    "A tua função trata mal um dicionário que é uma subclasse de dict (como um OrderedDict ou um "
    "defaultdict): verifica com isinstance(x, dict), não com type(x) is dict, e não dependas do "
    "tipo exato.")
