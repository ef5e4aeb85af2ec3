"""Quanto custa corrigir uma turma: ``curso corrigir`` lado a lado com o ``nbgrader autograde``
simples (sequencial), nas mesmas submissões.

    python benchmarks/correcao.py            # 30 alunos × todos os capítulos que existem
    python benchmarks/correcao.py 10 cap01   # 10 alunos, só o capítulo 1

Cada aluno submete as soluções de todos os capítulos (o caso normal: cadernos que correm até ao
fim). Corre numa pasta temporária, nunca no repositório.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ))

from curso.correcao.ambiente import ambiente  # noqa: E402
from tests.correcao._turma import CAPITULOS, copiar_curso, resolvido, submeter  # noqa: E402


def _nbgrader(pasta: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=pasta,
                          env=ambiente(pasta), capture_output=True, text=True, timeout=3600)


def main(argv: list[str]) -> int:
    alunos = int(argv[0]) if argv else 30
    caps = argv[1:] or CAPITULOS
    n = alunos * len(caps)
    print(f"Turma simulada: {alunos} alunos × {len(caps)} capítulos ({', '.join(caps)}) = {n} cadernos")
    with tempfile.TemporaryDirectory(prefix="bench-correcao-") as tmp:
        base = Path(tmp) / "base"
        base.mkdir()
        copiar_curso(base, caps)
        for i in range(alunos):
            for cap in caps:
                submeter(base, f"aluno{i:02d}", cap, resolvido(cap))
        a, b = Path(tmp) / "curso", Path(tmp) / "nbgrader"
        shutil.copytree(base, a)
        shutil.copytree(base, b)

        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "curso", "corrigir"], cwd=a, env=ambiente(a),
                           capture_output=True, text=True, timeout=3600)
        t_curso = time.perf_counter() - t0
        if r.returncode != 0:
            print(r.stdout[-2000:], r.stderr[-2000:])
            return 1
        so_lote = next((linha for linha in r.stdout.splitlines() if "submissões corrigidas" in linha), "")

        t0 = time.perf_counter()
        for cap in caps:
            _nbgrader(b, "generate_assignment", cap, "--force")
            _nbgrader(b, "autograde", cap, "--force")
            _nbgrader(b, "generate_feedback", cap, "--force")
        _nbgrader(b, "export", "--to", "notas.csv")
        t_nbgrader = time.perf_counter() - t0

    print(f"{'':34}{'total':>10}{'por caderno':>14}")
    print(f"{'curso corrigir (tudo, com guardas)':34}{t_curso:>9.1f}s{t_curso / n:>13.2f}s")
    print(f"{'nbgrader sequencial (gerar, corrigir, retorno, exportar)':34}")
    print(f"{'':34}{t_nbgrader:>9.1f}s{t_nbgrader / n:>13.2f}s")
    print(f"curso corrigir, só o lote: {so_lote.strip()}")
    print(f"razão: {t_nbgrader / t_curso:.2f}× (alvo: ≤ 1 s por caderno; 30 × 9 ≤ 300 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
