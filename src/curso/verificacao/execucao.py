"""A execução: cada verificação com o seu limite de tempo, o seu ✔/✘, e a seguir as propriedades
genéricas do exercício (``curso.propriedades``).

Uma verificação é um método ``test_*`` de uma classe ``TestExN_M`` (ver ``descoberta``) chamado
com o caderno ``nb``: o local (``curso.caderno.Caderno``) ou o remoto da correção
(``curso.fronteira.confianca.CadernoRemoto``). O que ela lança decide o estado; quando não é uma
``AssertionError``, a mensagem vem de ``tracebacks``.
"""

from __future__ import annotations

import inspect
import signal
import sys
import threading
import time
import types
from dataclasses import dataclass

import curso.propriedades as propriedades
from curso.caderno import Caderno, NomeEmFalta
from curso.fronteira.dados import ErroDaFronteira
from curso.verificacao.descoberta import metodos_de, nome_da_verificacao, selecionar
from curso.verificacao.tracebacks import do_aluno, erro_inesperado, so_afirmacoes
from curso.verificacao.vocabulario import (
    DICA_NOME_EM_FALTA,
    DICA_SALTADA,
    DICA_TEMPO,
    FALHOU,
    PASSOU,
    POR_FAZER,
    explica,
)

LIMITE_POR_VERIFICACAO = 20.0  # segundos; uma classe pode mudar com ``limite_segundos``


@dataclass
class Resultado:
    exercicio: str
    verificacao: str
    estado: str
    mensagem: str = ""
    metodo: str = ""  # o nome na classe (``test_x``) ou da propriedade genérica (``propriedade_x``)


class TempoEsgotado(BaseException):
    """Lançada pelo alarme; herda de BaseException para um ``except Exception`` não a engolir."""


class _Alarme:
    """Limite de tempo por verificação (só onde há SIGALRM e estamos na thread principal).

    O alarme repete-se até a verificação sair do bloco: um ``TempoEsgotado`` que calha dentro de
    um *callback* do ``gc`` (o da hypothesis, visto na CI) ou de um ``__del__`` é engolido pelo
    Python como «unraisable», e um ``except BaseException: pass`` também o engole; um alarme de um
    só tiro deixava então a verificação correr sem limite. Enquanto o ``TempoEsgotado`` está a ser
    tratado (a fronteira a recuperar o kernel, um ``finally``), a repetição não o interrompe.
    """

    REPETICAO = 0.5  # segundos entre um alarme engolido e o seguinte

    def __init__(self, segundos: float):
        self.segundos = segundos
        self.ativo = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        self.disparou = False

    def _disparar(self, *_):
        if self.disparou and _a_ser_tratado():
            return
        self.disparou = True
        raise TempoEsgotado()

    def __enter__(self):
        if self.ativo:
            self.anterior = signal.signal(signal.SIGALRM, self._disparar)
            signal.setitimer(signal.ITIMER_REAL, self.segundos, self.REPETICAO)
        return self

    def __exit__(self, *_):
        if self.ativo:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.anterior)


def _a_ser_tratado() -> bool:
    """Um ``TempoEsgotado`` está a ser tratado (num ``except``/``finally``), talvez por baixo de
    outra exceção que esse tratamento lançou e apanhou."""
    erro = sys.exc_info()[1]
    for _ in range(100):  # a cadeia de __context__ é curta; o limite só evita um ciclo
        if erro is None:
            return False
        if isinstance(erro, TempoEsgotado):
            return True
        erro = erro.__context__
    return False


class FuncaoSemTempo(BaseException):
    """Lançada em vez de chamar uma função do aluno que já esgotou o tempo noutra verificação.

    Herda de BaseException, como ``TempoEsgotado``: se a função foi passada a outra do aluno (um
    decisor, uma ferramenta), um ``except Exception`` dele não a engole."""

    def __init__(self, funcao: str, onde: str):
        super().__init__(funcao, onde)
        self.funcao, self.onde = funcao, onde


