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

Com um JupyterLab aberto no curso, recusa e diz como o fechar: ele tem no ecrã a versão antiga
dos cadernos e voltaria a gravá-la por cima da nova (o *autosave* de uma resposta por gravar, ou
o «Overwrite» do diálogo «File Changed»), e uma resposta por gravar perder-se-ia com «Revert».
Procura os servidores nos ficheiros ``jpserver-*.json`` do runtime do Jupyter e, no Linux, nos
processos (servidores e kernels lançados de outra maneira, como o de um editor).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
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


# ---------------------------------------------------------------------------------------------
# um Jupyter aberto no curso

# os programas que são um servidor Jupyter (o nome do executável, ou o módulo de «python -m»)
_SERVIDORES = {"jupyter-lab", "jupyter-notebook", "jupyter-server", "jupyter-nbclassic",
               "jupyterhub-singleuser", "jupyter-labhub", "jupyterlab", "notebook", "jupyter_server",
               "nbclassic"}
_SUBCOMANDOS = {"lab", "notebook", "server", "nbclassic"}
_KERNELS = {"ipykernel_launcher", "ipykernel"}
_OPCOES_DA_RAIZ = ("--ServerApp.root_dir=", "--ServerApp.notebook_dir=", "--NotebookApp.notebook_dir=",
                   "--notebook-dir=")


@dataclass
class JupyterAberto:
    """Um servidor Jupyter (ou um kernel) que pode gravar cadernos do curso."""

    tipo: str  # "servidor" ou "kernel"
    pid: int
    pasta: Path
    url: str = ""

    def __str__(self) -> str:
        if self.tipo == "kernel":
            return f"um kernel de um caderno (processo {self.pid}, na pasta {self.pasta})"
        return f"um servidor Jupyter {self.url} (processo {self.pid}, com a pasta {self.pasta})".replace("  ", " ")


def _tipo_de_jupyter(argv: list[str]) -> str | None:
    """``"servidor"``, ``"kernel"`` ou ``None``, pela linha de comandos de um processo."""
    nomes = [Path(a).name.removesuffix(".exe") for a in argv[:6]]
    if "-m" in nomes[:-1]:  # python [opções] -m modulo [subcomando]
        i = nomes.index("-m")
        candidatos = [(nomes[i + 1], nomes[i + 2:i + 3])]
    else:  # o executável, ou o script que o Python corre (/usr/bin/python3 …/bin/jupyter-lab)
        candidatos = [(nome, nomes[j + 1:j + 2]) for j, nome in enumerate(nomes[:2])
                      if j == 0 or nomes[0].startswith("python")]
    for programa, seguinte in candidatos:
        if programa in _KERNELS:
            return "kernel"
        if programa in _SERVIDORES or (programa == "jupyter" and seguinte and seguinte[0] in _SUBCOMANDOS):
            return "servidor"
    return None


def _sobrepostas(a: Path, b: Path) -> bool:
    """Uma pasta contém a outra (ou são a mesma)."""
    return a == b or a in b.parents or b in a.parents


def _servidores_do_runtime() -> list[JupyterAberto]:
    """Os servidores Jupyter vivos que deixaram o seu ficheiro no runtime de quem corre o comando."""
    from jupyter_core.paths import jupyter_runtime_dir
    from jupyter_server.utils import check_pid

    abertos = []
    pasta = Path(jupyter_runtime_dir())
    for ficheiro in [*pasta.glob("jpserver-*.json"), *pasta.glob("nbserver-*.json")]:
        try:
            info = json.loads(ficheiro.read_text(encoding="utf-8"))
            pid, raiz = int(info["pid"]), info.get("root_dir") or info["notebook_dir"]
        except (OSError, ValueError, KeyError, TypeError):
            continue  # um ficheiro a meio de ser escrito ou de outra versão: os processos dizem o resto
        if check_pid(pid):
            abertos.append(JupyterAberto("servidor", pid, Path(raiz).resolve(), str(info.get("url", ""))))
    return abertos


