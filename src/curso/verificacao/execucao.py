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
from dataclasses import dataclass

import curso.propriedades as propriedades
from curso.caderno import Caderno, NomeEmFalta
from curso.fronteira.dados import ErroDaFronteira
from curso.verificacao.descoberta import metodos_de, nome_da_verificacao, selecionar
from curso.verificacao.tracebacks import do_aluno, erro_inesperado, so_afirmacoes
from curso.verificacao.vocabulario import (
    DICA_NOME_EM_FALTA,
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


def correr_verificacao(ident: str, classe: type, nome_metodo: str, nb: Caderno) -> Resultado:
    metodo = getattr(classe(), nome_metodo)
    nome = nome_da_verificacao(metodo)
    limite = getattr(classe, "limite_segundos", LIMITE_POR_VERIFICACAO)
    argumentos = [nb] if "nb" in inspect.signature(metodo).parameters else []
    try:
        with _Alarme(limite):
            metodo(*argumentos)
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


def correr_verificacoes(exercicio: str | int, nb: Caderno) -> list[Resultado]:
    """Corre as verificações públicas de um exercício ou capítulo e devolve os resultados.

    A seguir às de cada exercício vêm as propriedades genéricas (``propriedade_*``, ver
    ``curso.propriedades``), que não mudam o resultado de nenhuma verificação.
    """
    resultados = []
    for ident, classe in selecionar(exercicio).items():
        resultados.extend(correr_exercicio(ident, classe, nb))
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


def _observacao(ident: str, **opcoes) -> propriedades.Observacao:
    """Vigia só as funções do aluno: não as do módulo de verificações, do curso ou de bibliotecas."""
    return propriedades.Observacao(do_aluno=do_aluno(ident), **opcoes)


def correr_exercicio(ident: str, classe: type, nb: Caderno) -> list[Resultado]:
    """As verificações de ``classe`` sobre ``nb``, seguidas das linhas ``propriedade_*``.

    As linhas são sempre as de ``propriedades.propriedades_da_classe``. Uma propriedade só se
    decide quando alguma verificação passou (no caderno em branco nada passa por acaso) e, a dos
    argumentos e a do resultado novo, quando houve chamadas vigiadas; senão fica por fazer.
    """
    observacao = _observacao(ident, altera=frozenset(getattr(classe, "altera", ()) or ()),
                             resultado_novo=bool(getattr(classe, "resultado_novo", False)))
    observado = propriedades.CadernoObservado(nb, observacao)
    resultados = [correr_verificacao(ident, classe, m, observado) for m in metodos_de(classe)]
    alguma_passou = any(r.estado == PASSOU for r in resultados)
    linhas = [(_decidir(ident, nome, classe, nb, observacao, resultados) if alguma_passou else None)
              or _por_verificar(ident, nome) for nome in propriedades.propriedades_da_classe(classe)]
    return resultados + linhas


def _decidir(ident: str, nome: str, classe: type, nb: Caderno, observacao: propriedades.Observacao,
             resultados: list[Resultado]) -> Resultado | None:
    """A linha de uma propriedade, ou ``None`` se o que se viu ainda não chega para a decidir."""
    if nome == propriedades.NAO_ALTERA and (observacao.vigiadas or observacao.alteracoes):
        return _linha_de_propriedade(ident, nome, observacao.alteracoes, propriedades.DICA_NAO_ALTERA)
    if nome == propriedades.RESULTADO_NOVO and (observacao.vigiadas or observacao.partilhas):
        return _linha_de_propriedade(ident, nome, observacao.partilhas, propriedades.DICA_RESULTADO_NOVO)
    if nome == propriedades.SUBCLASSE_DE_DICT:
        return _subclasse_de_dict(ident, classe, nb, resultados)
    return None


def _subclasse_de_dict(ident: str, classe: type, nb: Caderno, resultados: list[Resultado]) -> Resultado | None:
    """Repete as verificações que passaram com os dicts dos argumentos trocados por uma subclasse."""
    troca = _observacao(ident, trocar=True)
    observado = propriedades.CadernoObservado(nb, troca)
    problemas = []
    for r in resultados:
        if r.estado != PASSOU or not r.metodo.startswith("test_"):
            continue
        outra = correr_verificacao(ident, classe, r.metodo, observado)
        if outra.estado != PASSOU:
            primeira = outra.mensagem.splitlines()[0] if outra.mensagem else ""
            problemas.append(f"com os dicts trocados por uma subclasse de dict, «{r.verificacao}» "
                             f"falhou: {primeira}")
    if not troca.trocadas:
        return None
    return _linha_de_propriedade(ident, propriedades.SUBCLASSE_DE_DICT, problemas, propriedades.DICA_SUBCLASSE)
