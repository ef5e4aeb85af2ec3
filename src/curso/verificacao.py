"""As verificações públicas: encontrá-las, corrê-las contra um caderno e mostrar o resultado.

As verificações de cada capítulo são classes ``TestExN_M`` em ``tests/exercicios/test_capNN.py``
com métodos ``test_*(self, nb)``. O mesmo ficheiro serve o pytest (com o fixture ``nb``) e este
executor, que não precisa do pytest e por isso responde depressa dentro de um kernel.
"""

from __future__ import annotations

import ast
import html
import importlib
import importlib.util
import inspect
import json
import math
import os
import re
import reprlib
import signal
import sys
import sysconfig
import tempfile
import threading
import traceback
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from types import ModuleType

import curso.propriedades as propriedades
from curso.caderno import Caderno, NomeEmFalta
from curso.cores import CORES
from curso.estados import Estado
from curso.fronteira.dados import ErroDaFronteira
from curso.raiz import ErroDoCurso, capitulo_de, capitulos_existentes, modulo_de_verificacoes

# a hypothesis guarda exemplos numa pasta .hypothesis/ na pasta atual (a do caderno, num kernel);
# fora do repositório não suja as pastas dos exercícios nem as submissões
os.environ.setdefault(
    "HYPOTHESIS_STORAGE_DIRECTORY", os.path.join(tempfile.gettempdir(), "curso-hypothesis")
)

LIMITE_POR_VERIFICACAO = 20.0  # segundos; uma classe pode mudar com ``limite_segundos``

# os nomes de sempre, exportados para quem já os importa daqui; o tipo é o de curso.estados
PASSOU, FALHOU, POR_FAZER = Estado.PASSOU, Estado.FALHOU, Estado.POR_FAZER
DICA_NOME_EM_FALTA = "Falta um nome no caderno."  # um ✘ que vem do carregamento, não da verificação
DICA_TEMPO = "O teu código demorou mais de"  # o começo do ✘ de uma verificação interrompida
SIMBOLO = {PASSOU: "✔", FALHOU: "✘", POR_FAZER: "…"}
COR = {PASSOU: CORES["ok"], FALHOU: CORES["erro"], POR_FAZER: CORES["neutro"]}

# Começo da mensagem com que ``verificar`` faz falhar a célula sob o nbgrader. O retorno ao aluno
# (curso.correcao.retorno) reconhece-o para mostrar a falha como pública, e não como «um teste
# escondido falhou»: é por isso uma constante partilhada, não um texto repetido.
PREFIXO_PUBLICAS = "Há verificações públicas por passar"


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


class aprox:  # minúsculas: lê-se como pytest.approx, ``valor == aprox(0.75)``
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
    metodo: str = ""  # o nome na classe (``test_x``) ou da propriedade genérica (``propriedade_x``)


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


def _importacoes(caminho: str) -> list[str]:
    """Os módulos que um ficheiro importa, também os importados só dentro de funções."""
    with open(caminho, encoding="utf-8") as ficheiro:
        arvore = ast.parse(ficheiro.read(), caminho)
    nomes: list[str] = []
    for no in ast.walk(arvore):
        if isinstance(no, ast.Import):
            nomes.extend(alias.name for alias in no.names)
        elif isinstance(no, ast.ImportFrom) and no.module and not no.level:
            nomes.append(no.module)
    return list(dict.fromkeys(nomes))


