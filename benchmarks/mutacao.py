"""Testes de mutação de todas as soluções: quantos mutantes as verificações apanham, por exercício.

Para cada exercício: mutantes gerados pelo cosmic-ray, equivalentes (em
tests/mutacao/equivalentes.toml, cada um com o seu motivo), incompetentes (não carregam), mortos
pelas verificações públicas e mortos pelas públicas + escondidas. Objetivo: ≥ 99 % dos não
equivalentes mortos, só com as públicas (e com as públicas + escondidas), em cada exercício e em cada
capítulo (a segunda tabela). Sai com estado 1 se algum falhar, se um equivalente já não
corresponder a nenhum mutante ou se as verificações públicas apanharem um «equivalente».
A tabela mostra também, por exercício, requisitos × verificações × mutantes escritos à mão
(curso.requisitos): quantos requisitos, quantas verificações públicas (e propriedades citadas),
quantos mutantes e quantos requisitos têm um mutante só deles; quantos desses mutantes só as
verificações escritas como propriedades apanham (com um exemplo fixo passariam: issue 38); e a
taxa dos mutantes «cegos» (tests/mutantes/capNN/cegos/, escritos por outra pessoa só a partir do
enunciado) apanhados pelas públicas e pelas públicas + escondidas (com a solução como oráculo).

    .venv/bin/python benchmarks/mutacao.py                    # tudo (demora minutos)
    .venv/bin/python benchmarks/mutacao.py --capitulos 4 9 --processos 2
    .venv/bin/python benchmarks/mutacao.py --exercicios 9.3 --sobreviventes
"""

from __future__ import annotations

import argparse
import sys
import time

from curso.caderno import carregar
from curso.mutacao import (
    OBJETIVO_PUBLICAS,
    OBJETIVO_TUDO,
    Contagem,
    exercicios_do_caderno,
    julgar_escritos,
    ler_equivalentes,
    medir,
)
from curso.raiz import ErroDoCurso, caderno_de_exercicios, capitulos_existentes, raiz_do_curso
from curso.requisitos import mutantes_cegos_de, mutantes_de, resumo


def _escritos(capitulo: int) -> dict[str, tuple[int, str, str]]:
    """Por exercício: os mutantes à mão que só as propriedades apanham, e a taxa dos cegos
    apanhados pelas públicas e pelas públicas + escondidas."""
    caminho = caderno_de_exercicios(capitulo, raiz_do_curso() / "solutions")
    base = carregar(caminho)
    colunas = {}
    for ident, exercicio in exercicios_do_caderno(caminho).items():
        so_propriedades = sum(e.so_propriedades for e in julgar_escritos(base, exercicio, mutantes_de(ident)))
        cegos = julgar_escritos(base, exercicio, mutantes_cegos_de(ident))
        publicas = sum(bool(e.rejeitado_por) for e in cegos)
        tudo = sum(bool(e.rejeitado_por) or e.escondidos for e in cegos)
        colunas[ident] = (so_propriedades, _taxa(publicas, len(cegos)), _taxa(tudo, len(cegos)))
    return colunas


def _taxa(apanhados: int, total: int) -> str:
    return "—" if not total else f"{apanhados}/{total} ({100 * apanhados / total:.0f} %)"


def _pc(contagem, mortos) -> str:
    taxa = contagem.taxa(mortos)
    return "—" if taxa is None else f"{100 * taxa:.0f} %"


