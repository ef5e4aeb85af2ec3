"""Utilitários das provas do repositório: que capítulos há e onde estão os seus cadernos."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from curso.caderno import carregar
from curso.raiz import caderno_de_exercicios, capitulos_existentes, raiz_do_curso

RAIZ = raiz_do_curso()
CAPITULOS = capitulos_existentes()
PASTAS_DE_CADERNOS = ("chapters", "solutions", "exercises")


def solucao(capitulo: int) -> Path:
    return caderno_de_exercicios(capitulo, RAIZ / "solutions")


def exercicio(capitulo: int) -> Path:
    return caderno_de_exercicios(capitulo, RAIZ / "exercises")


@functools.cache
def caderno_de_solucoes(capitulo: int):
    return carregar(solucao(capitulo))


def todos_os_cadernos() -> list[Path]:
    return sorted(
        p for pasta in PASTAS_DE_CADERNOS for p in (RAIZ / pasta).rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts
    )


def licoes() -> list[Path]:
    return sorted((RAIZ / "chapters").glob("[0-9][0-9]_*.ipynb"))


def ler(caminho: Path) -> dict:
    return json.loads(caminho.read_text(encoding="utf-8"))
