"""Quanto custa corrigir uma turma: ``curso corrigir`` isolado (caixa de areia) e sem isolamento,
lado a lado, nas mesmas submissões; com ``--nbgrader``, também o ``nbgrader autograde`` simples
(sequencial).

    python benchmarks/correcao.py                 # 30 alunos × todos os capítulos que existem
    python benchmarks/correcao.py 10 cap01 cap02  # 10 alunos, só os capítulos 1 e 2
    python benchmarks/correcao.py --nbgrader 10   # e o nbgrader simples ao lado

Cada aluno submete as soluções de todos os capítulos (o caso normal: cadernos que correm até ao
fim). Corre numa pasta temporária, nunca no repositório. O custo da caixa mede-se no lote (só as
submissões dos alunos, sem as guardas), que é o que cresce com a turma.
"""

from __future__ import annotations

import re
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

LOTE = re.compile(r"(\d+) submissões corrigidas em ([\d,]+) s")


def _nbgrader(pasta: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=pasta,
                          env=ambiente(pasta), capture_output=True, text=True, timeout=3600)


def _corrigir(pasta: Path, *opcoes: str) -> tuple[float, float]:
    """(tempo total, tempo do lote) de um ``curso corrigir``."""
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "curso", "corrigir", *opcoes], cwd=pasta,
                       env=ambiente(pasta), capture_output=True, text=True, timeout=7200)
    total = time.perf_counter() - t0
    if r.returncode != 0:
        print(r.stdout[-2000:], r.stderr[-2000:])
        raise SystemExit(1)
    m = LOTE.search(r.stdout)
    return total, float(m.group(2).replace(",", ".")) if m else total


def main(argv: list[str]) -> int:
    com_nbgrader = "--nbgrader" in argv
    argv = [a for a in argv if a != "--nbgrader"]
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
        tempos = {}
        for nome, opcoes in (("curso corrigir, sem isolamento", ["--sem-isolamento"]),
                             ("curso corrigir, isolado (bwrap)", [])):
            pasta = Path(tmp) / nome.replace(" ", "_").replace(",", "").replace("(", "").replace(")", "")
            shutil.copytree(base, pasta)
            tempos[nome] = _corrigir(pasta, *opcoes)

        if com_nbgrader:
            b = Path(tmp) / "nbgrader"
            shutil.copytree(base, b)
            t0 = time.perf_counter()
            for cap in caps:
                _nbgrader(b, "generate_assignment", cap, "--force")
                _nbgrader(b, "autograde", cap, "--force")
                _nbgrader(b, "generate_feedback", cap, "--force")
            _nbgrader(b, "export", "--to", "notas.csv")
            t = time.perf_counter() - t0
            tempos["nbgrader simples, sequencial (sem isolamento)"] = (t, t)

    print(f"{'':48}{'total':>10}{'lote':>10}{'por caderno':>14}")
    for nome, (total, lote) in tempos.items():
        print(f"{nome:48}{total:>9.1f}s{lote:>9.1f}s{lote / n:>13.2f}s")
    sem = tempos["curso corrigir, sem isolamento"][1]
    com = tempos["curso corrigir, isolado (bwrap)"][1]
    print(f"custo da caixa no lote: {100 * (com - sem) / sem:+.0f} % (alvo: ≤ 15 %)")
    print(f"isolado, estimativa para 30 × 9: {com / n * 270 / 60:.1f} min (alvo: ≤ 5 min)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
