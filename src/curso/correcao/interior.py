"""O lançador dentro da caixa: prepara a pasta de trabalho, põe os limites e dá lugar ao kernel.

    python -m curso.correcao.interior MEMORIA PROCESSOS ENTREGA CASA -- KERNEL…

``ENTREGA`` é a cópia da submissão, montada só de leitura; ``CASA`` é a pasta de trabalho do
kernel, um ``tmpfs`` com tamanho fixo (a caixa monta-o): os cadernos da entrega são copiados
para lá antes de o código do aluno correr (só eles: nenhum ``.py`` do aluno passa à frente de
um módulo a sério, e o kernel arranca sem a pasta de trabalho no ``sys.path``), por isso o aluno pode escrever nos seus ficheiros,
mas nunca mais do que o ``tmpfs`` deixa — nada do que escreve chega ao disco do professor.

Os limites são postos já dentro do namespace de utilizador da caixa: o ``RLIMIT_NPROC`` conta só
os processos desta caixa (fora dela, o professor pode ter muitos mais). Como root, o namespace
corresponde ao root de fora e o núcleo ignora este limite: aí vale o grupo ``pids`` (ver
``caixa.GrupoDeProcessos``).
"""

from __future__ import annotations

import os
import resource
import shutil
import sys

FICHEIRO_MAXIMO = 256 * 2**20  # nenhum ficheiro escrito pelo kernel passa disto


def limitar(memoria: int, processos: int) -> None:
    # RLIMIT_DATA também: o kernel não herda o teto (mais baixo) do trabalhador que o lançou
    for limite, valor in ((resource.RLIMIT_AS, memoria), (resource.RLIMIT_DATA, memoria),
                          (resource.RLIMIT_NPROC, processos),
                          (resource.RLIMIT_FSIZE, FICHEIRO_MAXIMO), (resource.RLIMIT_CORE, 0)):
        resource.setrlimit(limite, (valor, valor))


def main(argv: list[str]) -> int:
    if len(argv) < 6 or argv[4] != "--":
        print("uso: python -m curso.correcao.interior MEMORIA PROCESSOS ENTREGA CASA -- KERNEL…",
              file=sys.stderr)
        return 2
    memoria, processos, entrega, casa, _, *kernel = argv
    # ainda não correu nada do aluno: a cópia é do lançador
    copiar_entrega(entrega, casa)
    limitar(int(memoria), int(processos))
    # sem a pasta de trabalho no sys.path (python -P): nada com o nome de um módulo a sério que
    # lá apareça (ipykernel_launcher.py, json.py, curso.py) passa à frente dele
    os.execve(kernel[0], kernel, {**os.environ, "PYTHONSAFEPATH": "1"})
    return 1  # não se chega aqui


def copiar_entrega(entrega: str, casa: str) -> None:
    """Para a pasta de trabalho: os cadernos (``*.ipynb``) e as tabelas da hypothesis, mais nada
    (o lado de fora já só lá pôs isso; aqui não se confia nisso duas vezes)."""
    for entrada in os.scandir(entrega):
        if entrada.is_symlink():
            continue
        if entrada.name.endswith(".ipynb") and entrada.is_file(follow_symlinks=False):
            shutil.copyfile(entrada.path, os.path.join(casa, entrada.name))
        elif entrada.name == ".hypothesis" and entrada.is_dir(follow_symlinks=False):
            shutil.copytree(entrada.path, os.path.join(casa, entrada.name), symlinks=True,
                            dirs_exist_ok=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
