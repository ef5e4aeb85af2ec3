"""Escreve nos cadernos do curso os metadados do topo que o kernel e o JupyterLab lá escreveriam.

Abrir um caderno cujo ``language_info`` ou ``kernelspec`` difere do que o kernel devolve deixa-o
com alterações por gravar, e o *autosave* reescreve-o (ver ``src/curso/metadados.py``). Este
script põe em cada caderno de ``chapters/``, ``solutions/`` e ``exercises/`` os metadados de
``curso.metadados.esperados`` e muda só esse bloco, como texto: as células ficam byte a byte
iguais, e quem estiver a editá-las ao mesmo tempo junta o seu trabalho sem conflitos.

A versão do Python gravada é a que os cadernos já têm (a primeira que encontrar), ou, se nenhum
tiver, a deste Python; ``--versao`` escolhe outra.

Uso (na raiz do curso, com o ambiente do curso):
    .venv/bin/python ferramentas/metadados_dos_cadernos.py            escreve
    .venv/bin/python ferramentas/metadados_dos_cadernos.py --verificar  só diz quais diferem (código 1)
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import sys
from pathlib import Path

from curso.metadados import esperados

RAIZ = Path(__file__).resolve().parents[1]
PASTAS = ("chapters", "solutions", "exercises")
# o bloco "metadata" do topo, no formato do nbformat (indent=1): a única chave a um espaço que
# fecha com « }» logo antes de «"nbformat"»
BLOCO = re.compile(r'\n "metadata": \{\n.*?\n \},\n "nbformat"', re.S)


def cadernos() -> list[Path]:
    return sorted(p for pasta in PASTAS for p in (RAIZ / pasta).rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


def versao_gravada(caminhos: list[Path]) -> str:
    for caminho in caminhos:
        versao = json.loads(caminho.read_text(encoding="utf-8"))["metadata"].get("language_info", {}).get("version")
        if isinstance(versao, str):
            return versao
    return platform.python_version()


def com_metadados(texto: str, metadados: dict) -> str:
    """O texto do caderno com o bloco de metadados do topo trocado por ``metadados``."""
    encontrados = BLOCO.findall(texto)
    if len(encontrados) != 1:
        raise ValueError("não encontrei o bloco «metadata» do topo no formato do nbformat "
                         "(indent=1); grava o caderno com o nbformat e tenta outra vez")
    bloco = json.dumps(metadados, indent=1, sort_keys=True, ensure_ascii=False).replace("\n", "\n ")
    novo = BLOCO.sub(lambda _: f'\n "metadata": {bloco},\n "nbformat"', texto)
    antes, depois = json.loads(texto), json.loads(novo)
    if depois["metadata"] != metadados or depois["cells"] != antes["cells"]:
        raise ValueError("a troca do bloco «metadata» mexeria noutra coisa; nada foi escrito")
    return novo


def main(argv: list[str]) -> int:
    opcoes = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    opcoes.add_argument("--verificar", action="store_true", help="não escreve; sai com 1 se algum diferir")
    opcoes.add_argument("--versao", help="a versão do Python a gravar em language_info")
    args = opcoes.parse_args(argv)
    caminhos = cadernos()
    metadados = esperados(args.versao or versao_gravada(caminhos))
    diferentes = []
    for caminho in caminhos:
        texto = caminho.read_text(encoding="utf-8")
        novo = com_metadados(texto, metadados)
        if novo != texto:
            diferentes.append(caminho.relative_to(RAIZ))
            if not args.verificar:
                caminho.write_bytes(novo.encode("utf-8"))  # sem traduzir os fins de linha
    acao = "diferem" if args.verificar else "atualizados"
    print(f"{len(diferentes)} de {len(caminhos)} cadernos {acao}"
          + "".join(f"\n  {c}" for c in diferentes))
    return 1 if args.verificar and diferentes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