def preparar_verificacoes(capitulo: int) -> None:
    """Carrega já as verificações de um capítulo e tudo o que elas importam.

    Vai na célula de preparação dos cadernos cujas verificações usam bibliotecas pesadas (o SDK
    da OpenAI, a hypothesis): o segundo que custam a carregar passa para essa célula, que corres
    uma vez ao abrir o caderno, e o primeiro ``verificar("N.M")`` responde logo. Sem threads:
    importar em paralelo com as células de quem estuda podia dar módulos a meio de carregar.
    """
    if os.environ.get("NBGRADER_EXECUTION"):
        return  # na correção ninguém está à espera: não somar o ensaio ao tempo de cada caderno
    importados = _importacoes(_modulo(capitulo).__file__)
    for nome in importados:
        importlib.import_module(nome)
    if "curso.offline" in importados:
        _aquecer_modelo_offline()
    # um ensaio contra um caderno vazio: cada verificação corre até pedir o primeiro nome e deixa
    # feito o trabalho da 1.ª vez; as propriedades da hypothesis ficam de fora (com um caderno
    # vazio falhariam, e a hypothesis gastaria segundos a encolher o exemplo)
    with _hypothesis_sem_encolher(carregada="hypothesis" in importados):
        vazio = Caderno({}, "<ensaio>")
        for ident, classe in exercicios_do_capitulo(capitulo).items():
            for nome in metodos_de(classe):
                if not getattr(getattr(classe, nome), "is_hypothesis_test", False):
                    correr_verificacao(ident, classe, nome, vazio)


@contextmanager
def _hypothesis_sem_encolher(carregada: bool):
    """Durante o ensaio, a hypothesis para no 1.º exemplo que falha (sem encolher nem explicar).

    Aquece também a própria hypothesis: a 1.ª propriedade lê as constantes dos módulos carregados
    e a tabela de caracteres.
    """
    if not carregada:
        yield
        return
    from hypothesis import Phase, given, settings
    from hypothesis import strategies as st

    @settings(database=None, max_examples=3, deadline=None)
    @given(st.text(), st.integers())
    def nada(texto, numero):
        pass

    nada()
    anterior = settings.get_current_profile_name()
    settings.register_profile("curso-ensaio", phases=[Phase.explicit, Phase.generate], database=None)
    settings.load_profile("curso-ensaio")
    try:
        yield
    finally:
        settings.load_profile(anterior)


def _aquecer_modelo_offline() -> None:
    """Um pedido ao modelo offline: o 1.º carrega o tokenizador, o jsonschema e as classes do SDK."""
    from curso.offline import cliente_offline

    ferramenta = {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}
    cliente = cliente_offline(lambda mensagens, ferramentas: [{"nome": "f", "argumentos": {}}])
    cliente.chat.completions.create(
        model="aquecimento", messages=[{"role": "user", "content": "."}], tools=[ferramenta])


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


# Pastas de código que não é de quem estuda: a biblioteca padrão e os pacotes instalados.
_BIBLIOTECAS = tuple(
    os.path.normcase(os.path.realpath(sysconfig.get_paths()[chave])) + os.sep
    for chave in ("stdlib", "platstdlib", "purelib", "platlib")
)
_PACOTE_CURSO = os.path.normcase(os.path.dirname(os.path.realpath(__file__))) + os.sep


def _caminho(ficheiro: str) -> str:
    return os.path.normcase(os.path.realpath(ficheiro))


def _e_do_aluno(ficheiro: str, ficheiro_da_verificacao: str) -> bool:
    """Um quadro é do aluno se não vem das verificações, do pacote ``curso`` nem de bibliotecas.

    Assim contam como do aluno as células do Jupyter (``/tmp/ipykernel_N/….py``,
    ``<ipython-input-…>``), as da linha de comandos (``<caderno, célula de código N>``) e o código
    posto por cima de um caderno (os mutantes).
    """
    if ficheiro.startswith("<frozen") or ficheiro == "<string>":
        return False
    if ficheiro.startswith("<"):
        return True
    caminho = _caminho(ficheiro)
    return caminho != ficheiro_da_verificacao and not caminho.startswith((_PACOTE_CURSO, *_BIBLIOTECAS))


