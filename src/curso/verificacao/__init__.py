"""As verificações públicas: encontrá-las, corrê-las contra um caderno e mostrar o resultado.

As verificações de cada capítulo são classes ``TestExN_M`` em ``tests/exercicios/test_capNN.py``
com métodos ``test_*(self, nb)``. O mesmo ficheiro serve o pytest (com o fixture ``nb``) e este
executor, que não precisa do pytest e por isso responde depressa dentro de um kernel.

Um módulo por trabalho; cada um só importa os que vêm depois nesta lista:

- ``apresentacao`` — texto, HTML, ``Relatorio`` e o ``verificar`` do caderno;
- ``preparacao`` — ``preparar_verificacoes``: carregar e ensaiar um capítulo antes do 1.º ``verificar``;
- ``execucao`` — cada verificação com o seu alarme, as propriedades genéricas a seguir, o estado;
- ``descoberta`` — que exercícios e verificações há (``tests/exercicios/test_capNN.py``);
- ``tracebacks`` — de quem é a culpa de uma exceção (do aluno ou da verificação) e onde;
- ``dominios`` — as verificações escritas como propriedades: ``propriedade``, as estratégias dos
  domínios dos enunciados e ``contraexemplo`` (carrega a hypothesis: importa-se pelo nome,
  ``from curso.verificacao.dominios import …``, e não pela fachada);
- ``vocabulario`` — ``explica``, ``lanca``, ``aprox``, ``so_dados``… e as constantes de estado.

Esta fachada só reexporta os nomes de sempre (``from curso.verificacao import explica``) e importa
o módulo de cada um quando é pedido: as verificações de um capítulo, que só usam o vocabulário,
não carregam o executor.
"""

from __future__ import annotations

import os
import sys
import tempfile
from importlib import import_module
from types import ModuleType

# a hypothesis guarda exemplos numa pasta .hypothesis/ na pasta atual (a do caderno, num kernel);
# fora do repositório não suja as pastas dos exercícios nem as submissões. Uma pasta por
# utilizador: o /tmp é de todos, e a pasta de outro (criada antes, só dele) não se pode usar
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", os.path.join(
    tempfile.gettempdir(), f"curso-hypothesis-{os.getuid() if hasattr(os, 'getuid') else 'local'}"))

# módulo do pacote -> os nomes que a fachada reexporta dele
_NOMES = {
    "vocabulario": ("PASSOU", "FALHOU", "POR_FAZER", "DICA_NOME_EM_FALTA", "DICA_TEMPO", "DICA_SALTADA",
                    "PREFIXO_PUBLICAS", "explica", "lanca", "como_lido_do_modelo", "emprestado",
                    "aprox", "DADOS_SIMPLES", "so_dados", "igual_estrito"),
    "descoberta": ("exercicios_do_capitulo", "titulo", "selecionar", "metodos_de", "_id_da_classe"),
    "execucao": ("Resultado", "TempoEsgotado", "FuncaoSemTempo", "Andamento", "correr_verificacao",
                 "correr_verificacoes", "correr_exercicio", "estado_do_exercicio", "_Alarme"),
    "preparacao": ("preparar_verificacoes", "_importacoes"),
    "apresentacao": ("SIMBOLO", "COR", "CORES", "formatar", "formatar_html", "Relatorio",
                     "como_dicionarios", "verificar", "correr_com_espera"),
}
_ONDE = {nome: modulo for modulo, nomes in _NOMES.items() for nome in nomes}
# nomes de antes da divisão que mudaram no seu módulo: nome antigo -> (módulo, nome novo)
_ANTIGOS = {"_nome_da_verificacao": ("descoberta", "nome_da_verificacao")}

__all__ = [nome for nome in _ONDE if not nome.startswith("_")] + ["LIMITE_POR_VERIFICACAO"]


def _modulo(nome: str) -> ModuleType:
    return import_module(f"{__name__}.{nome}")


def __getattr__(nome: str):
    if nome in _ONDE:
        valor = getattr(_modulo(_ONDE[nome]), nome)
    elif nome in _ANTIGOS:
        modulo, novo = _ANTIGOS[nome]
        valor = getattr(_modulo(modulo), novo)
    else:
        raise AttributeError(f"o módulo {__name__!r} não tem o atributo {nome!r}")
    globals()[nome] = valor
    return valor


def __dir__() -> list[str]:
    return sorted({*globals(), *_ONDE, *_ANTIGOS, "LIMITE_POR_VERIFICACAO"})


def carregar_tudo() -> None:
    """Importa já todos os módulos do pacote e põe aqui todos os nomes.

    Para quem precisa do pacote inteiro carregado: o retrato do ``KernelBlindado`` (um nome que
    não esteja cá quando o retrato é tirado não é reposto se uma célula do aluno o trocar).
    """
    fachada = sys.modules[__name__]
    for nome in (*_ONDE, *_ANTIGOS):
        getattr(fachada, nome)


class _Fachada(ModuleType):
    """O módulo desta fachada. ``LIMITE_POR_VERIFICACAO`` lê-se e muda-se aqui, como antes da
    divisão (``curso.mutacao`` encurta-o nos processos filhos), mas vive em ``execucao``, onde é
    lido: uma cópia na fachada não mudaria nada."""

    @property
    def LIMITE_POR_VERIFICACAO(self) -> float:
        return _modulo("execucao").LIMITE_POR_VERIFICACAO

    @LIMITE_POR_VERIFICACAO.setter
    def LIMITE_POR_VERIFICACAO(self, segundos: float) -> None:
        _modulo("execucao").LIMITE_POR_VERIFICACAO = segundos


sys.modules[__name__].__class__ = _Fachada
