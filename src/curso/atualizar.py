"""``curso atualizar``: traz a versão nova do curso sem perder as respostas de quem estuda.

O JupyterLab grava os cadernos sozinho, e os cadernos são seguidos pelo git: um ``git pull``
direto entra em conflito ou recusa-se. Este comando:

1. guarda as respostas (as células de solução dos ``exercises/*/*.ipynb``, pelo ``grade_id`` do
   nbgrader) que mudaste, e uma cópia de cada caderno mudado, em ``.curso/atualizacoes/DATA/``;
2. repõe os cadernos seguidos pelo git como estavam (``git checkout``);
3. faz ``git pull --ff-only``;
4. volta a pôr as tuas respostas nos cadernos novos, célula a célula. Uma resposta cujo exercício
   desapareceu fica em ``.curso/atualizacoes/DATA/respostas_sem_lugar.txt``, e o comando diz-o.

Se o ``git pull`` falhar, os cadernos voltam a ficar como estavam e nada se perde.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path


class ErroAtualizar(Exception):
    """Uma razão, em português, para não atualizar (nada foi mudado)."""


def _git(raiz: Path, *args: str, verificar: bool = True) -> subprocess.CompletedProcess:
    r = subprocess.run(["git", *args], cwd=raiz, capture_output=True, text=True, timeout=300,
                       stdin=subprocess.DEVNULL)
    if verificar and r.returncode != 0:
        raise ErroAtualizar(f"o comando «git {' '.join(args)}» falhou:\n{(r.stderr or r.stdout).strip()}")
    return r


def _solucoes(nb) -> dict[str, str]:
    """``grade_id`` → texto de cada célula de solução do nbgrader."""
    return {
        c.metadata["nbgrader"]["grade_id"]: c.source
        for c in nb.cells
        if c.metadata.get("nbgrader", {}).get("solution") and c.metadata["nbgrader"].get("grade_id")
    }


def _mudados(raiz: Path) -> list[str]:
    """Os ficheiros seguidos pelo git com alterações (na árvore ou já no índice)."""
    r = _git(raiz, "status", "--porcelain", "--untracked-files=no", "-z")
    return sorted({entrada[3:] for entrada in r.stdout.split("\0") if entrada})


def guardar_respostas(raiz: Path, cadernos: list[str]) -> dict[str, dict[str, str]]:
    """As respostas mudadas em cada caderno de exercícios, em relação à versão do último commit."""
    import nbformat

    respostas = {}
    for relativo in cadernos:
        if not (relativo.startswith("exercises/") and relativo.endswith(".ipynb")):
            continue
        agora = _solucoes(nbformat.read(raiz / relativo, as_version=4))
        r = _git(raiz, "show", f"HEAD:{relativo}", verificar=False)
        antes = _solucoes(nbformat.reads(r.stdout, as_version=4)) if r.returncode == 0 else {}
        mudadas = {gid: texto for gid, texto in agora.items() if antes.get(gid) != texto}
        if mudadas:
            respostas[relativo] = mudadas
    return respostas


def repor_respostas(raiz: Path, respostas: dict[str, dict[str, str]]) -> tuple[int, dict[str, dict[str, str]]]:
    """Põe as respostas nos cadernos atuais; devolve (quantas repôs, as que ficaram sem lugar)."""
    import nbformat

    repostas, sem_lugar = 0, {}
    for relativo, mudadas in respostas.items():
        caminho = raiz / relativo
        if not caminho.exists():
            sem_lugar[relativo] = dict(mudadas)
            continue
        nb = nbformat.read(caminho, as_version=4)
        por_id = {c.metadata["nbgrader"]["grade_id"]: c for c in nb.cells
                  if c.metadata.get("nbgrader", {}).get("solution") and c.metadata["nbgrader"].get("grade_id")}
        for gid, texto in mudadas.items():
            if gid in por_id:
                por_id[gid].source = texto
                repostas += 1
            else:
                sem_lugar.setdefault(relativo, {})[gid] = texto
        nbformat.write(nb, caminho)
    return repostas, sem_lugar


def _escrever_sem_lugar(destino: Path, sem_lugar: dict[str, dict[str, str]]) -> None:
    linhas = ["# Respostas sem lugar na versão nova do curso", "",
              "Estes exercícios desapareceram (ou mudaram de nome) na versão nova; as tuas respostas:", ""]
    for relativo, mudadas in sem_lugar.items():
        for gid, texto in mudadas.items():
            linhas += [f"## {relativo} — {gid}", "", "```python", texto, "```", ""]
    destino.write_text("\n".join(linhas), encoding="utf-8")


def atualizar(raiz: Path, dizer=print) -> int:
    """Atualiza o curso em ``raiz``; devolve 0 se correu bem. As mensagens vão para ``dizer``."""
    raiz = Path(raiz).resolve()
    if _git(raiz, "rev-parse", "--is-inside-work-tree", verificar=False).returncode != 0:
        raise ErroAtualizar(f"{raiz} não é um clone git do curso: atualiza-o como o obtiveste.")
    mudados = _mudados(raiz)
    outros = [f for f in mudados if not f.endswith(".ipynb")]
    if outros:
        raise ErroAtualizar(
            "Mudaste ficheiros do curso que não são cadernos, e o comando não sabe guardá-los: "
            f"{', '.join(outros)}. Copia-os para outro sítio e desfaz as mudanças "
            "(git checkout -- FICHEIRO), ou faz commit delas; depois corre «curso atualizar» de novo.")
    cadernos = [f for f in mudados if f.endswith(".ipynb")]
    copia = raiz / ".curso" / "atualizacoes" / time.strftime("%Y%m%d-%H%M%S")
    respostas = guardar_respostas(raiz, cadernos)
    if cadernos:
        for relativo in cadernos:
            destino = copia / "cadernos" / relativo
            destino.parent.mkdir(parents=True, exist_ok=True)
            if (raiz / relativo).exists():
                shutil.copy2(raiz / relativo, destino)
        (copia / "respostas.json").write_text(json.dumps(respostas, ensure_ascii=False, indent=1),
                                              encoding="utf-8")
        dizer(f"Guardei {sum(map(len, respostas.values()))} resposta(s) e uma cópia de "
              f"{len(cadernos)} caderno(s) mudado(s) em {copia.relative_to(raiz)}/.")
        _git(raiz, "checkout", "HEAD", "--", *cadernos)
    antes = _git(raiz, "rev-parse", "--short", "HEAD").stdout.strip()
    puxar = _git(raiz, "pull", "--ff-only", verificar=False)
    if puxar.returncode != 0:
        for relativo in cadernos:  # tudo como estava
            if (copia / "cadernos" / relativo).exists():
                shutil.copy2(copia / "cadernos" / relativo, raiz / relativo)
        raise ErroAtualizar(
            "O «git pull --ff-only» falhou; os teus cadernos ficaram como estavam (e há uma cópia "
            f"em {copia.relative_to(raiz) if cadernos else 'lado nenhum: não havia mudanças'}). "
            f"O git disse:\n{(puxar.stderr or puxar.stdout).strip()}")
    depois = _git(raiz, "rev-parse", "--short", "HEAD").stdout.strip()
    dizer("O curso já estava na versão mais recente." if antes == depois
          else f"Curso atualizado: {antes} → {depois}.")
    repostas, sem_lugar = repor_respostas(raiz, respostas)
    if respostas:
        dizer(f"Repus {repostas} resposta(s) tua(s) nos cadernos de exercises/.")
    licoes = [f for f in cadernos if not f.startswith("exercises/")]
    if licoes:
        dizer(f"As lições e outros cadernos que mudaste ({len(licoes)}) voltaram à versão do curso; "
              f"a tua cópia está em {(copia / 'cadernos').relative_to(raiz)}/.")
    if sem_lugar:
        destino = copia / "respostas_sem_lugar.txt"
        _escrever_sem_lugar(destino, sem_lugar)
        nomes = ", ".join(f"{gid} ({rel})" for rel, m in sem_lugar.items() for gid in m)
        dizer(f"⚠ Estes exercícios já não existem na versão nova: {nomes}. As tuas respostas "
              f"ficaram em {destino.relative_to(raiz)}.")
    return 0


def _correr(args) -> int:
    from .raiz import ErroDoCurso, raiz_do_curso

    try:
        raiz = Path(args.pasta) if args.pasta else raiz_do_curso()
        return atualizar(raiz)
    except (ErroAtualizar, ErroDoCurso) as erro:
        print(f"Erro: {erro}", file=sys.stderr)
        return 1


def registar(sub, ajuda):
    """Regista o subcomando ``curso atualizar``."""
    p = sub.add_parser("atualizar", help=ajuda, add_help=False, description=__doc__.split("\n\n")[0])
    p._optionals.title = "opções"
    p.add_argument("-h", "--help", action="help", help="mostra esta ajuda e sai")
    p.add_argument("--pasta", default=None, help="a pasta do curso (por omissão, a que contém a pasta atual)")
    p.set_defaults(func=_correr)
    return p