def _quadros_do_aluno(erro: BaseException, ficheiro_da_verificacao: str,
                      fundo: int = 8) -> list[traceback.FrameSummary]:
    """Os quadros do traceback que são código do aluno, do mais exterior para o mais interior.

    Num grupo de exceções (a hypothesis junta assim várias falhas) ou numa exceção lançada
    ``from`` outra, procura também nas exceções de dentro.
    """
    remotos = getattr(erro, "_quadros_remotos", None)  # do kernel do aluno, pela fronteira
    if remotos:
        return [traceback.FrameSummary(str(q.get("ficheiro")), int(q.get("linha") or 0),
                                       str(q.get("funcao")), line=str(q.get("texto") or ""))
                for q in remotos]
    quadros = [q for q in traceback.extract_tb(erro.__traceback__)
               if _e_do_aluno(q.filename, ficheiro_da_verificacao)]
    dentro = [*(erro.exceptions if isinstance(erro, BaseExceptionGroup) else ()), erro.__cause__]
    for outra in dentro:
        if quadros or fundo == 0:
            break
        if outra is not None:
            quadros = _quadros_do_aluno(outra, ficheiro_da_verificacao, fundo - 1)
    return quadros


def _shell():
    """O IPython que está a correr (um kernel do Jupyter, por exemplo), ou ``None``."""
    ipython = sys.modules.get("IPython")
    return ipython.get_ipython() if ipython else None


def _numero_da_celula(ficheiro: str) -> int | None:
    """O número ``In [N]`` da célula do Jupyter que compilou ``ficheiro`` (se o IPython o souber)."""
    mapa = getattr(getattr(_shell(), "compile", None), "_filename_map", None)
    return mapa.get(ficheiro) if isinstance(mapa, dict) else None


def _onde(quadros: list[traceback.FrameSummary]) -> str:
    """Onde, no código do aluno, a exceção passou por último: célula, linha e o código dessa linha."""
    if not quadros:
        return ""
    quadro = quadros[-1]
    linha = f": {quadro.line.strip()}" if quadro.line and quadro.line.strip() else ""
    numero = _numero_da_celula(quadro.filename)
    if numero is not None:
        return f" (na célula In [{numero}], linha {quadro.lineno}{linha})"
    if quadro.filename.startswith("<") and "célula" in quadro.filename:
        return f" (em {quadro.filename.strip('<>')}, linha {quadro.lineno}{linha})"
    return f" (em {os.path.basename(quadro.filename)}, linha {quadro.lineno}{linha})"


def _so_afirmacoes(erro: BaseException) -> list[str]:
    """As mensagens de um grupo de exceções feito só de ``AssertionError`` (senão, lista vazia)."""
    if not isinstance(erro, BaseExceptionGroup):
        return []
    afirmacoes, resto = erro.split(AssertionError)
    if afirmacoes is None or resto is not None:
        return []
    mensagens: list[str] = []
    pendentes = list(afirmacoes.exceptions)
    while pendentes:
        atual = pendentes.pop(0)
        if isinstance(atual, BaseExceptionGroup):
            pendentes.extend(atual.exceptions)
        elif (texto := str(atual).strip() or "A verificação falhou.") not in mensagens:
            mensagens.append(texto)
    return mensagens


# As mensagens do Python quando uma função é chamada com argumentos que não aceita.
_ASSINATURA = re.compile(r"[\w.<>]+\(\) (takes|got|missing) ")


def _erro_inesperado(erro: BaseException, metodo, ident: str) -> str:
    """A mensagem de uma exceção que não é ``AssertionError``: do código do aluno ou da verificação."""
    descricao = f"{type(erro).__name__}: {erro}"
    ficheiro_da_verificacao = _caminho(metodo.__code__.co_filename)
    quadros = _quadros_do_aluno(erro, ficheiro_da_verificacao)
    if quadros:
        chamada = _entrada(erro, ident)
        detalhe = f"com a entrada {chamada}: {descricao}" if chamada else descricao
        return explica(f"O teu código lançou uma exceção inesperada{_onde(quadros)}.", detalhe)
    # nenhum quadro do aluno: a exceção nasceu no código da verificação (ou no que ela chamou)
    todos = traceback.extract_tb(erro.__traceback__)
    ultimo = ([q for q in todos if _caminho(q.filename) == ficheiro_da_verificacao] or todos)[-1]
    if isinstance(erro, TypeError) and _ASSINATURA.match(str(erro)):
        # a chamada à função do aluno falhou antes de entrar nela: os parâmetros não são os pedidos
        return explica(
            "A tua função não aceita os argumentos com que é chamada: confirma o nome e os "
            "parâmetros pedidos no enunciado.", descricao)
    onde = f"{descricao} (em {os.path.basename(ultimo.filename)}, linha {ultimo.lineno})"
    if "NoneType" in str(erro):  # o caso mais comum: uma função do aluno sem return
        return explica(
            "A verificação recebeu None do teu código: falta um return? Se a tua função devolve o "
            "que o enunciado pede, é um erro da própria verificação: avisa o professor.", onde)
    return explica(
        "Erro na própria verificação (a exceção não passou pelo teu código). Confirma que "
        "devolves o que o enunciado pede; se sim, avisa o professor (copia esta mensagem).", onde)


