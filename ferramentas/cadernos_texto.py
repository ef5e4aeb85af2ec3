"""Escrever cadernos como texto e convertê-los em .ipynb (e o inverso), para autores do curso.

O .ipynb continua a ser a fonte única: este formato serve só para editar com conforto.
Cada célula começa por uma linha ``#%%``:

    #%% md                                   célula de texto (Markdown)
    #%% code                                 célula de código
    #%% md fixo=enunciado_1_1                 célula bloqueada no nbgrader (com grade_id)
    #%% code solucao=ex1_1                   célula de solução (### BEGIN/END SOLUTION dentro)
    #%% code verificacao=ex1_1_verificacao pontos=2    célula de verificação pontuada
    #%% code tags=ao-vivo,nao-carregar        etiquetas da célula

Uso:
    python ferramentas/cadernos_texto.py para-ipynb origem.txt destino.ipynb
    python ferramentas/cadernos_texto.py para-texto origem.ipynb destino.txt
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
from metadados_dos_cadernos import cadernos, versao_gravada

from curso.metadados import esperados


def _nbgrader(tipo: str, ident: str, pontos: int | None) -> dict:
    base = {"schema_version": 3, "grade_id": ident, "task": False}
    if tipo == "solucao":
        return {**base, "grade": False, "locked": False, "solution": True}
    if tipo == "verificacao":
        return {**base, "grade": True, "locked": True, "solution": False, "points": pontos or 1}
    return {**base, "grade": False, "locked": True, "solution": False}  # fixo


def de_texto(texto: str) -> nbformat.NotebookNode:
    # os metadados que o kernel e o JupyterLab escreveriam, com a versão que os cadernos já têm:
    # abrir o caderno no JupyterLab não o muda (ver src/curso/metadados.py)
    nb = nbformat.v4.new_notebook(metadata=esperados(versao_gravada(cadernos())))
    blocos = re.split(r"^#%%[ \t]*(.*)$", texto, flags=re.M)
    usados: set[str] = set()
    for indice in range(1, len(blocos), 2):
        cabecalho, corpo = blocos[indice].split(), blocos[indice + 1].strip("\n")
        tipo, opcoes = cabecalho[0], dict(o.split("=", 1) for o in cabecalho[1:])
        metadados: dict = {}
        if "tags" in opcoes:
            metadados["tags"] = opcoes["tags"].split(",")
        for chave in ("solucao", "verificacao", "fixo"):
            if chave in opcoes:
                pontos = int(opcoes["pontos"]) if "pontos" in opcoes else None
                metadados["nbgrader"] = _nbgrader(chave, opcoes[chave], pontos)
        if tipo == "md":
            celula = nbformat.v4.new_markdown_cell(corpo, metadata=metadados)
        elif tipo == "code":
            celula = nbformat.v4.new_code_cell(corpo, metadata=metadados)
        else:
            raise ValueError(f"tipo de célula desconhecido: {tipo!r} (usa md ou code)")
        ident = metadados.get("nbgrader", {}).get("grade_id") or f"celula-{indice // 2 + 1:03d}"
        ident = re.sub(r"[^A-Za-z0-9_-]", "-", ident)
        if ident in usados:
            raise ValueError(f"id de célula repetido: {ident}")
        usados.add(ident)
        celula["id"] = ident
        nb.cells.append(celula)
    nbformat.validate(nb)
    return nb


def para_texto(nb: nbformat.NotebookNode) -> str:
    partes = []
    for celula in nb.cells:
        cab = ["md" if celula.cell_type == "markdown" else "code"]
        nbg = celula.metadata.get("nbgrader", {})
        if nbg.get("solution"):
            cab.append(f"solucao={nbg['grade_id']}")
        elif nbg.get("grade"):
            cab += [f"verificacao={nbg['grade_id']}", f"pontos={int(nbg.get('points', 1))}"]
        elif nbg.get("locked"):
            cab.append(f"fixo={nbg['grade_id']}")
        if celula.metadata.get("tags"):
            cab.append("tags=" + ",".join(celula.metadata["tags"]))
        partes.append("#%% " + " ".join(cab) + "\n" + celula.source + "\n")
    return "\n".join(partes)


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[0] not in ("para-ipynb", "para-texto"):
        print(__doc__)
        return 2
    origem, destino = Path(argv[1]), Path(argv[2])
    if argv[0] == "para-ipynb":
        destino.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(de_texto(origem.read_text(encoding="utf-8")), destino)
    else:
        destino.write_text(para_texto(nbformat.read(origem, as_version=4)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
