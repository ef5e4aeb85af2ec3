"""Linha de comandos ``curso``: cada subcomando vive no seu módulo e só esse é importado."""

from __future__ import annotations

import argparse
import importlib
import sys

# o argparse escreve em inglês; estas são as frases que aparecem ao utilizador
_TRADUCOES = {
    "usage: ": "uso: ",
    "show this help message and exit": "mostra esta ajuda e sai",
    "positional arguments": "argumentos posicionais",
    "options": "opções",
    "optional arguments": "opções",
    "the following arguments are required: %s": "faltam os argumentos: %s",
    "unrecognized arguments: %s": "argumentos desconhecidos: %s",
    "invalid choice: %(value)r (choose from %(choices)s)": "escolha inválida: %(value)r (escolhe entre %(choices)s)",
    "invalid %(type)s value: %(value)r": "valor inválido (%(type)s): %(value)r",
    "expected one argument": "falta um valor",
    "%(prog)s: error: %(message)s\n": "%(prog)s: erro: %(message)s\n",
}
argparse._ = lambda texto: _TRADUCOES.get(texto, texto)

# subcomando -> (módulo com a função ``registar(subparsers)``, descrição curta)
SUBCOMANDOS = {
    "verificar": ("curso.verificacao_cli", "corre as verificações públicas de um capítulo ou exercício"),
    "progresso": ("curso.progresso", "mostra o que já está feito nos nove capítulos"),
    "servidor": ("curso.offline.linha_de_comandos", "serve o modelo offline por HTTP (compatível com a API da OpenAI)"),
    "corrigir": ("curso.correcao.cli", "professor: corrige todas as submissões com o nbgrader"),
    "exportar": ("curso.correcao.exportar", "professor: as notas num CSV para importar no Moodle ou no Canvas"),
    "turma": ("curso.correcao.turma", "professor: o relatório da turma (HTML e caderno) depois de corrigir"),
    "mapa": ("curso.mapa", "quem mantém o curso: onde vive cada peça de um exercício"),
    "atualizar": ("curso.atualizar", "traz a versão nova do curso (git pull) sem perder as tuas respostas"),
}


def _sem_dependencia(nome: str, erro: ModuleNotFoundError) -> int:
    print(f"Erro: «curso {nome}» precisa do módulo {erro.name!r}, que não está instalado. "
          "Corre «python3 iniciar.py preparar» (ou instala requirements.lock) e tenta de novo.",
          file=sys.stderr)
    return 1


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
        except ModuleNotFoundError as erro:
            # uma dependência em falta: o subcomando aparece na ajuda, com o que lhe falta
            sub.add_parser(nome, help=f"{ajuda} (indisponível: falta {erro.name})")
            continue
        registar(sub, ajuda)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    pedido = argv[0] if argv and argv[0] in SUBCOMANDOS else None
    if pedido is not None:
        try:
            importlib.import_module(SUBCOMANDOS[pedido][0])
        except ModuleNotFoundError as erro:
            return _sem_dependencia(pedido, erro)
    args = _parser(pedido).parse_args(argv)
    if not getattr(args, "func", None):
        _parser().print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:  # «curso progresso | head»: quem lia fechou o tubo
        sys.stderr.close()
        return 0
