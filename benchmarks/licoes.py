"""Quanto demora cada lição a correr do princípio ao fim, sem ecrã, offline (objetivo ≤ 10 s).

Referência: um caderno vazio no mesmo kernel (o custo fixo de arrancar e parar o kernel).
Uso: python benchmarks/licoes.py [padrão, ex.: 0[1-3]]
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

RAIZ = Path(__file__).resolve().parents[1]


def _tempo(nb: nbformat.NotebookNode, pasta: Path) -> float:
    inicio = time.perf_counter()
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(pasta)}}).execute()
    return time.perf_counter() - inicio


def main(argv: list[str]) -> None:
    for variavel in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "CURSO_AO_VIVO"):
        os.environ.pop(variavel, None)
    os.environ.setdefault("MPLBACKEND", "Agg")
    padrao = argv[0] if argv else "*"
    vazio = _tempo(nbformat.v4.new_notebook(), RAIZ)
    print(f"{'caderno':45} {'segundos':>9}")
    print(f"{'(referência: caderno vazio)':45} {vazio:9.2f}")
    piores = []
    for caminho in sorted((RAIZ / "chapters").glob(f"{padrao}.ipynb")):
        segundos = _tempo(nbformat.read(caminho, as_version=4), caminho.parent)
        piores.append(segundos)
        marca = "" if segundos <= 10 else "  ← acima de 10 s"
        print(f"{caminho.name:45} {segundos:9.2f}{marca}")
    if piores:
        print(f"\nA lição mais lenta: {max(piores):.2f} s (objetivo ≤ 10 s)")


if __name__ == "__main__":
    main(sys.argv[1:])