# a entrada que fez rebentar o código do aluno, curta mas legível (o reprlib corta aos 30 caracteres)
_REPR_ENTRADA = reprlib.Repr()
_REPR_ENTRADA.maxstring = _REPR_ENTRADA.maxother = 100


def _entrada(erro: BaseException, ident: str) -> str | None:
    """A chamada da verificação ao código do aluno onde a exceção nasceu, com os argumentos.

    Percorre o traceback: depois das molduras do módulo de verificações, a primeira moldura que
    não é do curso nem de uma biblioteca instalada é a função do aluno que a verificação chamou.
    """
    do_teste = os.path.realpath(modulo_de_verificacoes(capitulo_de(ident)))
    fora = (os.path.dirname(os.path.abspath(__file__)), sys.prefix, sys.base_prefix)
    quadro, dentro = erro.__traceback__, False
    while quadro is not None:
        codigo = quadro.tb_frame.f_code
        if os.path.realpath(codigo.co_filename) == do_teste:
            dentro = True
        elif dentro and not codigo.co_filename.startswith(fora):
            if codigo.co_name.startswith("<"):  # código solto numa célula, não uma função chamada
                return None
            info = inspect.getargvalues(quadro.tb_frame)
            nomes = [*info.args, *filter(None, (info.varargs, info.keywords))]
            valores = ", ".join(f"{n}={_REPR_ENTRADA.repr(info.locals[n])}" for n in nomes if n in info.locals)
            return f"{codigo.co_name}({valores})"
        quadro = quadro.tb_next
    return None


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
        afirmacoes = _so_afirmacoes(erro)
        if afirmacoes:  # a hypothesis junta num grupo várias falhas distintas
            return Resultado(ident, nome, FALHOU, "\n".join(afirmacoes), nome_metodo)
        return Resultado(ident, nome, FALHOU, _erro_inesperado(erro, metodo, ident), nome_metodo)
    return Resultado(ident, nome, PASSOU, "", nome_metodo)


def metodos_de(classe: type) -> list[str]:
    return [n for n in vars(classe) if n.startswith("test_") and callable(getattr(classe, n))]


def correr_verificacoes(exercicio: str | int, nb: Caderno) -> list[Resultado]:
    """Corre as verificações públicas de um exercício ou capítulo e devolve os resultados.

    A seguir às de cada exercício vêm as propriedades genéricas (``propriedade_*``, ver
    ``curso.propriedades``), que não mudam o resultado de nenhuma verificação.
    """
    resultados = []
    for ident, classe in selecionar(exercicio).items():
        resultados.extend(correr_exercicio(ident, classe, nb))
    return resultados


# ---------------------------------------------------------------------------------------------
# propriedades genéricas (curso.propriedades): linhas ``propriedade_*`` depois das verificações


def _linha_de_propriedade(ident: str, nome: str, problemas: list[str], dica: str) -> Resultado:
    if not problemas:
        return Resultado(ident, propriedades.NOMES[nome], PASSOU, "", nome)
    detalhe = "\n".join(list(dict.fromkeys(problemas))[:3])
    return Resultado(ident, propriedades.NOMES[nome], FALHOU, explica(dica, detalhe), nome)


def _observacao(ident: str, **opcoes) -> propriedades.Observacao:
    """Vigia só as funções do aluno: não as do módulo de verificações, do curso ou de bibliotecas."""
    ficheiro = _caminho(str(modulo_de_verificacoes(capitulo_de(ident))))
    return propriedades.Observacao(do_aluno=lambda nome: _e_do_aluno(nome, ficheiro), **opcoes)


