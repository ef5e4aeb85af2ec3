"""A taxa dos mutantes cegos (issue 38, ponto 4): que fração das soluções erradas escritas por quem
nunca leu as verificações é rejeitada pelas verificações públicas, e pela correção inteira.

A coluna «na correção» junta às públicas os testes escondidos da célula de verificação, com a
solução do curso como oráculo (``curso.oraculo``), como o corretor os corre: é a nota que o mutante
teria. A coluna das públicas é o que quem estuda vê ao escrever ``verificar``.

Os mutantes estão em ``tests/mutantes_cegos/capNN/`` (um por requisito, cada um com a prova de que
viola a frase do enunciado: ``tests/repositorio/test_mutantes_cegos.py``). A regra de rejeição é a
dos mutantes escritos à mão (``tests/repositorio/test_mutantes.py::rejeicoes``): só conta um ✘ dado
por uma verificação; um nome em falta ou um mutante que nem carrega não conta. A hypothesis corre
com o perfil das provas da CI (exemplos fixos), para o número ser o mesmo em cada corrida.

Cada mutante corre num processo filho (``fork``) do processo que já tem os cadernos e as
verificações carregados: um mutante que altera o que as verificações lhe passam (uma lista de
esquemas, um dicionário de ferramentas) não contamina o mutante seguinte.

Uso: python benchmarks/mutantes_cegos.py [--capitulos 1 2] [--processos 2] [--limite 120]
Mostra a taxa por exercício, por capítulo e no total, e a lista dos sobreviventes (nome, requisito).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import defaultdict
from pathlib import Path

from hypothesis import settings

# como em tests/conftest.py: antes de importar as verificações, que leem o perfil ao serem criadas
settings.register_profile("curso-provas", derandomize=True, database=None)
settings.load_profile("curso-provas")

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ))

from curso.caderno import correr_escondidos  # noqa: E402
from curso.mutacao import exercicios_do_caderno  # noqa: E402
from curso.oraculo import do_lado_de_confianca  # noqa: E402
from curso.requisitos import requisitos_de  # noqa: E402
from curso.verificacao import PASSOU, correr_verificacoes  # noqa: E402
from tests.repositorio._cadernos import caderno_de_solucoes, solucao  # noqa: E402
from tests.repositorio.test_mutantes import rejeicoes  # noqa: E402
from tests.repositorio.test_mutantes_cegos import (  # noqa: E402
    MUTANTES_CEGOS,
    exercicio_do_mutante,
    requisito_do_mutante,
)


def julgar(caminho: Path) -> tuple[str, list[str] | str, str | None]:
    """No processo filho: as verificações públicas que rejeitam o mutante (ou o texto do erro ao
    carregar) e, se nenhuma o rejeita, o erro que os testes escondidos lhe dão (``None``: passa)."""
    ident, capitulo = exercicio_do_mutante(caminho)
    try:
        nb = caderno_de_solucoes(capitulo).com(caminho.read_text(encoding="utf-8"), caminho.name)
    except Exception as erro:  # noqa: BLE001 — o mutante pode lançar tudo; não conta como rejeição
        return caminho.name, f"nem carrega ({type(erro).__name__}: {erro})", None
    publicas = [r.metodo for r in rejeicoes(ident, nb)]
    if publicas:
        return caminho.name, publicas, None
    escondidos = exercicios_do_caderno(solucao(capitulo))[ident].escondidos
    try:
        with do_lado_de_confianca(nb):  # como o corretor: a solução do curso como oráculo
            correr_escondidos(escondidos, nb, f"<testes escondidos de {ident}>")
    except Exception as erro:  # noqa: BLE001 — qualquer falha de um teste escondido vale 0 na correção
        return caminho.name, publicas, type(erro).__name__
    return caminho.name, publicas, None


def _solucoes_que_falham(mutantes: list[Path]) -> list[str]:
    """Os exercícios cuja solução já falha alguma verificação (a taxa deles não valeria nada).

    Corre-as no processo pai, o que também deixa as verificações importadas antes do ``fork``."""
    falham = []
    for ident, capitulo in sorted({exercicio_do_mutante(c) for c in mutantes}):
        resultados = correr_verificacoes(ident, caderno_de_solucoes(capitulo))
        if not all(r.estado == PASSOU for r in resultados):
            falham.append(ident)
    return falham


def medir(mutantes: list[Path], processos: int, limite: float) -> dict[str, tuple[list[str] | str, str | None]]:
    """Julga cada mutante num filho novo (``maxtasksperchild=1``); ``limite`` segundos cada."""
    contexto = multiprocessing.get_context("fork")
    vereditos = {}
    with contexto.Pool(processos, maxtasksperchild=1) as pool:
        pendentes = [(c, pool.apply_async(julgar, (c,))) for c in mutantes]
        for caminho, pendente in pendentes:
            try:
                nome, veredito, escondidos = pendente.get(timeout=limite)
            except multiprocessing.TimeoutError:
                nome, veredito, escondidos = caminho.name, f"sem veredito ao fim de {limite:.0f} s", None
            vereditos[nome] = (veredito, escondidos)
    return vereditos


def _linha(nome: str, total: int, rejeitados: int, na_correcao: int) -> str:
    return (f"{nome:<10} {total:>8} {rejeitados:>11} {100 * rejeitados / total:>7.1f} %"
            f" {na_correcao:>11} {100 * na_correcao / total:>7.1f} %")


def relatorio(mutantes: list[Path], vereditos: dict[str, tuple[list[str] | str, str | None]]) -> list[tuple]:
    """Imprime as tabelas e devolve os sobreviventes das públicas: (caminho, requisito, frase, porquê)."""
    por_exercicio: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    sobreviventes = []
    for caminho in mutantes:
        ident, _ = exercicio_do_mutante(caminho)
        veredito, escondidos = vereditos[caminho.name]
        rejeitado = isinstance(veredito, list) and bool(veredito)
        por_exercicio[ident].append((rejeitado, rejeitado or escondidos is not None))
        if not rejeitado:
            rid = requisito_do_mutante(caminho)
            frase = next((r.frase for r in requisitos_de(ident) if r.id == rid), "?")
            porque = veredito if isinstance(veredito, str) else "passa em todas as verificações públicas"
            porque += (f"; os testes escondidos apanham-no ({escondidos})" if escondidos
                       else "; e nos testes escondidos")
            sobreviventes.append((caminho, rid, frase, porque))
    cabeca = f"{'':<10} {'mutantes':>8} {'públicas':>11} {'taxa':>9} {'na correção':>11} {'taxa':>9}"

    def ordem(ident):
        return tuple(int(p) for p in ident.split("."))

    def linha(nome, lista):
        return _linha(nome, len(lista), sum(p for p, _ in lista), sum(c for _, c in lista))

    print("Por exercício\n" + cabeca)
    for ident in sorted(por_exercicio, key=ordem):
        print(linha(ident, por_exercicio[ident]))
    por_capitulo: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    for ident, lista in por_exercicio.items():
        por_capitulo[ident.split(".")[0]].extend(lista)
    print("\nPor capítulo\n" + cabeca)
    for capitulo in sorted(por_capitulo, key=int):
        print(linha(f"cap. {capitulo}", por_capitulo[capitulo]))
    print(linha("total", [r for lista in por_exercicio.values() for r in lista]))
    print(f"\nSobreviventes das verificações públicas ({len(sobreviventes)}):")
    for caminho, rid, frase, porque in sobreviventes:
        print(f"  {caminho.parent.name}/{caminho.stem}  {rid}  «{frase}» — {porque}")
    return sobreviventes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--capitulos", type=int, nargs="*", help="só estes capítulos (por omissão, todos)")
    parser.add_argument("--processos", type=int, default=2, help="mutantes julgados ao mesmo tempo")
    parser.add_argument("--limite", type=float, default=120.0,
                        help="segundos por mutante; passado o limite, fica sem veredito (não conta)")
    args = parser.parse_args()
    mutantes = [c for c in MUTANTES_CEGOS
                if not args.capitulos or exercicio_do_mutante(c)[1] in args.capitulos]
    if not mutantes:
        sys.exit("Não há mutantes cegos nesses capítulos (tests/mutantes_cegos/capNN/).")
    falham = _solucoes_que_falham(mutantes)
    if falham:
        sys.exit(f"A solução já falha verificações em {', '.join(falham)}: corrige-a antes de medir.")
    inicio = time.perf_counter()
    vereditos = medir(mutantes, args.processos, args.limite)
    relatorio(mutantes, vereditos)
    print(f"\n{len(mutantes)} mutantes julgados em {time.perf_counter() - inicio:.0f} s "
          f"({args.processos} processos).")


if __name__ == "__main__":
    main()
