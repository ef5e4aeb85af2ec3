"""Onde estão as coisas do curso: a raiz do repositório, os cadernos, as verificações e as
ferramentas do interpretador que corre o curso."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

PASTA_VERIFICACOES = Path("tests") / "exercicios"


class ErroDoCurso(Exception):
    """Erro com uma mensagem em português pensada para quem estuda (sem traceback)."""


def raiz_do_curso() -> Path:
    """A pasta com as verificações (``tests/exercicios``): ``CURSO_RAIZ``, senão a pasta atual ou
    uma acima dela, senão a pasta de onde o pacote foi instalado.

    A pasta de quem estuda vem antes da instalação: com o pacote instalado uma vez para todos
    (um JupyterHub), quem trabalha na sua própria cópia do curso usa as verificações dessa cópia.
    ``CURSO_RAIZ`` vem primeiro porque a correção o fixa: uma submissão que traga uma pasta
    ``tests/exercicios`` não troca as verificações do professor pelas suas.
    """
    if os.environ.get("CURSO_RAIZ"):
        return Path(os.environ["CURSO_RAIZ"]).resolve()
    aqui = Path.cwd().resolve()
    for pasta in (aqui, *aqui.parents, Path(__file__).resolve().parents[2]):
        if (pasta / PASTA_VERIFICACOES).is_dir():
            return pasta
    raise ErroDoCurso(
        "Não encontrei a pasta do curso (a que tem tests/exercicios). "
        "Corre o comando dentro do repositório ou define CURSO_RAIZ."
    )


def _tem_cadernos(pasta: Path) -> bool:
    return any(pasta.glob("cap[0-9][0-9]/cap[0-9][0-9].ipynb"))


def pasta_dos_cadernos() -> Path:
    """A pasta com os ``capNN/capNN.ipynb`` de quem estuda, procurada a partir da pasta atual.

    Sobe da pasta atual (num kernel, a do caderno) até encontrar uma pasta com ``capNN/`` (o que
    o ``nbgrader fetch_assignment`` traz para a pasta pessoal) ou com ``exercises/capNN/`` (uma
    cópia do repositório). Sem nenhuma, ``exercises/`` da raiz do curso.
    """
    aqui = Path.cwd().resolve()
    for pasta in (aqui, *aqui.parents):
        for candidata in (pasta, pasta / "exercises"):
            if _tem_cadernos(candidata):
                return candidata
    return raiz_do_curso() / "exercises"


def capitulo_de(exercicio: str | int) -> int:
    """``"5.3"`` → 5, ``5`` → 5; erro claro para ids mal escritos."""
    texto = str(exercicio).strip()
    m = re.fullmatch(r"(\d{1,2})(?:\.(\d{1,2}))?", texto)
    if not m:
        raise ErroDoCurso(
            f"Não conheço o exercício {texto!r}. Escreve o capítulo (ex.: 3) "
            "ou o capítulo e o exercício (ex.: \"3.2\")."
        )
    return int(m.group(1))


def caderno_de_exercicios(capitulo: int, pasta: str | Path | None = None) -> Path:
    """O caderno ``capNN/capNN.ipynb`` dentro de ``pasta`` (por omissão a de quem estuda, ver
    ``pasta_dos_cadernos``)."""
    base = Path(pasta) if pasta is not None else pasta_dos_cadernos()
    return base / f"cap{capitulo:02d}" / f"cap{capitulo:02d}.ipynb"


def modulo_de_verificacoes(capitulo: int) -> Path:
    return raiz_do_curso() / PASTA_VERIFICACOES / f"test_cap{capitulo:02d}.py"


def capitulos_existentes() -> list[int]:
    pasta = raiz_do_curso() / PASTA_VERIFICACOES
    return sorted(int(p.stem[-2:]) for p in pasta.glob("test_cap[0-9][0-9].py"))


def path_com_este_interpretador(path: str | None) -> str:
    """``path`` com a pasta ``bin`` do interpretador atual à frente.

    O nbgrader chama ferramentas pelo nome (o ``alembic``, ao criar o ``gradebook.db``) e os
    kernels têm de importar ``curso``: com ``.venv/bin/python -m …`` sem o ambiente ativado, o
    PATH não as encontraria. (O ``iniciar.py`` faz o mesmo para o ``.venv`` à sua maneira: corre
    antes de o pacote estar instalado.)
    """
    return os.pathsep.join([str(Path(sys.executable).parent), path or ""])
