"""Quanto demora ``curso turma``: o relatório de uma turma grande, com dados sintéticos.

Gera uma turma simulada (por omissão 300 alunos × os 52 exercícios dos nove capítulos: os
ficheiros ``resultados/ALUNO/CAP.json`` que a correção deixaria) numa pasta temporária e mede,
num processo novo como o do professor, ``python -m curso turma`` (ler os ficheiros, fazer as
contas, desenhar os dois gráficos, escrever o HTML e o caderno). Repete ``--repeticoes`` vezes e
guarda o **mínimo** (numa máquina partilhada os outros processos só somam tempo).

Uso: python benchmarks/turma.py [--alunos 300] [--repeticoes 3]
Objetivo (issue 28): 300 alunos × 42 exercícios em ≤ 5 s.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ / "tests" / "turma"))

import _simulada  # noqa: E402 — o gerador da turma simulada dos testes, o mesmo aqui

OBJETIVO = 5.0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--alunos", type=int, default=300)
    p.add_argument("--repeticoes", type=int, default=3)
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="curso-turma-") as tmp:
        raiz = Path(tmp)
        shutil.copytree(_simulada.SOLUCOES, raiz / "solutions")
        inicio = time.perf_counter()
        _simulada.aleatoria(raiz, args.alunos)
        ficheiros = len(list((raiz / "resultados").glob("*/*.json")))
        n_ex = len(_simulada.exercicios())
        print(f"Turma simulada: {args.alunos} alunos × {n_ex} exercícios, {ficheiros} ficheiros "
              f"resultados/ (gerados em {time.perf_counter() - inicio:.1f} s)")
        tempos = []
        for _ in range(args.repeticoes):
            inicio = time.perf_counter()
            r = subprocess.run([sys.executable, "-m", "curso", "turma"], cwd=raiz,
                               capture_output=True, text=True)
            tempos.append(time.perf_counter() - inicio)
            if r.returncode:
                print(r.stdout + r.stderr)
                return 1
        html = raiz / "relatorios" / "turma.html"
        print(f"curso turma (processo novo, mínimo de {len(tempos)}): {min(tempos):.2f} s "
              f"(todas: {', '.join(f'{t:.2f}' for t in tempos)}); HTML {html.stat().st_size // 1024} KiB")
        print(f"objetivo ≤ {OBJETIVO:g} s: {'cumprido' if min(tempos) <= OBJETIVO else 'FALHOU'}")
        return 0 if min(tempos) <= OBJETIVO else 1


if __name__ == "__main__":
    sys.exit(main())
