"""Os ficheiros ``resultados/ALUNO/CAPITULO.json``: o que a correção sabe de cada submissão.

O trabalhador (``ExecutarComFronteira``, em ``fronteira.py``) escreve lá o resultado de cada
verificação; o processo principal acrescenta, quando a submissão acaba, a nota, o máximo, os
problemas, os sinais de adulteração e, se a submissão não se corrigiu (toda), o motivo::

    {"aluno": "ana", "capitulo": "cap01", "versao": 1, "cadernos": {...},
     "nota": 7.0, "maximo": 10.0, "penalizacao": 0.0, "problemas": ["…"],
     "adulteracao": ["⚠ possível adulteração: …"],
     "falhou": "caderno em falta: cap01.ipynb; vale 0"}

Uma submissão que falha tem sempre o seu ficheiro (com ``"falhou"``): nunca desaparece do
relatório da turma (``curso turma``).
"""

from __future__ import annotations

import json
from pathlib import Path

from curso.correcao.adulteracao import AVISO
from curso.correcao.relatorio import Resultado, limpar_texto

PASTA = "resultados"
VERSAO = 1

# o começo dos problemas que dizem que a submissão não se corrigiu, ou só em parte
_SINAIS_DE_FALHA = ("caderno em falta", "não é um caderno .ipynb válido", "o kernel morreu",
                    "não parou", "não executada", "excedeu o limite de tempo",
                    "a correção parou", "sem nota", "o nbgrader falhou",
                    "não consegui registar a nota", "o nbgrader não produziu")


def motivo_da_falha(r: Resultado) -> str | None:
    """Porque é que a submissão não se corrigiu (toda), ou ``None`` se se corrigiu.

    Não se corrigiu quando não há nota registada (o trabalhador morreu ou passou do tempo, o
    nbgrader falhou), quando falta o caderno, ou quando uma célula não chegou ao fim (kernel morto,
    ciclo sem fim, tempo esgotado): nesse caso a nota registada conta essa célula como 0."""
    motivos = [p for p in r.problemas if not p.startswith(AVISO)
               and any(s in p for s in _SINAIS_DE_FALHA)]
    if not r.registado and not motivos:
        motivos = ["sem nota registada na base de dados"]
    return "; ".join(limpar_texto(m) for m in motivos) or None


def caminho(pasta: Path, aluno: str, capitulo: str) -> Path:
    return Path(pasta) / str(aluno) / f"{capitulo}.json"


def gravar(pasta: Path, r: Resultado) -> Path:
    """Junta a nota, os problemas e o motivo de uma falha ao ficheiro da submissão (que o
    trabalhador pode já ter escrito, com as verificações), ou cria-o."""
    destino = caminho(pasta, r.aluno, r.capitulo)
    destino.parent.mkdir(parents=True, exist_ok=True)
    try:
        dados = json.loads(destino.read_text(encoding="utf-8")) if destino.is_file() else {}
    except ValueError:
        dados = {}
    if not isinstance(dados, dict):
        dados = {}
    dados.update({
        "aluno": r.aluno, "capitulo": r.capitulo, "versao": VERSAO,
        "nota": r.nota if r.registado else None, "maximo": r.maximo,
        "penalizacao": r.penalizacao,
        "problemas": [limpar_texto(p) for p in r.problemas if not p.startswith(AVISO)],
        "adulteracao": [limpar_texto(p) for p in r.problemas if p.startswith(AVISO)],
    })
    dados.setdefault("cadernos", {})
    falhou = motivo_da_falha(r)
    if falhou:
        dados["falhou"] = falhou
    else:
        dados.pop("falhou", None)
    temporario = destino.with_suffix(".tmp")
    temporario.write_text(json.dumps(dados, ensure_ascii=False, indent=1), encoding="utf-8")
    temporario.replace(destino)
    return destino


def ler(pasta: Path) -> list[dict]:
    """Todos os ficheiros ``PASTA/ALUNO/CAP.json`` (os ilegíveis ficam como uma falha)."""
    dados = []
    for ficheiro in sorted(Path(pasta).glob("*/*.json")):
        try:
            d = json.loads(ficheiro.read_text(encoding="utf-8"))
            if not isinstance(d, dict):
                raise ValueError("não é um objeto")
        except (OSError, ValueError) as erro:
            d = {"falhou": f"resultados ilegíveis ({ficheiro.name}): {erro}"}
        # o aluno e o capítulo são os do caminho, como na correção (nunca os do conteúdo)
        d["aluno"], d["capitulo"] = ficheiro.parent.name, ficheiro.stem
        dados.append(d)
    return dados