def _chave(funcao) -> object:
    """A mesma função, seja qual for o embrulho: o objeto, ou o representante do kernel (a
    fronteira cria um por pedido; o ``repr`` vem do kernel e é o do objeto de lá)."""
    return id(funcao) if isinstance(funcao, types.FunctionType) else (type(funcao).__name__, repr(funcao))


def _e_tempo(erro: BaseException | None) -> bool:
    return isinstance(erro, TempoEsgotado) or (isinstance(erro, ErroDaFronteira) and bool(erro.tempo))


class Andamento:
    """Uma chamada a ``correr_verificacoes`` enquanto corre.

    ``atual`` é a verificação em curso (``(exercício, nome, início, limite em s)``), para quem
    mostra a espera noutra thread. E guarda as funções do aluno em que uma verificação esgotou o tempo: as
    verificações seguintes não as voltam a chamar — cada uma esperaria o limite inteiro (no
    capítulo 1, um ciclo sem fim num só exercício eram 68 s sem nada no ecrã). A chamada é recusada
    com ``FuncaoSemTempo`` e a verificação conta como falhada, mesmo que o código do aluno engula
    a recusa (nunca como passada).
    """

    def __init__(self):
        self.atual: tuple[str, str, float, float] | None = None
        self.recusas: list[FuncaoSemTempo] = []
        self._esgotadas: dict[object, tuple[object, str]] = {}  # chave → (a função, onde esgotou)
        self._em_curso = 0  # chamadas a funções do aluno umas dentro das outras

    def chamada(self, funcao) -> _Chamada:
        """Envolve uma chamada das verificações a ``funcao`` (ver ``propriedades.Observacao``)."""
        return _Chamada(self, funcao)


class _Chamada:
    def __init__(self, andamento: Andamento, funcao):
        self.andamento, self.funcao, self.chave = andamento, funcao, _chave(funcao)

    def __enter__(self):
        esgotada = self.andamento._esgotadas.get(self.chave)
        if esgotada is not None:
            recusa = FuncaoSemTempo(getattr(self.funcao, "__name__", "a tua função"), esgotada[1])
            self.andamento.recusas.append(recusa)
            raise recusa
        self.andamento._em_curso += 1
        return self

    def __exit__(self, tipo, erro, _quadros):
        andamento = self.andamento
        andamento._em_curso -= 1
        # só a chamada de fora: um decisor do aluno que a função em ciclo chamava não tem culpa
        if andamento._em_curso == 0 and _e_tempo(erro) and andamento.atual is not None:
            andamento._esgotadas.setdefault(self.chave, (self.funcao, andamento.atual[1]))
        return False


def _saltada(ident: str, nome: str, recusa: FuncaoSemTempo, nome_metodo: str) -> Resultado:
    return Resultado(ident, nome, FALHOU, explica(
        f"{DICA_SALTADA} {recusa.funcao}() já passou do tempo em «{recusa.onde}». Há algum ciclo sem limite?",
        "não a chamei outra vez, para não esperares de novo; conta como falhada"),
        nome_metodo)


def correr_verificacao(ident: str, classe: type, nome_metodo: str, nb: Caderno,
                       andamento: Andamento | None = None) -> Resultado:
    """Corre uma verificação com o seu limite de tempo. Com ``andamento``, diz-lhe qual está a
    correr e conta como falhada se uma chamada a uma função sem tempo foi recusada."""
    metodo = getattr(classe(), nome_metodo)
    nome = nome_da_verificacao(metodo)
    limite = getattr(classe, "limite_segundos", LIMITE_POR_VERIFICACAO)
    if andamento is None:
        return _correr(ident, nome_metodo, nb, metodo, nome, limite)
    andamento.atual, recusas = (ident, nome, time.monotonic(), limite), len(andamento.recusas)
    try:
        resultado = _correr(ident, nome_metodo, nb, metodo, nome, limite)
    finally:
        andamento.atual = None
    if len(andamento.recusas) > recusas:  # mesmo que o código do aluno a tenha engolido
        return _saltada(ident, nome, andamento.recusas[recusas], nome_metodo)
    return resultado


