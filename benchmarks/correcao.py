"""Quanto custa corrigir uma turma: ``curso corrigir`` isolado (caixa de areia) com a fronteira
de confiança, o mesmo com as verificações no kernel (como antes da fronteira) e sem isolamento,
lado a lado, nas mesmas submissões; com ``--nbgrader``, também o ``nbgrader autograde`` simples
(sequencial); com ``--cluster``, também num cluster Dask nesta máquina (um scheduler e um ou dois
trabalhadores do Dask, cada um com um fio, TLS, só 127.0.0.1), ao lado da correção local com o
mesmo número de trabalhadores — a diferença é o custo do Dask por caderno.

    python benchmarks/correcao.py                 # 30 alunos × todos os capítulos que existem
    python benchmarks/correcao.py 10 cap01 cap02  # 10 alunos, só os capítulos 1 e 2
    python benchmarks/correcao.py --nbgrader 10   # e o nbgrader simples ao lado
    python benchmarks/correcao.py --cluster 6     # e no cluster, com 1 e 2 trabalhadores do Dask

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

CLUSTER_1 = "isolado, cluster Dask, 1 trabalhador"
LOCAL_1 = "isolado, local, 1 trabalhador"
CLUSTER_2 = "isolado, cluster Dask, 2 trabalhadores"
LOCAL_2 = "isolado, local, 2 trabalhadores"
SEM_CAIXA = "sem isolamento (com a fronteira)"
NO_KERNEL = "isolado, verificações no kernel (antes)"
FRONTEIRA = "isolado, com a fronteira (hoje)"
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


def _no_cluster(base: Path, tmp: Path, tempos: dict) -> None:
    """Os modos do cluster e, ao lado, os locais com o mesmo número de trabalhadores. O cluster
    arranca antes de contar (num servidor já está de pé); o que se conta é o ``curso corrigir``."""
    from tests.cluster._cluster import Cluster

    cluster = Cluster(tmp / "cluster")
    try:
        for n, (local, no_cluster) in enumerate(((LOCAL_1, CLUSTER_1), (LOCAL_2, CLUSTER_2)), 1):
            cluster.arrancar_trabalhador(f"t{n}")
            for nome, opcoes in ((local, ["--trabalhadores", str(n)]),
                                 (no_cluster, ["--cluster", str(cluster.configuracao())])):
                pasta = tmp / re.sub(r"\W+", "_", nome)
                shutil.copytree(base, pasta)
                tempos[nome] = _corrigir(pasta, *opcoes)
    finally:
        cluster.fechar()


def main(argv: list[str]) -> int:
    com_nbgrader = "--nbgrader" in argv
    com_cluster = "--cluster" in argv
    argv = [a for a in argv if a not in ("--nbgrader", "--cluster")]
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
        for nome, opcoes, no_kernel in ((SEM_CAIXA, ["--sem-isolamento"], False),
                                        (NO_KERNEL, [], True), (FRONTEIRA, [], False)):
            pasta = Path(tmp) / re.sub(r"\W+", "_", nome)
            shutil.copytree(base, pasta)
            if no_kernel:  # a correção de antes: as verificações correm no kernel do aluno
                with open(pasta / "nbgrader_config.py", "a", encoding="utf-8") as f:
                    f.write("\nc.ExecutarComFronteira.verificacoes_no_kernel = True\n")
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
        if com_cluster:
            _no_cluster(base, Path(tmp), tempos)

    print(f"{'':48}{'total':>10}{'lote':>10}{'por caderno':>14}{'cadernos/min':>14}")
    for nome, (total, lote) in tempos.items():
        print(f"{nome:48}{total:>9.1f}s{lote:>9.1f}s{lote / n:>13.2f}s{60 * n / lote:>14.1f}")
    sem, antes, com = (tempos[nome][1] for nome in (SEM_CAIXA, NO_KERNEL, FRONTEIRA))
    print(f"custo da caixa no lote (verificações no kernel): {100 * (antes - sem) / sem:+.0f} %")
    print(f"custo da fronteira no lote, face à correção isolada de antes: "
          f"{100 * (com - antes) / antes:+.0f} % (alvo: ≤ 15 %)")
    print(f"isolado com a fronteira, estimativa para 30 × 9: {com / n * 270 / 60:.1f} min (alvo: ≤ 5 min)")
    if com_cluster:
        for local, no_cluster, k in ((LOCAL_1, CLUSTER_1, 1), (LOCAL_2, CLUSTER_2, 2)):
            a, b = tempos[local][1], tempos[no_cluster][1]
            print(f"custo do Dask com {k} trabalhador(es): {k * (b - a) / n:+.2f} s de trabalhador "
                  f"por caderno ({100 * (b - a) / a:+.0f} % no lote); no cluster, "
                  f"{60 * n / b / k:.1f} cadernos/min por trabalhador")
        um, dois = tempos[CLUSTER_1][1], tempos[CLUSTER_2][1]
        print(f"de 1 para 2 trabalhadores do Dask: {um / dois:.2f}× mais cadernos por minuto")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
