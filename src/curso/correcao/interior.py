"""O lançador dentro da caixa: põe os limites e dá lugar ao kernel.

    python -m curso.correcao.interior MEMORIA PROCESSOS -- KERNEL…

Os limites são postos já dentro do namespace de utilizador da caixa: o ``RLIMIT_NPROC`` conta só
os processos desta caixa (fora dela, o professor pode ter muitos mais). Como root, o namespace
corresponde ao root de fora e o núcleo ignora este limite: aí vale o grupo ``pids`` (ver
``caixa.GrupoDeProcessos``).
"""

from __future__ import annotations

import os
import resource
import sys

FICHEIRO_MAXIMO = 256 * 2**20  # nenhum ficheiro escrito pelo kernel passa disto


def limitar(memoria: int, processos: int) -> None:
    for limite, valor in ((resource.RLIMIT_AS, memoria), (resource.RLIMIT_NPROC, processos),
                          (resource.RLIMIT_FSIZE, FICHEIRO_MAXIMO), (resource.RLIMIT_CORE, 0)):
        resource.setrlimit(limite, (valor, valor))


def main(argv: list[str]) -> int:
    memoria, processos, separador, *kernel = argv
    if separador != "--" or not kernel:
        print("uso: python -m curso.correcao.interior MEMORIA PROCESSOS -- KERNEL…", file=sys.stderr)
        return 2
    limitar(int(memoria), int(processos))
    os.execv(kernel[0], kernel)
    return 1  # não se chega aqui


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
