"""A preparação: carregar e ensaiar as verificações de um capítulo antes do 1.º ``verificar``.

O que ela carrega de pesado (a hypothesis, o modelo offline) importa-se dentro das funções: este
módulo também está no caminho rápido.
"""

from __future__ import annotations

import ast
import importlib
import os
import sys
from contextlib import contextmanager

from curso.caderno import Caderno
from curso.verificacao.descoberta import exercicios_do_capitulo, metodos_de, modulo_do_capitulo
from curso.verificacao.execucao import correr_verificacao


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
    importados = _importacoes(modulo_do_capitulo(capitulo).__file__)
    for nome in importados:
        importlib.import_module(nome)
    if "curso.offline" in importados:
        _aquecer_modelo_offline()
    # um ensaio contra um caderno vazio: cada verificação corre até pedir o primeiro nome e deixa
    # feito o trabalho da 1.ª vez; as propriedades da hypothesis ficam de fora (com um caderno
    # vazio falhariam, e a hypothesis gastaria segundos a encolher o exemplo)
    with _hypothesis_sem_encolher(carregada="hypothesis" in sys.modules):
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
    if "curso.verificacao.dominios" in sys.modules:  # os domínios dos enunciados (issue 38)
        from curso.verificacao import dominios

        @dominios.propriedade(dominios.valores_json(), dominios.chamadas_repetidas(), exemplos=5)
        def dominio(valor, chamadas):
            pass

        dominio()
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