def _correr(ident: str, nome_metodo: str, nb: Caderno, metodo, nome: str, limite: float) -> Resultado:
    argumentos = [nb] if "nb" in inspect.signature(metodo).parameters else []
    try:
        with _Alarme(limite):
            metodo(*argumentos)
    except FuncaoSemTempo as recusa:
        return _saltada(ident, nome, recusa, nome_metodo)
    except AssertionError as erro:
        mensagem = str(erro).strip() or "A verificação falhou."
        return Resultado(ident, nome, FALHOU, mensagem, nome_metodo)
    except NotImplementedError:
        return Resultado(ident, nome, POR_FAZER, "ainda não implementado", nome_metodo)
    except NomeEmFalta as erro:
        return Resultado(ident, nome, FALHOU, explica(DICA_NOME_EM_FALTA, str(erro)), nome_metodo)
    except TempoEsgotado:
        return Resultado(ident, nome, FALHOU, explica(
            f"{DICA_TEMPO} {limite:g} s: há algum ciclo sem limite?",
            "a verificação foi interrompida",
        ), nome_metodo)
    except ErroDaFronteira as erro:  # na correção: o kernel não respondeu como devia
        if erro.tempo:
            return Resultado(ident, nome, FALHOU, explica(
                f"{DICA_TEMPO} o tempo da correção: há algum ciclo sem limite?",
                "a verificação foi interrompida"), nome_metodo)
        return Resultado(ident, nome, FALHOU, explica(
            "O kernel do teu caderno não respondeu à correção (ficou preso, morreu ou respondeu "
            "o que não devia).", str(erro)[:300]), nome_metodo)
    except KeyboardInterrupt:
        raise
    except BaseException as erro:  # noqa: BLE001 — o código do aluno pode lançar qualquer coisa
        afirmacoes = so_afirmacoes(erro)
        if afirmacoes:  # a hypothesis junta num grupo várias falhas distintas
            return Resultado(ident, nome, FALHOU, "\n".join(afirmacoes), nome_metodo)
        return Resultado(ident, nome, FALHOU, erro_inesperado(erro, metodo, ident), nome_metodo)
    return Resultado(ident, nome, PASSOU, "", nome_metodo)


def correr_verificacoes(exercicio: str | int, nb: Caderno, andamento: Andamento | None = None) -> list[Resultado]:
    """Corre as verificações públicas de um exercício ou capítulo e devolve os resultados.

    A seguir às de cada exercício vêm as propriedades genéricas (``propriedade_*``, ver
    ``curso.propriedades``), que não mudam o resultado de nenhuma verificação. Uma função do aluno
    que esgotou o tempo numa verificação não é chamada nas seguintes (ver ``Andamento``).
    """
    andamento = andamento or Andamento()
    resultados = []
    for ident, classe in selecionar(exercicio).items():
        resultados.extend(correr_exercicio(ident, classe, nb, andamento))
    return resultados


def estado_do_exercicio(resultados: list[Resultado]) -> str:
    if resultados and all(r.estado == PASSOU for r in resultados):
        return PASSOU
    if all(r.estado == POR_FAZER for r in resultados):
        return POR_FAZER
    return FALHOU


# ---------------------------------------------------------------------------------------------
# propriedades genéricas (curso.propriedades): linhas ``propriedade_*`` depois das verificações


def _linha_de_propriedade(ident: str, nome: str, problemas: list[str], dica: str) -> Resultado:
    if not problemas:
        return Resultado(ident, propriedades.NOMES[nome], PASSOU, "", nome)
    detalhe = "\n".join(list(dict.fromkeys(problemas))[:3])
    return Resultado(ident, propriedades.NOMES[nome], FALHOU, explica(dica, detalhe), nome)


