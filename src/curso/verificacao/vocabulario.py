"""O vocabulário das verificações: o que ``tests/exercicios/test_capNN.py`` usa para dizer o que
espera (``explica``, ``lanca``, ``aprox``, ``emprestado``, ``so_dados``, ``igual_estrito``…) e os
estados e começos de mensagem que o resto do curso reconhece.

Só a biblioteca padrão e ``curso.estados``: as verificações importam-no ao carregar, no kernel de
quem estuda e no corretor, e nada mais do pacote vem com ele.
"""

from __future__ import annotations

import json
import math
from contextlib import contextmanager

from curso.estados import Estado

# os nomes de sempre (``curso.verificacao.PASSOU``…); o tipo é o de curso.estados
PASSOU, FALHOU, POR_FAZER = Estado.PASSOU, Estado.FALHOU, Estado.POR_FAZER
DICA_NOME_EM_FALTA = "Falta um nome no caderno."  # um ✘ que vem do carregamento, não da verificação
DICA_TEMPO = "O teu código demorou mais de"  # o começo do ✘ de uma verificação interrompida
# o começo do ✘ de uma verificação que não correu porque a função do aluno já passou do tempo
# noutra (não é uma rejeição pelo que a verificação testa)
DICA_SALTADA = "Não corri esta verificação:"

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
