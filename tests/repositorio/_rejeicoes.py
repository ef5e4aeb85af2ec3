"""Que verificações rejeitam cada mutante escrito à mão: calcula-se uma vez por capítulo e serve
as provas que precisam disso (``test_requisitos.py``, ``test_verificacoes_rejeitam.py``).

Só conta como rejeição um ✘ dado por causa do código: um nome que falta no caderno não é uma
rejeição, nem uma verificação que não correu porque a função do mutante já tinha esgotado o tempo
noutra; um mutante que nem carrega fica com o texto do erro em vez da lista.
"""

from __future__ import annotations

import functools

from curso.verificacao import DICA_NOME_EM_FALTA, DICA_SALTADA, FALHOU, correr_verificacoes

from ._cadernos import RAIZ, caderno_de_solucoes

MUTANTES = sorted((RAIZ / "tests" / "mutantes").glob("cap[0-9][0-9]/ex*.py"))


def ident_do_mutante(caminho) -> str:
    """``ex9_3_sem_validacao.py`` → ``"9.3"``."""
    n, m = caminho.stem.split("_")[:2]
    return f"{int(n[2:])}.{int(m)}"


@functools.cache
def rejeicoes_do_capitulo(capitulo: int) -> dict[str, list[str] | str]:
    """Para cada mutante do capítulo (pelo nome do ficheiro), os nomes das verificações que o
    rejeitam (``test_*`` e ``propriedade_*``), ou o texto do erro se o mutante nem carrega."""
    nb = caderno_de_solucoes(capitulo)
    rejeicoes: dict[str, list[str] | str] = {}
    for caminho in sorted((RAIZ / "tests" / "mutantes" / f"cap{capitulo:02d}").glob("ex*.py")):
        try:
            mutado = nb.com(caminho.read_text(encoding="utf-8"), caminho.name)
        except Exception as erro:  # um mutante que nem carrega: dito no teste do mutante
            rejeicoes[caminho.name] = f"{type(erro).__name__}: {erro}"
            continue
        rejeicoes[caminho.name] = [
            r.metodo for r in correr_verificacoes(ident_do_mutante(caminho), mutado)
            if r.estado == FALHOU and not r.mensagem.startswith((DICA_NOME_EM_FALTA, DICA_SALTADA))]
    return rejeicoes
