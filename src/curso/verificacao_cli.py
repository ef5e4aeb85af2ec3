"""Subcomando ``curso verificar``: as verificações públicas a partir da linha de comandos."""

from __future__ import annotations

import json
import sys

from curso.caderno import carregar
from curso.raiz import ErroDoCurso, caderno_de_exercicios, capitulo_de
from curso.verificacao import PASSOU, como_dicionarios, correr_com_espera, formatar


def executar(args) -> int:
    try:
        capitulo = capitulo_de(args.exercicio)
        caminho = args.caderno or caderno_de_exercicios(capitulo)
        nb = carregar(caminho)
        resultados = correr_com_espera(args.exercicio, nb)  # a espera no stderr, num terminal
    except ErroDoCurso as erro:
        print(f"✘ {erro}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(como_dicionarios(resultados), ensure_ascii=False, indent=2))
    else:
        print(f"Caderno: {caminho}")
        for falha in nb.erros:
            print(f"⚠ {falha}")
        print(formatar(args.exercicio, resultados))
    return 0 if all(r.estado == PASSOU for r in resultados) else 1


def registar(sub, ajuda: str) -> None:
    p = sub.add_parser(
        "verificar",
        help=ajuda,
        description="Corre as verificações públicas de um capítulo (ex.: 3) ou de um exercício "
        "(ex.: 3.2) sobre o teu caderno. Sai com 0 só quando todas passam.",
    )
    p._positionals.title = "argumentos posicionais"
    p._optionals.title = "opções"
    p.add_argument("exercicio", metavar="N[.M]", help="capítulo (3) ou exercício (3.2)")
    p.add_argument(
        "--caderno",
        metavar="CAMINHO",
        help="caderno a verificar (por omissão: capNN/capNN.ipynb na pasta dos teus cadernos, a partir da pasta atual)",
    )
    p.add_argument("--json", action="store_true", help="resultado em JSON (para ferramentas)")
    p.set_defaults(func=executar)