def correr_exercicio(ident: str, classe: type, nb: Caderno) -> list[Resultado]:
    """As verificações de ``classe`` sobre ``nb``, seguidas das linhas ``propriedade_*``.

    Uma propriedade só aparece quando alguma verificação passou (no caderno em branco nada passa
    por acaso) e, a dos argumentos e a do resultado novo, quando houve chamadas vigiadas.
    """
    observacao = _observacao(ident, altera=frozenset(getattr(classe, "altera", ()) or ()),
                             resultado_novo=bool(getattr(classe, "resultado_novo", False)))
    observado = propriedades.CadernoObservado(nb, observacao)
    resultados = [correr_verificacao(ident, classe, m, observado) for m in metodos_de(classe)]
    if not any(r.estado == PASSOU for r in resultados):
        return resultados
    if observacao.vigiadas or observacao.alteracoes:
        resultados.append(_linha_de_propriedade(ident, propriedades.NAO_ALTERA, observacao.alteracoes,
                                                propriedades.DICA_NAO_ALTERA))
    if observacao.resultado_novo and (observacao.vigiadas or observacao.partilhas):
        resultados.append(_linha_de_propriedade(ident, propriedades.RESULTADO_NOVO, observacao.partilhas,
                                                propriedades.DICA_RESULTADO_NOVO))
    if getattr(classe, "aceita_mapeamentos", False):
        linha = _subclasse_de_dict(ident, classe, nb, resultados)
        if linha is not None:
            resultados.append(linha)
    return resultados


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


# ---------------------------------------------------------------------------------------------
# mostrar


def estado_do_exercicio(resultados: list[Resultado]) -> str:
    if resultados and all(r.estado == PASSOU for r in resultados):
        return PASSOU
    if all(r.estado == POR_FAZER for r in resultados):
        return POR_FAZER
    return FALHOU


def _por_exercicio(resultados: list[Resultado]) -> dict[str, list[Resultado]]:
    grupos: dict[str, list[Resultado]] = {}
    for r in resultados:
        grupos.setdefault(r.exercicio, []).append(r)
    return grupos


def _resumo(resultados: list[Resultado]) -> str:
    passaram, total = sum(r.estado == PASSOU for r in resultados), len(resultados)
    if passaram == total:
        return f"Tudo certo: {total}/{total} verificações públicas passaram."
    return f"{passaram}/{total} verificações públicas passaram."


def formatar(exercicio: str | int, resultados: list[Resultado]) -> str:
    linhas = []
    classes = selecionar(exercicio)
    for ident, lista in _por_exercicio(resultados).items():
        linhas.append(f"Exercício {ident} — {titulo(classes[ident])}")
        if estado_do_exercicio(lista) == POR_FAZER:
            linhas.append(f"  {SIMBOLO[POR_FAZER]} ainda não implementado")
            continue
        for r in lista:
            linhas.append(f"  {SIMBOLO[r.estado]} {r.verificacao}")
            if r.estado != PASSOU:
                linhas.extend("      " + linha for linha in r.mensagem.splitlines())
    linhas.append(_resumo(resultados))
    return "\n".join(linhas)


def _html_mensagem(mensagem: str) -> str:
    """A mensagem de uma verificação em HTML: a dica a negrito, o pormenor por baixo, em letra de código."""
    dica, _, detalhe = mensagem.partition("\nPormenor: ")
    partes = [f"<b>{html.escape(dica)}</b>"]
    if detalhe:
        partes.append(
            f'<div style="color:{CORES["neutro"]}">Pormenor: <span style="font-family:monospace;'
            f'white-space:pre-wrap">{html.escape(detalhe)}</span></div>'
        )
    return f'<div style="margin:0 0 4px 1.6em;white-space:pre-wrap">{"".join(partes)}</div>'


def _html_linha(estado: str, texto: str) -> str:
    return (f'<div class="curso-verificacao-{estado}" style="color:{COR[estado]}">'
            f"{SIMBOLO[estado]} {html.escape(texto)}</div>")


