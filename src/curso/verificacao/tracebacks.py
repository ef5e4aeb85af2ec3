"""A leitura dos *tracebacks*: de quem é a culpa de uma exceção, e onde.

Uma exceção que não é ``AssertionError`` pode ter nascido no código do aluno («O teu código lançou
uma exceção inesperada (na célula In [N], linha L: …)», com a entrada que o fez rebentar) ou na
própria verificação («Erro na própria verificação… avisa o professor»). Decide-o quem está no
traceback: os quadros locais da exceção ou, quando ela veio de outro processo (o kernel do aluno,
pela fronteira da correção), os quadros que lhe foram anexados com ``anexar_quadros``.

Fica abaixo de ``curso.fronteira`` nas camadas (a fronteira chama ``anexar_quadros``): só importa
a biblioteca padrão, ``curso.raiz`` e o vocabulário.
"""

from __future__ import annotations

import inspect
import os
import re
import reprlib
import sys
import sysconfig
import traceback
from typing import Callable

from curso.raiz import capitulo_de, modulo_de_verificacoes
from curso.verificacao.vocabulario import explica

# Pastas de código que não é de quem estuda: a biblioteca padrão e os pacotes instalados.
_BIBLIOTECAS = tuple(
    os.path.normcase(os.path.realpath(sysconfig.get_paths()[chave])) + os.sep
    for chave in ("stdlib", "platstdlib", "purelib", "platlib")
)
# a pasta do pacote ``curso`` (este ficheiro está em curso/verificacao/)
_PACOTE_CURSO = os.path.normcase(os.path.dirname(os.path.dirname(os.path.realpath(__file__)))) + os.sep
_PASTA_CURSO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # sem resolver ligações

# Onde ``anexar_quadros`` guarda os quadros: num atributo da própria exceção, que só este módulo
# escreve e lê (uma exceção não aceita referências fracas; assim os quadros vivem e morrem com ela).
_ANEXADOS = "_curso_quadros_do_aluno"


def anexar_quadros(erro: BaseException, quadros: list[dict]) -> None:
    """Junta a ``erro`` os quadros do código do aluno por onde ele passou noutro processo.

    É o caso de uma exceção que o kernel do aluno lançou e a fronteira reconstruiu no corretor
    (``curso.fronteira.confianca``): o ``__traceback__`` dela é o do corretor, e os quadros do
    aluno chegam em dados, cada um ``{"ficheiro", "linha", "funcao", "texto"}`` (como
    ``curso.fronteira.kernel`` os descreve). ``quadros_do_aluno`` passa a devolver estes.
    """
    setattr(erro, _ANEXADOS, list(quadros))


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


def do_aluno(ident: str) -> Callable[[str], bool]:
    """«Este ficheiro é código do aluno?», para as verificações do exercício ``ident``."""
    ficheiro = _caminho(str(modulo_de_verificacoes(capitulo_de(ident))))
    return lambda nome: _e_do_aluno(nome, ficheiro)


def quadros_do_aluno(erro: BaseException, ficheiro_da_verificacao: str,
                     fundo: int = 8) -> list[traceback.FrameSummary]:
    """Os quadros do traceback que são código do aluno, do mais exterior para o mais interior.

    Os anexados com ``anexar_quadros`` valem pelos do ``__traceback__``. Num grupo de exceções (a
    hypothesis junta assim várias falhas) ou numa exceção lançada ``from`` outra, procura também
    nas exceções de dentro.
    """
    anexados = getattr(erro, _ANEXADOS, None)
    if anexados:
        return [traceback.FrameSummary(str(q.get("ficheiro")), int(q.get("linha") or 0),
                                       str(q.get("funcao")), line=str(q.get("texto") or ""))
                for q in anexados]
    quadros = [q for q in traceback.extract_tb(erro.__traceback__)
               if _e_do_aluno(q.filename, ficheiro_da_verificacao)]
    dentro = [*(erro.exceptions if isinstance(erro, BaseExceptionGroup) else ()), erro.__cause__]
    for outra in dentro:
        if quadros or fundo == 0:
            break
        if outra is not None:
            quadros = quadros_do_aluno(outra, ficheiro_da_verificacao, fundo - 1)
    return quadros


def ipython_atual():
    """O IPython que está a correr (um kernel do Jupyter, por exemplo), ou ``None``."""
    ipython = sys.modules.get("IPython")
    return ipython.get_ipython() if ipython else None


def _numero_da_celula(ficheiro: str) -> int | None:
    """O número ``In [N]`` da célula do Jupyter que compilou ``ficheiro`` (se o IPython o souber)."""
    mapa = getattr(getattr(ipython_atual(), "compile", None), "_filename_map", None)
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


def so_afirmacoes(erro: BaseException) -> list[str]:
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


def erro_inesperado(erro: BaseException, metodo, ident: str) -> str:
    """A mensagem de uma exceção que não é ``AssertionError``: do código do aluno ou da verificação."""
    descricao = f"{type(erro).__name__}: {erro}"
    ficheiro_da_verificacao = _caminho(metodo.__code__.co_filename)
    quadros = quadros_do_aluno(erro, ficheiro_da_verificacao)
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
    fora = (_PASTA_CURSO, sys.prefix, sys.base_prefix)
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
