"""O lançador dentro da caixa: prepara a pasta de trabalho, põe os limites e dá lugar ao kernel.

    python -m curso.correcao.interior MEMORIA PROCESSOS ENTREGA CASA -- KERNEL…

``ENTREGA`` é a cópia da submissão, montada só de leitura; ``CASA`` é a pasta de trabalho do
kernel, um ``tmpfs`` com tamanho fixo (a caixa monta-o): os ficheiros da entrega são copiados
para lá antes de o código do aluno correr, por isso o aluno pode escrever nos seus ficheiros,
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
    for limite, valor in ((resource.RLIMIT_AS, memoria), (resource.RLIMIT_NPROC, processos),
                          (resource.RLIMIT_FSIZE, FICHEIRO_MAXIMO), (resource.RLIMIT_CORE, 0)):
        resource.setrlimit(limite, (valor, valor))


def main(argv: list[str]) -> int:
    if len(argv) < 6 or argv[4] != "--":
        print("uso: python -m curso.correcao.interior MEMORIA PROCESSOS ENTREGA CASA -- KERNEL…",
              file=sys.stderr)
        return 2
    memoria, processos, entrega, casa, _, *kernel = argv
    # ainda não correu nada do aluno: a cópia é do lançador, com ligações copiadas como ligações
    shutil.copytree(entrega, casa, symlinks=True, dirs_exist_ok=True)
    limitar(int(memoria), int(processos))
    os.execv(kernel[0], kernel)
    return 1  # não se chega aqui


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