def _processos_jupyter() -> list[JupyterAberto]:
    """Os servidores e kernels Jupyter a correr, vistos em /proc (só Linux; os de quem corre o
    comando, ou todos como root), com a pasta de cada um."""
    proc = Path("/proc")
    if not (proc / "self" / "cmdline").exists():
        return []
    abertos = []
    for pasta in proc.iterdir():
        if not pasta.name.isdigit() or int(pasta.name) == os.getpid():
            continue
        try:
            argv = [a.decode(errors="replace") for a in (pasta / "cmdline").read_bytes().split(b"\0") if a]
            tipo = _tipo_de_jupyter(argv)
            if tipo is None:
                continue
            raiz = Path(os.readlink(pasta / "cwd"))
        except OSError:
            continue  # acabou entretanto, ou é de outro utilizador
        for argumento in argv if tipo == "servidor" else ():
            if argumento.startswith(_OPCOES_DA_RAIZ):
                raiz = raiz / argumento.split("=", 1)[1]
        abertos.append(JupyterAberto(tipo, int(pasta.name), raiz.resolve()))
    return abertos


def jupyter_abertos(raiz: Path) -> list[JupyterAberto]:
    """Os servidores Jupyter cuja pasta contém o curso ou está dentro dele, e os kernels de
    cadernos do curso."""
    raiz = Path(raiz).resolve()
    vistos: dict[int, JupyterAberto] = {}
    for aberto in [*_servidores_do_runtime(), *_processos_jupyter()]:
        if aberto.tipo == "kernel":
            relevante = aberto.pasta == raiz or raiz in aberto.pasta.parents
        else:
            relevante = _sobrepostas(aberto.pasta, raiz)
        if relevante and (aberto.pid not in vistos or aberto.url):
            vistos[aberto.pid] = aberto
    return sorted(vistos.values(), key=lambda a: (a.tipo != "servidor", a.pid))


def _antepassados() -> set[int]:
    """Os processos de que este descende (só Linux): o terminal de um JupyterLab é filho dele."""
    pids, pid = set(), os.getppid()
    for _ in range(100):
        if pid <= 1 or pid in pids:
            break
        pids.add(pid)
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            break
    return pids


def recusar_com_jupyter_aberto(raiz: Path) -> None:
    """Lança ``ErroAtualizar`` (que diz como fechar o JupyterLab) se houver um aberto no curso."""
    abertos = jupyter_abertos(raiz)
    if not abertos:
        return
    dentro = any(a.pid in _antepassados() for a in abertos)
    onde = (" Estás a correr este comando num terminal desse JupyterLab: fecha-o pelo menu e corre o "
            "comando num terminal do sistema." if dentro else "")
    raise ErroAtualizar(
        "O JupyterLab (ou outro Jupyter) está aberto no curso: fecha-o antes de atualizar, senão ele "
        "volta a gravar, por cima dos cadernos novos, a versão antiga que tem no ecrã. Grava os teus "
        "cadernos (Ctrl+S) e fecha-o: no JupyterLab, menu File → Shut Down; ou Ctrl+C duas vezes no "
        f"terminal onde o abriste.{onde} Depois corre «python3 iniciar.py atualizar» outra vez. "
        "Nada foi mudado.\nPormenor: " + "; ".join(map(str, abertos)))


def atualizar(raiz: Path, dizer=print) -> int:
    """Atualiza o curso em ``raiz``; devolve 0 se correu bem. As mensagens vão para ``dizer``."""
    raiz = Path(raiz).resolve()
    if _git(raiz, "rev-parse", "--is-inside-work-tree", verificar=False).returncode != 0:
        raise ErroAtualizar(f"{raiz} não é um clone git do curso: atualiza-o como o obtiveste.")
    recusar_com_jupyter_aberto(raiz)
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
