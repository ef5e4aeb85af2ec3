"""O ambiente dos processos do nbgrader e a leitura da configuração do curso.

O nbgrader chama o ``alembic`` pelo PATH e o kernel de correção tem de importar ``curso``: por
isso tudo corre com o interpretador atual (``sys.executable``) e a sua pasta ``bin`` à frente
no PATH, mesmo sem o ambiente virtual ativado.
"""

from __future__ import annotations

import os
from pathlib import Path

from curso.raiz import path_com_este_interpretador

CONFIGURACAO = "nbgrader_config.py"
SEGREDOS = ("OPENAI_API_KEY", "CURSO_AO_VIVO")


class Recusa(Exception):
    """A correção não pode começar: a mensagem diz porquê e o que fazer."""


def ambiente(raiz: Path | None = None, base: dict | None = None) -> dict:
    """O ambiente para o nbgrader e os kernels: o ``bin`` do interpretador à frente no PATH,
    sem chaves de API (a correção nunca vai à rede) e ``CURSO_RAIZ`` apontado ao curso."""
    env = dict(os.environ if base is None else base)
    env["PATH"] = path_com_este_interpretador(env.get("PATH"))
    for segredo in SEGREDOS:
        env.pop(segredo, None)
    if raiz is not None and (Path(raiz) / "tests" / "exercicios").is_dir():
        env["CURSO_RAIZ"] = str(Path(raiz).resolve())
    env.setdefault("PYTHONUTF8", "1")
    return env


def ler_configuracao(raiz: Path):
    """A configuração de ``raiz/nbgrader_config.py`` como o nbgrader a leria.

    O nbgrader, quando o ficheiro falha, escreve um aviso e continua com ``source/`` e
    ``release/``: aqui um erro é uma recusa com a causa.
    """
    from traitlets.config.loader import PyFileConfigLoader

    caminho = Path(raiz) / CONFIGURACAO
    if not caminho.is_file():
        raise Recusa(
            f"Não encontrei {CONFIGURACAO} em {raiz}. Corre «curso corrigir» na raiz do curso "
            "(a pasta com solutions/ e exercises/)."
        )
    try:
        caminho.read_bytes()
    except OSError as erro:
        raise Recusa(f"Não consegui ler {caminho}: {erro.strerror or erro}. Confirma as permissões.") from None
    try:
        return PyFileConfigLoader(CONFIGURACAO, path=str(raiz)).load_config()
    except BaseException as erro:  # o ficheiro pode lançar qualquer coisa
        if isinstance(erro, KeyboardInterrupt):
            raise
        causa = erro.__cause__ or erro
        raise Recusa(
            f"{CONFIGURACAO} tem um erro e o nbgrader ignorá-lo-ia em silêncio (passaria a usar "
            f"source/ e release/, e todos teriam zero): {type(causa).__name__}: {causa}"
        ) from None