def _por_verificar(ident: str, nome: str) -> Resultado:
    """A linha de uma propriedade que ainda não se pode decidir: aparece na mesma, para que o número
    de verificações seja o mesmo no exercício em branco e no resolvido."""
    return Resultado(ident, propriedades.NOMES[nome], POR_FAZER, propriedades.DICA_POR_VERIFICAR, nome)


def _observacao(ident: str, andamento: Andamento, **opcoes) -> propriedades.Observacao:
    """Vigia só as funções do aluno: não as do módulo de verificações, do curso ou de bibliotecas."""
    return propriedades.Observacao(do_aluno=do_aluno(ident), andamento=andamento, **opcoes)


def correr_exercicio(ident: str, classe: type, nb: Caderno, andamento: Andamento | None = None) -> list[Resultado]:
    """As verificações de ``classe`` sobre ``nb``, seguidas das linhas ``propriedade_*``.

    As linhas são sempre as de ``propriedades.propriedades_da_classe``. Uma propriedade só se
    decide quando alguma verificação passou (no caderno em branco nada passa por acaso) e, a dos
    argumentos e a do resultado novo, quando houve chamadas vigiadas; senão fica por fazer.
    """
    andamento = andamento or Andamento()
    observacao = _observacao(ident, andamento, altera=frozenset(getattr(classe, "altera", ()) or ()),
                             resultado_novo=bool(getattr(classe, "resultado_novo", False)))
    observado = propriedades.CadernoObservado(nb, observacao)
    resultados = [correr_verificacao(ident, classe, m, observado, andamento) for m in metodos_de(classe)]
    alguma_passou = any(r.estado == PASSOU for r in resultados)
    linhas = [(_decidir(ident, nome, classe, nb, observacao, resultados, andamento) if alguma_passou else None)
              or _por_verificar(ident, nome) for nome in propriedades.propriedades_da_classe(classe)]
    return resultados + linhas


def _decidir(ident: str, nome: str, classe: type, nb: Caderno, observacao: propriedades.Observacao,
             resultados: list[Resultado], andamento: Andamento) -> Resultado | None:
    """A linha de uma propriedade, ou ``None`` se o que se viu ainda não chega para a decidir."""
    if nome == propriedades.NAO_ALTERA and (observacao.vigiadas or observacao.alteracoes):
        return _linha_de_propriedade(ident, nome, observacao.alteracoes, propriedades.DICA_NAO_ALTERA)
    if nome == propriedades.RESULTADO_NOVO and (observacao.vigiadas or observacao.partilhas):
        return _linha_de_propriedade(ident, nome, observacao.partilhas, propriedades.DICA_RESULTADO_NOVO)
    if nome == propriedades.SUBCLASSE_DE_DICT:
        return _subclasse_de_dict(ident, classe, nb, resultados, andamento)
    return None


def _subclasse_de_dict(ident: str, classe: type, nb: Caderno, resultados: list[Resultado],
                       andamento: Andamento) -> Resultado | None:
    """Repete as verificações que passaram com os dicts dos argumentos trocados por uma subclasse."""
    troca = _observacao(ident, andamento, trocar=True)
    observado = propriedades.CadernoObservado(nb, troca)
    problemas = []
    for r in resultados:
        if r.estado != PASSOU or not r.metodo.startswith("test_"):
            continue
        outra = correr_verificacao(ident, classe, r.metodo, observado, andamento)
        if outra.estado != PASSOU:
            primeira = outra.mensagem.splitlines()[0] if outra.mensagem else ""
            problemas.append(f"com os dicts trocados por uma subclasse de dict, «{r.verificacao}» "
                             f"falhou: {primeira}")
    if not troca.trocadas:
        return None
    return _linha_de_propriedade(ident, propriedades.SUBCLASSE_DE_DICT, problemas, propriedades.DICA_SUBCLASSE)