def _do_capitulo(capitulo: int, contagens: list[Contagem]) -> Contagem:
    """A soma das contagens dos exercícios de um capítulo (o objetivo vale também aqui)."""
    soma = Contagem(f"cap. {capitulo}")
    for c in contagens:
        for campo in ("geradas", "equivalentes", "incompetentes", "mortos_publicas", "mortos_tudo"):
            setattr(soma, campo, getattr(soma, campo) + getattr(c, campo))
    return soma


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--capitulos", type=int, nargs="*", default=None)
    p.add_argument("--exercicios", nargs="*", default=None, help="ex.: 2.2 9.3")
    p.add_argument("--processos", type=int, default=1, help="mutantes julgados ao mesmo tempo (1)")
    p.add_argument("--amostra", type=int, default=None, help="no máximo N mutantes por exercício")
    p.add_argument("--sobreviventes", action="store_true", help="lista os mutantes que sobrevivem")
    args = p.parse_args(argv)

    try:
        equivalentes = ler_equivalentes()  # recusa já um equivalente sem motivo
    except ErroDoCurso as erro:
        print(f"✘ {erro}")
        return 2
    capitulos = args.capitulos or capitulos_existentes()
    if args.exercicios:
        capitulos = sorted({int(e.split(".")[0]) for e in args.exercicios})
    inicio = time.perf_counter()
    print("| exercício | requisitos | verificações | mutantes à mão | requisitos com mutante próprio | "
          "à mão, só as propriedades apanham | cegos apanhados pelas públicas | cegos por públicas + "
          "escondidas | gerados | equivalentes | incompetentes | mortos pelas públicas | "
          "mortos por públicas + escondidas | objetivo |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    todas, usados, por_capitulo = [], set(), {}
    for capitulo in capitulos:
        por_capitulo[capitulo] = []
        escritos = _escritos(capitulo)
        for c in medir(capitulo, args.exercicios, args.amostra, processos=args.processos,
                       equivalentes=equivalentes):
            todas.append(c)
            por_capitulo[capitulo].append(c)
            usados.update(c.equivalentes_usados)
            marca = "sem mutantes" if not c.contam else ("✔" if c.cumpre else "✘")
            r = resumo(c.exercicio)
            so_propriedades, cegos, cegos_tudo = escritos.get(c.exercicio, (0, "—", "—"))
            print(f"| {c.exercicio} | {r.requisitos} | {r.verificacoes} | {r.mutantes} | "
                  f"{r.com_mutante_proprio}/{r.requisitos} | {so_propriedades} | {cegos} | {cegos_tudo} | "
                  f"{c.geradas} | {c.equivalentes} | {c.incompetentes} | "
                  f"{c.mortos_publicas} ({_pc(c, c.mortos_publicas)}) | "
                  f"{c.mortos_tudo} ({_pc(c, c.mortos_tudo)}) | {marca} |", flush=True)
            if args.sobreviventes:
                for m in c.sobreviventes + c.so_escondidas:
                    quem = "sobrevive" if m in c.sobreviventes else "só escondidas"
                    print(f"    [{quem}] {m.ident} (linha {m.linha}): {m.antes!r} → {m.depois!r}")
    print("\n| capítulo | exercícios | gerados | equivalentes | incompetentes | mortos pelas públicas | "
          "mortos por públicas + escondidas | objetivo |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    capitulos_medidos = {n: _do_capitulo(n, cs) for n, cs in por_capitulo.items() if cs}
    for n, c in capitulos_medidos.items():
        marca = "sem mutantes" if not c.contam else ("✔" if c.cumpre else "✘")
        print(f"| {n} | {len(por_capitulo[n])} | {c.geradas} | {c.equivalentes} | {c.incompetentes} | "
              f"{c.mortos_publicas} ({_pc(c, c.mortos_publicas)}) | {c.mortos_tudo} ({_pc(c, c.mortos_tudo)}) | "
              f"{marca} |")
    contam = sum(c.contam for c in todas)
    publicas = sum(c.mortos_publicas for c in todas)
    tudo = sum(c.mortos_tudo for c in todas)
    if contam:
        print(f"\nTotal: {sum(c.geradas for c in todas)} gerados, {contam} não equivalentes; "
              f"públicas {publicas} ({100 * publicas / contam:.1f} %), "
              f"públicas + escondidas {tudo} ({100 * tudo / contam:.1f} %) "
              f"em {time.perf_counter() - inicio:.0f} s")
    medidos = {c.exercicio for c in todas} if args.amostra is None else set()
    perdidos = sorted(i for i in equivalentes if i.split()[0] in medidos and i not in usados)
    for ident in perdidos:
        print(f"Equivalente sem mutante correspondente (a solução mudou?): {ident} — revê "
              "tests/mutacao/equivalentes.toml")
    mortos = [m for c in todas for m in c.equivalentes_mortos]
    for m in mortos:
        print(f"Equivalente apanhado pelas verificações públicas: {m.ident} (linha {m.linha}): {m.antes!r} → "
              f"{m.depois!r} — ou não é equivalente, ou a verificação pede o que o enunciado não diz")
    falham = [c.exercicio for c in todas + list(capitulos_medidos.values()) if not c.cumpre]
    if perdidos or mortos:
        return 1
    if falham:
        print(f"Abaixo do objetivo ({OBJETIVO_TUDO:.0%} / {OBJETIVO_PUBLICAS:.0%}): {', '.join(falham)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
