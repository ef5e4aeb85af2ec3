"""Uma cópia do curso numa pasta temporária e uma turma simulada para ``curso corrigir``."""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from curso.raiz import raiz_do_curso

RAIZ = raiz_do_curso()
CAPITULOS = sorted(p.name for p in (RAIZ / "solutions").glob("cap[0-9][0-9]")
                   if (RAIZ / "exercises" / p.name / f"{p.name}.ipynb").is_file())


def copiar_curso(destino: Path, capitulos: list[str] = CAPITULOS) -> Path:
    """O que um professor tem: configuração, soluções, cadernos dos alunos e verificações."""
    shutil.copy(RAIZ / "nbgrader_config.py", destino / "nbgrader_config.py")
    shutil.copytree(RAIZ / "tests" / "exercicios", destino / "tests" / "exercicios")
    for cap in capitulos:
        for pasta in ("solutions", "exercises"):
            shutil.copytree(RAIZ / pasta / cap, destino / pasta / cap)
    return destino


def corrigir(pasta: Path, *args: str, env: dict | None = None, timeout: float = 900):
    """``python -m curso corrigir`` como um professor sem o ambiente ativado: PATH mínimo. Sem
    ``--sem-isolamento``, numa máquina sem caixa de areia e fora da CI, o teste salta com a razão
    (o comando recusaria começar)."""
    if "--sem-isolamento" not in args:
        sem_caixa()
    base = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "CURSO_RAIZ")}
    base["PATH"] = "/usr/bin:/bin"
    base.update(env or {})
    return subprocess.run([sys.executable, "-m", "curso", "corrigir", *args], cwd=pasta,
                          env=base, capture_output=True, text=True, timeout=timeout)


@functools.cache
def _motivo_sem_caixa() -> str | None:
    from curso.correcao.caixa import motivo_sem_caixa

    return motivo_sem_caixa()


def sem_caixa() -> None:
    """Salta o teste se esta máquina não tiver a caixa de areia da correção (bwrap por instalar,
    namespaces de utilizador desligados), com a razão — menos na CI, que a instala e onde uma falta
    é uma falha."""
    import pytest

    motivo = _motivo_sem_caixa()
    if motivo and not os.environ.get("CI"):
        pytest.skip(f"sem caixa de areia nesta máquina: {motivo}")


def ler(caminho: Path) -> dict:
    return json.loads(Path(caminho).read_text(encoding="utf-8"))


def nbg(celula: dict) -> dict:
    return celula.get("metadata", {}).get("nbgrader", {})


def _fonte(celula: dict) -> str:
    return "".join(celula["source"]) if isinstance(celula["source"], list) else celula["source"]


def exercicios(cap: str) -> list[tuple[str, str, float]]:
    """``(célula de solução, célula de verificação, pontos)`` por exercício, pela ordem."""
    celulas, pares, solucao = ler(RAIZ / "solutions" / cap / f"{cap}.ipynb")["cells"], [], None
    for c in celulas:
        if nbg(c).get("solution"):
            solucao = nbg(c)["grade_id"]
        elif nbg(c).get("grade") and solucao:
            pares.append((solucao, nbg(c)["grade_id"], float(nbg(c)["points"])))
            solucao = None
    return pares


def notas_so(cap: str, *certas: str) -> dict[str, float]:
    """As notas, célula de verificação a célula, de quem só acertou as células ``certas``: os
    pontos todos nessas, 0 em todas as outras do capítulo (também nas que vierem a juntar-se)."""
    return {ver: (pts if ver in certas else 0) for _, ver, pts in exercicios(cap)}


def maximo(cap: str) -> float:
    return sum(p for _, _, p in exercicios(cap))


def nota_no_retorno(pontos: float, total: float) -> str:
    """O cabeçalho do retorno ao aluno (os modelos traduzidos): «(nota: 4,5 / 6)»."""
    return f"(nota: {pontos:g} / {total:g})".replace(".", ",")


def _sem_marcas(fonte: str) -> str:
    return "".join(li for li in fonte.splitlines(keepends=True)
                   if li.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))


def resolvido(cap: str, so: set[str] | None = None) -> dict:
    """O caderno do aluno com as respostas da solução (todas, ou só as células ``so``), sem as
    marcas ``### BEGIN SOLUTION`` do professor (que um aluno não tem: a correção sinaliza-as)."""
    nb = ler(RAIZ / "exercises" / cap / f"{cap}.ipynb")
    solucoes = {nbg(c).get("grade_id"): _sem_marcas(_fonte(c))
                for c in ler(RAIZ / "solutions" / cap / f"{cap}.ipynb")["cells"]}
    for c in nb["cells"]:
        gid = nbg(c).get("grade_id")
        if nbg(c).get("solution") and (so is None or gid in so):
            c["source"] = solucoes[gid]
    return nb


def celula(nb: dict, gid: str) -> dict:
    return next(c for c in nb["cells"] if nbg(c).get("grade_id") == gid)


def esboco(cap: str, gid: str, corpo: str) -> str:
    """A célula em branco do aluno com ``corpo`` no lugar do ``raise NotImplementedError()``."""
    fonte = _fonte(celula(ler(RAIZ / "exercises" / cap / f"{cap}.ipynb"), gid))
    return re.sub(r"^([ \t]*)raise NotImplementedError\(\)",
                  lambda m: "\n".join(m.group(1) + linha for linha in corpo.splitlines()),
                  fonte, flags=re.M)


def submeter(pasta: Path, aluno: str, cap: str, nb: dict | None, nome: str | None = None) -> None:
    destino = pasta / "submitted" / aluno / cap
    destino.mkdir(parents=True, exist_ok=True)
    if nb is not None:
        (destino / (nome or f"{cap}.ipynb")).write_text(json.dumps(nb, ensure_ascii=False),
                                                       encoding="utf-8")


