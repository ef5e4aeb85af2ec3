"""Linha de comandos ``curso``: cada subcomando vive no seu módulo e só esse é importado."""

from __future__ import annotations

import argparse
import importlib
import sys

# subcomando -> (módulo com a função ``registar(subparsers)``, descrição curta)
SUBCOMANDOS = {
    "verificar": ("curso.verificacao_cli", "corre as verificações públicas de um capítulo ou exercício"),
    "progresso": ("curso.progresso", "mostra o que já está feito nos nove capítulos"),
    "servidor": ("curso.offline.servidor", "serve o modelo offline por HTTP (compatível com a API da OpenAI)"),
    "corrigir": ("curso.correcao.cli", "professor: corrige todas as submissões com o nbgrader"),
}


def _parser(so: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="curso",
        description="Ferramentas do curso «Agentes e Workflows Multi-Step».",
        epilog="Usa «curso SUBCOMANDO --help» para ver as opções de cada subcomando.",
    )
    parser._positionals.title = "argumentos posicionais"
    parser._optionals.title = "opções"
    sub = parser.add_subparsers(dest="subcomando", metavar="SUBCOMANDO", title="subcomandos")
    for nome, (modulo, ajuda) in SUBCOMANDOS.items():
        if so is not None and nome != so:
            sub.add_parser(nome, help=ajuda)
            continue
        try:
            registar = importlib.import_module(modulo).registar
        except ModuleNotFoundError:
            # o subcomando ainda não existe nesta versão do curso
            continue
        registar(sub, ajuda)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    pedido = argv[0] if argv and argv[0] in SUBCOMANDOS else None
    args = _parser(pedido).parse_args(argv)
    if not getattr(args, "func", None):
        _parser().print_help()
        return 2
    return int(args.func(args) or 0)