def formatar_html(exercicio: str | int, resultados: list[Resultado]) -> str:
    """O mesmo relatório que ``formatar``, em HTML para o Jupyter: ✔ a verde, ✘ a vermelho, dicas a negrito."""
    classes = selecionar(exercicio)
    partes = []
    for ident, lista in _por_exercicio(resultados).items():
        partes.append(f'<div style="font-weight:600">Exercício {html.escape(ident)} — '
                      f"{html.escape(titulo(classes[ident]))}</div>")
        if estado_do_exercicio(lista) == POR_FAZER:
            partes.append(_html_linha(POR_FAZER, "ainda não implementado"))
            continue
        for r in lista:
            partes.append(_html_linha(r.estado, r.verificacao))
            if r.estado != PASSOU:
                partes.append(_html_mensagem(r.mensagem))
    partes.append(f'<div style="margin-top:4px">{html.escape(_resumo(resultados))}</div>')
    return f'<div class="curso-verificacao" style="line-height:1.45">{"".join(partes)}</div>'


@dataclass
class Relatorio:
    """O que ``verificar`` devolve: ``r.passou``, ``r.falhas`` (as que falharam), ``r.por_fazer``.

    No Jupyter mostra-se como HTML com cores; num terminal, como texto. ``verificar`` já o mostra
    uma vez; se for o valor da célula, não aparece segunda vez no ``Out[]``.
    """

    exercicio: str
    resultados: list[Resultado]
    erro: str | None = None  # um pedido que não se pôde fazer (exercício que não existe, ...)
    # a célula (contagem de execução) onde verificar já o mostrou
    _mostrado_em: int | None = field(default=None, repr=False, compare=False)

    @property
    def passou(self) -> bool:
        return self.erro is None and estado_do_exercicio(self.resultados) == PASSOU

    @property
    def falhas(self) -> list[Resultado]:
        return [r for r in self.resultados if r.estado == FALHOU]

    @property
    def por_fazer(self) -> list[Resultado]:
        return [r for r in self.resultados if r.estado == POR_FAZER]

    @property
    def texto(self) -> str:
        return f"✘ {self.erro}" if self.erro else formatar(self.exercicio, self.resultados)

    @property
    def html(self) -> str:
        if self.erro:
            return _html_linha(FALHOU, self.erro)
        return formatar_html(self.exercicio, self.resultados)

    def __repr__(self) -> str:
        passaram = sum(r.estado == PASSOU for r in self.resultados)
        return f"<Relatorio {self.exercicio}: {passaram}/{len(self.resultados)} verificações passaram>"

    def _repr_pretty_(self, impressora, ciclo: bool) -> None:
        impressora.text(self.texto)

    def _ipython_display_(self) -> None:
        shell = _shell()
        if shell is None or self._mostrado_em == shell.execution_count:
            return  # já mostrado nesta célula por verificar: não repetir no Out[]
        self._mostrado_em = shell.execution_count
        from IPython.display import display

        display({"text/plain": self.texto, "text/html": self.html}, raw=True)

    def mostrar(self) -> None:
        """Mostra o relatório: HTML num kernel do Jupyter, texto em qualquer outro sítio."""
        if _shell() is None:
            print(self.texto)
        else:
            self._ipython_display_()


def como_dicionarios(resultados: list[Resultado]) -> list[dict]:
    return [asdict(r) for r in resultados]


