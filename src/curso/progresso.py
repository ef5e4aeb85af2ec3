"""O progresso de quem estuda: por capítulo e exercício, feito / a falhar / por começar."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from curso.caderno import carregar
from curso.estados import Estado
from curso.raiz import ErroDoCurso, caderno_de_exercicios, capitulos_existentes
from curso.verificacao import (
    correr_verificacoes,
    estado_do_exercicio,
    exercicios_do_capitulo,
    titulo,
)


def recolher(pasta: str | Path | None = None) -> list[dict]:
    """Um dicionário por exercício: capitulo, id, titulo, estado (um ``Estado``) e detalhe."""
    itens = []
    for capitulo in capitulos_existentes():
        caminho = caderno_de_exercicios(capitulo, pasta)
        classes = exercicios_do_capitulo(capitulo)
        try:
            nb = carregar(caminho)
        except ErroDoCurso as erro:
            nb, problema = None, str(erro)
        for ident, classe in classes.items():
            item = {"capitulo": capitulo, "id": ident, "titulo": titulo(classe),
                    "caderno": str(caminho)}
            if nb is None:
                item.update(estado=Estado.POR_FAZER, detalhe=problema)
            else:
                resultados = correr_verificacoes(ident, nb)
                estado = Estado(estado_do_exercicio(resultados))
                passaram = sum(r.estado == Estado.PASSOU for r in resultados)
                item.update(estado=estado, detalhe=f"{passaram}/{len(resultados)} verificações")
            itens.append(item)
    return itens


def proximo_passo(itens: list[dict]) -> str:
    for estado, verbo in ((Estado.FALHOU, "Acaba"), (Estado.POR_FAZER, "Começa")):
        for item in itens:
            if item["estado"] == estado:
                return (f"{verbo} o exercício {item['id']} — {item['titulo']} "
                        f"(em {item['caderno']}; verifica com curso verificar {item['id']}).")
    return "Fizeste todos os exercícios. Parabéns! Experimenta o modo ao vivo (README)."


def formatar(itens: list[dict]) -> str:
    feitos = sum(i["estado"] == Estado.PASSOU for i in itens)
    linhas = [f"Progresso: {feitos}/{len(itens)} exercícios feitos", ""]
    linhas.append("  estado         exercício")
    capitulo = None
    for item in itens:
        if item["capitulo"] != capitulo:
            capitulo = item["capitulo"]
            doca = [i for i in itens if i["capitulo"] == capitulo]
            feitos_cap = sum(i["estado"] == Estado.PASSOU for i in doca)
            linhas.append(f"Capítulo {capitulo} ({feitos_cap}/{len(doca)})")
        estado = Estado(item["estado"])
        linhas.append(f"  {estado.simbolo} {estado.rotulo:<13}{item['id']:<5} {item['titulo']}")
    linhas += ["", proximo_passo(itens)]
    return "\n".join(linhas)


def executar(args) -> int:
    try:
        itens = recolher(args.pasta)
    except ErroDoCurso as erro:
        print(f"✘ {erro}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(itens, ensure_ascii=False, indent=2))
    else:
        print(formatar(itens))
    return 0


def registar(sub, ajuda: str) -> None:
    p = sub.add_parser("progresso", help=ajuda,
                       description="Mostra, por capítulo e exercício, o que está feito, o que "
                       "falha e o que falta começar, e diz qual é o próximo passo.")
    p._optionals.title = "opções"
    p.add_argument("--pasta", metavar="PASTA",
                   help="pasta com capNN/capNN.ipynb (por omissão: a que tem os teus cadernos, a partir da pasta atual)")
    p.add_argument("--json", action="store_true", help="resultado em JSON")
    p.set_defaults(func=executar)
