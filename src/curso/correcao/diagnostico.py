"""O diagnóstico de cada submissão, no trabalhador: cadernos em falta, células bloqueadas
alteradas ou apagadas, erros de execução, kernels mortos, ciclos sem fim e sinais de adulteração.
"""

from __future__ import annotations

import json
from pathlib import Path

from curso.caderno import e_celula_de_verificacao
from curso.correcao import adulteracao
from curso.correcao.recuperacao import KERNEL_MORREU, MARCAS, NAO_EXECUTADA, NAO_PAROU
from curso.correcao.retorno import ESCONDIDOS


def _ler(caminho: Path) -> dict | None:
    try:
        dados = json.loads(Path(caminho).read_text(encoding="utf-8"))
        return dados if isinstance(dados.get("cells"), list) else None
    except (OSError, ValueError, AttributeError):
        return None


def _fonte(celula: dict) -> str:
    fonte = celula.get("source", "")
    return "".join(fonte) if isinstance(fonte, list) else fonte


def _id(celula: dict, indice: int) -> str:
    return celula.get("metadata", {}).get("nbgrader", {}).get("grade_id") or f"n.º {indice + 1}"


def _sem_escondidos(celula: dict) -> str:
    return ESCONDIDOS.sub("", _fonte(celula)).strip()


def cadernos_em_falta(pasta: Path, esperados: list[str]) -> tuple[list[str], list[str]]:
    """Os cadernos esperados que não estão na pasta da submissão (ou não se leem), e porquê."""
    presentes = sorted(p.name for p in pasta.glob("*.ipynb")) if pasta.is_dir() else []
    faltam, problemas = [], []
    for nome in esperados:
        caminho = pasta / f"{nome}.ipynb"
        if not caminho.is_file():
            outros = [p for p in presentes if p != f"{nome}.ipynb"]
            achei = f" (na pasta há: {', '.join(outros)} — mudou de nome?)" if outros else ""
            problemas.append(f"caderno em falta: {nome}.ipynb{achei}; vale 0")
            faltam.append(nome)
        elif _ler(caminho) is None:
            problemas.append(f"{nome}.ipynb não é um caderno .ipynb válido; vale 0")
            faltam.append(nome)
    return faltam, problemas


def problemas_do_caderno(corrigido: Path, submetido: Path, publicado: Path,
                         fonte: Path | None = None) -> list[str]:
    """O que correu mal num caderno, em frases: sinais de adulteração (no código, ou marcas das
    soluções e testes escondidos do caderno ``fonte`` do professor), células alteradas ou
    apagadas, erros de execução fora das verificações, kernels mortos, ciclos sem fim."""
    problemas = []
    enviado, original = _ler(submetido), _ler(publicado)
    if enviado is not None:
        bloqueadas = {c.get("metadata", {}).get("nbgrader", {}).get("grade_id")
                      for c in (original or {}).get("cells", [])
                      if c.get("metadata", {}).get("nbgrader", {}).get("locked")}
        problemas += adulteracao.marcas_das_solucoes(
            enviado, _ler(fonte) if fonte else None, original, Path(submetido).name)
        problemas += adulteracao.no_caderno(enviado["cells"], bloqueadas - {None})
    if enviado is not None and original is not None:
        do_aluno = {c.get("metadata", {}).get("nbgrader", {}).get("grade_id"): c
                    for c in enviado["cells"]}
        for celula in original["cells"]:
            nbg = celula.get("metadata", {}).get("nbgrader", {})
            if celula.get("cell_type") != "code" or not nbg.get("locked"):
                continue
            gid = nbg.get("grade_id")
            if gid not in do_aluno:
                problemas.append(f"célula bloqueada «{gid}» apagada (o nbgrader repô-la)")
            elif _sem_escondidos(do_aluno[gid]) != _sem_escondidos(celula):
                problemas.append(f"célula bloqueada «{gid}» alterada (o nbgrader repô-la)")
    corrido = _ler(corrigido)
    if corrido is None:
        problemas.append(f"o nbgrader não produziu o caderno corrigido {Path(corrigido).name}")
        return problemas
    for indice, celula in enumerate(corrido["cells"]):
        if celula.get("cell_type") != "code":
            continue
        verificacao = e_celula_de_verificacao(celula)
        interrompida = any(s.get("ename") in MARCAS for s in celula.get("outputs", []))
        for saida in celula.get("outputs", []):
            if saida.get("output_type") != "error":
                continue
            nome, valor = saida.get("ename", ""), str(saida.get("evalue", "")).strip()
            onde = f"célula «{_id(celula, indice)}»"
            if nome == KERNEL_MORREU:
                problemas.append(f"{onde}: o kernel morreu (os._exit ou crash); vale 0, o resto foi corrigido")
            elif nome == NAO_PAROU:
                problemas.append(f"{onde}: não parou nem interrompida (ciclo sem fim); vale 0")
            elif nome == NAO_EXECUTADA:
                problemas.append(f"{onde}: não executada (o kernel morreu demasiadas vezes)")
            elif nome == "CellTimeoutError":
                problemas.append(f"{onde}: excedeu o limite de tempo (ciclo infinito?) e foi interrompida")
            elif not verificacao and nome not in MARCAS and not (
                    interrompida and nome == "KeyboardInterrupt"):
                linha = valor.splitlines()[0] if valor else ""
                problemas.append(f"{onde}: {nome}{': ' + linha if linha else ''}")
    return problemas