def verificar(exercicio: str | int, nb: Caderno | dict | None = None) -> Relatorio:
    """Corre as verificações públicas de ``exercicio`` (``"1.1"`` ou ``1``) sobre este caderno.

    Mostra ✔/✘ por verificação, com a dica primeiro, e devolve um ``Relatorio`` (``r.passou``,
    ``r.falhas``). Na correção automática (nbgrader) uma falha lança ``AssertionError`` para a
    célula valer zero; no teu caderno não lança, para que «Run All» chegue ao fim.
    """
    if nb is None:
        nb = Caderno(sys._getframe(1).f_globals, "<este caderno>")
    elif isinstance(nb, dict):
        nb = Caderno(nb)
    try:
        resultados = correr_verificacoes(exercicio, nb)
    except ErroDoCurso as erro:
        relatorio = Relatorio(str(exercicio), [], erro=str(erro))
        relatorio.mostrar()
        if os.environ.get("NBGRADER_EXECUTION"):
            raise AssertionError(str(erro)) from None
        return relatorio
    relatorio = Relatorio(str(exercicio), resultados)
    relatorio.mostrar()
    if os.environ.get("NBGRADER_EXECUTION") and any(r.estado != PASSOU for r in resultados):
        raise AssertionError(f"{PREFIXO_PUBLICAS} no exercício {exercicio}.")
    return relatorio


# ---------------------------------------------------------------------------------------------
# comparações estritas: só dados simples, dos tipos exatos

DADOS_SIMPLES = (dict, list, str, int, float, bool, type(None))


def so_dados(valor: object, *tipos: type, nome: str = "a resposta") -> object:
    """Devolve ``valor`` se for dados simples — ``dict``, ``list``, ``str``, ``int``, ``float``,
    ``bool`` ou ``None``, dos tipos exatos e recursivamente — e, com ``tipos``, de um deles no
    topo. Senão lança ``AssertionError`` com a dica primeiro.

    Uma subclasse de ``str`` com um ``__eq__`` que diz sempre que sim é recusada aqui, antes de
    qualquer comparação: só depois deste passo ``valor == esperado`` diz a verdade.
    """
    esperados = tipos or DADOS_SIMPLES
    if type(valor) not in esperados:
        nomes = " ou ".join(t.__name__ if t is not type(None) else "None" for t in esperados)
        raise AssertionError(explica(
            f"{nome} tem de ser um valor simples do tipo {nomes} (não uma subclasse nem outro "
            "objeto).", f"é do tipo {type(valor).__module__}.{type(valor).__qualname__}"))
    pendentes, vistos = [(valor, nome)], 0
    while pendentes:
        atual, onde = pendentes.pop()
        vistos += 1
        if type(atual) not in DADOS_SIMPLES or vistos > 100_000:
            raise AssertionError(explica(
                f"{nome} só pode ter dados simples (dict, list, str, int, float, bool, None), "
                "dos tipos exatos.", f"{onde} é do tipo {type(atual).__qualname__}"))
        if type(atual) is dict:
            for chave, v in atual.items():
                pendentes.append((chave, f"uma chave de {onde}"))
                pendentes.append((v, f"{onde}[{chave!r}]" if type(chave) is str else onde))
        elif type(atual) is list:
            pendentes.extend((v, f"{onde}[{i}]") for i, v in enumerate(atual))
    return valor


def igual_estrito(a: object, b: object) -> bool:
    """``a == b`` sem as tolerâncias do Python: ``True`` não é ``1`` nem ``1.0``, ``1`` não é
    ``1.0``, e o mesmo dentro de listas, tuplos e dicionários (chaves incluídas), recursivamente.

    Usa-o onde o enunciado distingue ``bool`` de número (ou inteiro de real): ``==`` diria que
    ``[1, 0] == [True, False]``.
    """
    pendentes = [(a, b)]
    while pendentes:
        x, y = pendentes.pop()
        if isinstance(x, bool) or isinstance(y, bool) or isinstance(x, (int, float)) and isinstance(y, (int, float)):
            if type(x) is not type(y) or not (x == y or x != x and y != y):  # NaN igual a NaN
                return False
        elif isinstance(x, dict) and isinstance(y, dict):
            if len(x) != len(y):
                return False
            for chave, valor in x.items():
                par = next((k for k in y if igual_estrito(k, chave)), _FALTA) if chave in y else _FALTA
                if par is _FALTA:
                    return False
                pendentes.append((valor, y[par]))
        elif isinstance(x, (list, tuple)) and isinstance(y, (list, tuple)):
            if isinstance(x, list) != isinstance(y, list) or len(x) != len(y):
                return False
            pendentes.extend(zip(x, y))
        elif x != y:
            return False
    return True


_FALTA = object()
