"""As verificações públicas: encontrá-las, corrê-las contra um caderno e mostrar o resultado.

As verificações de cada capítulo são classes ``TestExN_M`` em ``tests/exercicios/test_capNN.py``
com métodos ``test_*(self, nb)``. O mesmo ficheiro serve o pytest (com o fixture ``nb``) e este
executor, que não precisa do pytest e por isso responde depressa dentro de um kernel.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import math
import os
import signal
import sys
import tempfile
import threading
import traceback
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from types import ModuleType

from curso.caderno import Caderno, NomeEmFalta
from curso.raiz import ErroDoCurso, capitulo_de, capitulos_existentes, modulo_de_verificacoes

# a hypothesis guarda exemplos numa pasta .hypothesis/ na pasta atual (a do caderno, num kernel);
# fora do repositório não suja as pastas dos exercícios nem as submissões
os.environ.setdefault(
    "HYPOTHESIS_STORAGE_DIRECTORY", os.path.join(tempfile.gettempdir(), "curso-hypothesis")
)

LIMITE_POR_VERIFICACAO = 20.0  # segundos; uma classe pode mudar com ``limite_segundos``

PASSOU, FALHOU, POR_FAZER = "passou", "falhou", "por_fazer"
DICA_NOME_EM_FALTA = "Falta um nome no caderno."  # um ✘ que vem do carregamento, não da verificação
DICA_TEMPO = "O teu código demorou mais de"  # o começo do ✘ de uma verificação interrompida
SIMBOLO = {PASSOU: "✔", FALHOU: "✘", POR_FAZER: "…"}


def explica(dica: str, detalhe: object = None) -> str:
    """Mensagem de uma verificação: primeiro a dica, depois o pormenor do que se viu."""
    if detalhe is None or detalhe == "":
        return dica
    return f"{dica}\nPormenor: {detalhe}"


@contextmanager
def lanca(tipo: type[BaseException], dica: str | None = None):
    """Como ``pytest.raises``, sem importar o pytest num kernel: o bloco tem de lançar ``tipo``.

    Outra exceção passa (um ``NotImplementedError`` continua a ler-se «ainda não implementado»).
    """
    try:
        yield
    except tipo:
        return
    raise AssertionError(dica or f"Esperava que fosse lançado {tipo.__name__}, e não foi.")


def como_lido_do_modelo(texto: str) -> str:
    """Um texto igual a ``texto`` mas noutro objeto, como um nome que chega no JSON de um modelo.

    Apanha quem compara textos com ``is`` em vez de ``==``: com literais do código funciona por
    acaso (o Python partilha-os), com o que vem de fora não.
    """
    return json.loads(json.dumps(texto))


@contextmanager
def emprestado(dicionario: dict, chave, valor):
    """Põe ``dicionario[chave] = valor`` durante o bloco e repõe depois o que lá estava.

    Serve para uma verificação juntar uma ferramenta espia ao ``FERRAMENTAS`` do caderno sem o
    deixar alterado (o caderno do aluno é o mesmo objeto que o seu código lê).
    """
    havia, antes = chave in dicionario, dicionario.get(chave)
    dicionario[chave] = valor
    try:
        yield valor
    finally:
        if havia:
            dicionario[chave] = antes
        else:
            dicionario.pop(chave, None)


class aprox:  # noqa: N801 — lê-se como pytest.approx: ``valor == aprox(0.75)``
    """Igualdade de números com tolerância relativa (como ``pytest.approx``)."""

    def __init__(self, esperado: float, rel: float = 1e-6, abs: float = 1e-12):
        self.esperado, self.rel, self.abs = esperado, rel, abs

    def __eq__(self, outro) -> bool:
        try:
            return math.isclose(outro, self.esperado, rel_tol=self.rel, abs_tol=self.abs)
        except TypeError:
            return False

    def __repr__(self) -> str:
        return f"{self.esperado!r} ± {self.rel:g}"


@dataclass
class Resultado:
    exercicio: str
    verificacao: str
    estado: str
    mensagem: str = ""


class TempoEsgotado(BaseException):
    """Lançada pelo alarme; herda de BaseException para um ``except Exception`` não a engolir."""


# ---------------------------------------------------------------------------------------------
# encontrar as verificações

_modulos: dict[int, ModuleType] = {}


def _modulo(capitulo: int) -> ModuleType:
    if capitulo not in _modulos:
        caminho = modulo_de_verificacoes(capitulo)
        if not caminho.is_file():
            existentes = ", ".join(str(c) for c in capitulos_existentes()) or "nenhum"
            raise ErroDoCurso(
                f"Não há verificações para o capítulo {capitulo}. Capítulos com exercícios: "
                f"{existentes}."
            )
        spec = importlib.util.spec_from_file_location(f"curso_verificacoes_cap{capitulo:02d}", caminho)
        modulo = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(modulo)
        _modulos[capitulo] = modulo
    return _modulos[capitulo]


def _id_da_classe(nome: str) -> str | None:
    if not nome.startswith("TestEx"):
        return None
    cap, _, ex = nome[len("TestEx"):].partition("_")
    return f"{int(cap)}.{int(ex)}" if cap.isdigit() and ex.isdigit() else None


def exercicios_do_capitulo(capitulo: int) -> dict[str, type]:
    """``{"1.1": TestEx1_1, ...}`` pela ordem dos números dos exercícios."""
    classes = {}
    for nome, objeto in vars(_modulo(capitulo)).items():
        ident = _id_da_classe(nome)
        if ident and inspect.isclass(objeto):
            classes[ident] = objeto
    return dict(sorted(classes.items(), key=lambda par: int(par[0].split(".")[1])))


def titulo(classe: type) -> str:
    return (inspect.getdoc(classe) or classe.__name__).splitlines()[0].rstrip(".")


def _nome_da_verificacao(metodo) -> str:
    doc = inspect.getdoc(metodo)
    return doc.splitlines()[0].rstrip(".") if doc else metodo.__name__.removeprefix("test_").replace("_", " ")


def selecionar(exercicio: str | int) -> dict[str, type]:
    """As classes de um exercício (``"1.2"``) ou de um capítulo inteiro (``1``)."""
    capitulo = capitulo_de(exercicio)
    classes = exercicios_do_capitulo(capitulo)
    if "." not in str(exercicio).strip():
        return classes
    ident = f"{capitulo}.{int(str(exercicio).split('.')[1])}"
    if ident not in classes:
        raise ErroDoCurso(
            f"O capítulo {capitulo} não tem o exercício {ident}. Tem: {', '.join(classes)}."
        )
    return {ident: classes[ident]}


# ---------------------------------------------------------------------------------------------
# correr


class _Alarme:
    """Limite de tempo por verificação (só onde há SIGALRM e estamos na thread principal)."""

    def __init__(self, segundos: float):
        self.segundos = segundos
        self.ativo = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()

    def _disparar(self, *_):
        raise TempoEsgotado()

    def __enter__(self):
        if self.ativo:
            self.anterior = signal.signal(signal.SIGALRM, self._disparar)
            signal.setitimer(signal.ITIMER_REAL, self.segundos)
        return self

    def __exit__(self, *_):
        if self.ativo:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.anterior)


def _onde(erro: BaseException) -> str:
    """A última linha do código do caderno por onde passou a exceção."""
    for quadro in reversed(traceback.extract_tb(erro.__traceback__)):
        if quadro.filename.startswith("<") and "célula" in quadro.filename:
            return f" (em {quadro.filename.strip('<>')}, linha {quadro.lineno})"
    return ""


def correr_verificacao(ident: str, classe: type, nome_metodo: str, nb: Caderno) -> Resultado:
    metodo = getattr(classe(), nome_metodo)
    nome = _nome_da_verificacao(metodo)
    limite = getattr(classe, "limite_segundos", LIMITE_POR_VERIFICACAO)
    argumentos = [nb] if "nb" in inspect.signature(metodo).parameters else []
    try:
        with _Alarme(limite):
            metodo(*argumentos)
    except AssertionError as erro:
        mensagem = str(erro).strip() or "A verificação falhou."
        return Resultado(ident, nome, FALHOU, mensagem)
    except NotImplementedError:
        return Resultado(ident, nome, POR_FAZER, "ainda não implementado")
    except NomeEmFalta as erro:
        return Resultado(ident, nome, FALHOU, explica(DICA_NOME_EM_FALTA, str(erro)))
    except TempoEsgotado:
        return Resultado(ident, nome, FALHOU, explica(
            f"{DICA_TEMPO} {limite:g} s: há algum ciclo sem limite?",
            "a verificação foi interrompida",
        ))
    except KeyboardInterrupt:
        raise
    except BaseException as erro:  # noqa: BLE001 — o código do aluno pode lançar qualquer coisa
        tipo = type(erro).__name__
        return Resultado(ident, nome, FALHOU, explica(
            f"O teu código lançou uma exceção inesperada{_onde(erro)}.", f"{tipo}: {erro}"
        ))
    return Resultado(ident, nome, PASSOU)


def metodos_de(classe: type) -> list[str]:
    return [n for n in vars(classe) if n.startswith("test_") and callable(getattr(classe, n))]


def correr_verificacoes(exercicio: str | int, nb: Caderno) -> list[Resultado]:
    """Corre as verificações públicas de um exercício ou capítulo e devolve os resultados."""
    resultados = []
    for ident, classe in selecionar(exercicio).items():
        for nome_metodo in metodos_de(classe):
            resultados.append(correr_verificacao(ident, classe, nome_metodo, nb))
    return resultados


# ---------------------------------------------------------------------------------------------
# mostrar


def estado_do_exercicio(resultados: list[Resultado]) -> str:
    if resultados and all(r.estado == PASSOU for r in resultados):
        return PASSOU
    if all(r.estado == POR_FAZER for r in resultados):
        return POR_FAZER
    return FALHOU


def formatar(exercicio: str | int, resultados: list[Resultado]) -> str:
    linhas = []
    por_exercicio: dict[str, list[Resultado]] = {}
    for r in resultados:
        por_exercicio.setdefault(r.exercicio, []).append(r)
    classes = selecionar(exercicio)
    for ident, lista in por_exercicio.items():
        linhas.append(f"Exercício {ident} — {titulo(classes[ident])}")
        if estado_do_exercicio(lista) == POR_FAZER:
            linhas.append(f"  {SIMBOLO[POR_FAZER]} ainda não implementado")
            continue
        for r in lista:
            linhas.append(f"  {SIMBOLO[r.estado]} {r.verificacao}")
            if r.estado != PASSOU:
                linhas.extend("      " + linha for linha in r.mensagem.splitlines())
    passaram = sum(r.estado == PASSOU for r in resultados)
    total = len(resultados)
    if passaram == total:
        linhas.append(f"Tudo certo: {total}/{total} verificações públicas passaram.")
    else:
        linhas.append(f"{passaram}/{total} verificações públicas passaram.")
    return "\n".join(linhas)


def como_dicionarios(resultados: list[Resultado]) -> list[dict]:
    return [asdict(r) for r in resultados]


def verificar(exercicio: str | int, nb: Caderno | dict | None = None) -> None:
    """Corre as verificações públicas de ``exercicio`` (``"1.1"`` ou ``1``) sobre este caderno.

    Mostra ✔/✘ por verificação, com a dica primeiro. Na correção automática (nbgrader) uma
    falha lança ``AssertionError`` para a célula valer zero; no teu caderno não lança, para que
    «Run All» chegue ao fim.
    """
    if nb is None:
        nb = Caderno(sys._getframe(1).f_globals, "<este caderno>")
    elif isinstance(nb, dict):
        nb = Caderno(nb)
    try:
        resultados = correr_verificacoes(exercicio, nb)
    except ErroDoCurso as erro:
        print(f"✘ {erro}")
        if os.environ.get("NBGRADER_EXECUTION"):
            raise AssertionError(str(erro)) from None
        return
    texto = formatar(exercicio, resultados)
    print(texto)
    if os.environ.get("NBGRADER_EXECUTION") and any(r.estado != PASSOU for r in resultados):
        raise AssertionError(f"Há verificações públicas por passar no exercício {exercicio}.")
