"""Prova 6: cada frase do enunciado que afirma um comportamento tem a sua verificação e o seu
mutante (issue 26).

- Todos os exercícios têm uma lista de requisitos válida (``curso.requisitos.problemas``): cada
  frase está no texto, cada verificação existe, cada ``test_*`` da classe está num requisito.
- Cada mutante diz na docstring que requisitos quebra (``Requisito: rK``) e é rejeitado por
  pelo menos uma verificação desses requisitos e por nenhuma outra.
- Cada requisito tem pelo menos um mutante só dele.

As rejeições de todos os mutantes de um capítulo calculam-se uma vez (``_rejeicoes``, cache
por capítulo partilhada com ``test_verificacoes_rejeitam.py``).
"""

from __future__ import annotations

import functools

import pytest

from curso.requisitos import mutantes_de, problemas, requisitos_de, requisitos_do_mutante
from curso.verificacao import PASSOU, correr_verificacoes, exercicios_do_capitulo

from ._cadernos import CAPITULOS, caderno_de_solucoes
from ._rejeicoes import MUTANTES, ident_do_mutante, rejeicoes_do_capitulo

EXERCICIOS = [ident for capitulo in CAPITULOS for ident in exercicios_do_capitulo(capitulo)]


@functools.cache
def _solucao_passa(ident: str) -> bool:
    resultados = correr_verificacoes(ident, caderno_de_solucoes(int(ident.split(".")[0])))
    return all(r.estado == PASSOU for r in resultados)


@pytest.mark.parametrize("ident", EXERCICIOS)
def test_lista_de_requisitos_valida(ident):
    erros = problemas(ident)
    assert not erros, "\n".join(erros)


def _contrato(caminho) -> tuple[tuple[str, ...] | None, set[str], list[str] | str]:
    """Os requisitos que o mutante diz quebrar, as verificações deles e as que o rejeitam."""
    ident = ident_do_mutante(caminho)
    declarados = requisitos_do_mutante(caminho.read_text(encoding="utf-8"))
    por_id = {r.id: r for r in requisitos_de(ident)}
    permitidas = {v for rid in declarados or () if rid in por_id for v in por_id[rid].verificacoes}
    return declarados, permitidas, rejeicoes_do_capitulo(int(caminho.parent.name[3:]))[caminho.name]


@pytest.mark.parametrize("caminho", MUTANTES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_mutante_rejeitado_so_pelos_seus_requisitos(caminho):
    ident = ident_do_mutante(caminho)
    declarados, permitidas, rejeitado = _contrato(caminho)
    assert declarados, (f"{caminho.name}: falta na docstring a linha «Requisito: rK» com o requisito "
                        f"de {ident} que o mutante quebra")
    conhecidos = {r.id for r in requisitos_de(ident)}
    desconhecidos = [rid for rid in declarados if rid not in conhecidos]
    assert not desconhecidos, f"{caminho.name}: {ident} não tem os requisitos {desconhecidos}"
    assert isinstance(rejeitado, list), f"{caminho.name}: o mutante nem carrega ({rejeitado})"
    assert _solucao_passa(ident), f"a solução de {ident} já falha sem o mutante"
    assert set(rejeitado) & permitidas, (
        f"{caminho.name} quebra {', '.join(declarados)} mas nenhuma verificação desses requisitos "
        f"({', '.join(sorted(permitidas))}) o rejeita; rejeitam-no: {', '.join(rejeitado) or 'nenhuma'}")
    fora = [v for v in rejeitado if v not in permitidas]
    assert not fora, (
        f"{caminho.name} (Requisito: {', '.join(declarados)}) é rejeitado também por {', '.join(fora)}, "
        "que não são verificações desses requisitos: ou o mutante quebra mais do que diz (junta o "
        "requisito à linha), ou a verificação testa algo que o requisito dela não afirma")


@pytest.mark.parametrize("ident", EXERCICIOS)
def test_cada_requisito_tem_um_mutante_so_dele(ident):
    requisitos = requisitos_de(ident)
    assert requisitos, f"o exercício {ident} não tem requisitos"
    proprios: dict[str, list[str]] = {r.id: [] for r in requisitos}
    for caminho in mutantes_de(ident):
        declarados, permitidas, rejeitado = _contrato(caminho)
        cumpre = (isinstance(rejeitado, list) and set(rejeitado) & permitidas
                  and set(rejeitado) <= permitidas)
        if declarados and len(declarados) == 1 and declarados[0] in proprios and cumpre:
            proprios[declarados[0]].append(caminho.name)
    sem = [rid for rid, nomes in proprios.items() if not nomes]
    assert not sem, (
        f"{ident}: os requisitos {', '.join(sem)} não têm um mutante só deles (um ficheiro "
        f"tests/mutantes/cap{int(ident.split('.')[0]):02d}/ex{ident.replace('.', '_')}_<erro>.py "
        "com «Requisito: rK», rejeitado só pelas verificações de rK)")
