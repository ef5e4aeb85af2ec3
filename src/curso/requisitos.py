"""Os requisitos de um exercício: cada frase do enunciado que afirma um comportamento, ligada às
verificações que a testam e aos mutantes que a quebram.

Os requisitos vivem nos metadados da célula do enunciado (``grade_id`` = ``enunciado_N_M``) em
``solutions/capNN/capNN.ipynb``::

    "curso": {"requisitos": [
      {"id": "r1", "frase": "<excerto literal do enunciado>", "verificacoes": ["test_x"]},
      {"id": "r9", "frase": "<excerto da célula cabecalho>", "celula": "cabecalho",
       "verificacoes": ["propriedade_nao_altera_argumentos"]}
    ]}

A frase compara-se com o texto da célula depois de normalizado (``normalizar``). Um mutante
(``tests/mutantes/capNN/exN_M_<erro>.py``) diz na docstring que requisitos quebra, numa linha
``Requisito: r2`` (ou ``Requisito: r1, r3``).
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path

from curso.raiz import caderno_de_exercicios, capitulo_de, raiz_do_curso

CABECALHO = "cabecalho"
_LINHA_REQUISITO = re.compile(r"^\s*Requisitos?:\s*(.+?)\s*$", re.M)
_ID = re.compile(r"r\d+")


@dataclass(frozen=True)
class Requisito:
    """Um comportamento que o enunciado afirma, e as verificações que o testam."""

    id: str
    frase: str
    verificacoes: tuple[str, ...]
    celula: str  # o grade_id da célula onde a frase está: «enunciado_N_M» ou «cabecalho»


def grade_id_do_enunciado(ident: str) -> str:
    """``"2.3"`` → ``"enunciado_2_3"``."""
    return "enunciado_" + ident.replace(".", "_")


def normalizar(texto: str) -> str:
    """O texto como se compara: sem ``*`` nem crases, espaços e mudanças de linha num só espaço."""
    return " ".join(re.sub(r"[*`]", "", texto).split())


def _fonte(celula: dict) -> str:
    fonte = celula.get("source", "")
    return "".join(fonte) if isinstance(fonte, list) else fonte


@functools.lru_cache(maxsize=32)
def _celulas_marcadas(caminho: Path, _mtime: float) -> dict[str, dict]:
    """As células do caderno com ``grade_id``, por ``grade_id`` (em cache enquanto não mudar)."""
    celulas = json.loads(caminho.read_text(encoding="utf-8"))["cells"]
    return {c["metadata"]["nbgrader"]["grade_id"]: c for c in celulas
            if c.get("metadata", {}).get("nbgrader", {}).get("grade_id")}


def celulas_do_capitulo(capitulo: int, pasta: Path | None = None) -> dict[str, dict]:
    """``{grade_id: célula}`` do caderno de soluções do capítulo (vazio se não existir)."""
    caminho = caderno_de_exercicios(capitulo, pasta or raiz_do_curso() / "solutions")
    if not caminho.is_file():
        return {}
    return _celulas_marcadas(caminho, caminho.stat().st_mtime)


def texto_da_celula(ident: str, celula: str) -> str:
    """O texto (Markdown) da célula ``celula`` do caderno do exercício ``ident``, ou ``""``."""
    dados = celulas_do_capitulo(capitulo_de(ident)).get(celula)
    return _fonte(dados) if dados else ""


def requisitos_brutos(ident: str, pasta: Path | None = None) -> list | None:
    """A lista ``curso.requisitos`` tal como está nos metadados (``None`` se não houver);
    ``pasta`` é a das soluções (por omissão, ``solutions/`` do curso)."""
    celula = celulas_do_capitulo(capitulo_de(ident), pasta).get(grade_id_do_enunciado(ident))
    if celula is None:
        return None
    return celula.get("metadata", {}).get("curso", {}).get("requisitos")


def requisitos_de(ident: str, pasta: Path | None = None) -> list[Requisito]:
    """Os requisitos do exercício, pela ordem em que estão escritos (lista vazia se não há).

    Entradas mal formadas ficam de fora; ``problemas`` diz quais.
    """
    requisitos = []
    for bruto in requisitos_brutos(ident, pasta) or []:
        if not isinstance(bruto, dict):
            continue
        verificacoes = bruto.get("verificacoes")
        if isinstance(verificacoes, str):
            verificacoes = [verificacoes]
        requisitos.append(Requisito(
            id=str(bruto.get("id", "")),
            frase=str(bruto.get("frase", "")),
            verificacoes=tuple(str(v) for v in verificacoes or ()),
            celula=CABECALHO if bruto.get("celula") == CABECALHO else grade_id_do_enunciado(ident),
        ))
    return requisitos


def verificacoes_conhecidas(ident: str) -> tuple[list[str], list[str]]:
    """Os métodos ``test_*`` da classe ``TestExN_M`` e as propriedades genéricas que ela corre."""
    from curso.propriedades import propriedades_da_classe
    from curso.verificacao import metodos_de, selecionar

    classe = selecionar(ident)[ident]
    return metodos_de(classe), propriedades_da_classe(classe)


def problemas(ident: str) -> list[str]:
    """Cada falha da lista de requisitos do exercício, numa frase com o que corrigir."""
    brutos = requisitos_brutos(ident)
    sitio = f"{grade_id_do_enunciado(ident)} (curso.requisitos)"
    if not brutos:
        return [f"{sitio}: o exercício {ident} não tem requisitos"]
    if not isinstance(brutos, list):
        return [f"{sitio}: tem de ser uma lista de requisitos"]
    erros = []
    metodos, propriedades = verificacoes_conhecidas(ident)
    cobertas: set[str] = set()
    vistos: set[str] = set()
    for n, bruto in enumerate(brutos, 1):
        if not isinstance(bruto, dict):
            erros.append(f"{sitio}: a entrada {n} não é um objeto {{id, frase, verificacoes}}")
            continue
        rid = bruto.get("id")
        nome = f"{ident} {rid}" if rid else f"{ident}, entrada {n}"
        if not isinstance(rid, str) or not _ID.fullmatch(rid):
            erros.append(f"{nome}: o id tem de ser «r» seguido de um número (r1, r2, …)")
        elif rid in vistos:
            erros.append(f"{nome}: id repetido")
        vistos.add(rid)
        celula = bruto.get("celula", grade_id_do_enunciado(ident))
        if celula not in (CABECALHO, grade_id_do_enunciado(ident)):
            erros.append(f"{nome}: «celula» só pode ser «{CABECALHO}» (ou ficar de fora)")
            celula = grade_id_do_enunciado(ident)
        frase = bruto.get("frase")
        if not isinstance(frase, str) or not normalizar(frase):
            erros.append(f"{nome}: falta a frase do enunciado")
        elif normalizar(frase) not in normalizar(texto_da_celula(ident, celula)):
            erros.append(f"{nome}: a frase «{frase}» não está no texto da célula «{celula}» "
                         "(copia-a do enunciado, ou escreve-a lá)")
        verificacoes = bruto.get("verificacoes")
        if not isinstance(verificacoes, list) or not verificacoes:
            erros.append(f"{nome}: precisa de pelo menos uma verificação")
            continue
        for v in verificacoes:
            if v in metodos or v in propriedades:
                cobertas.add(v)
            elif isinstance(v, str) and v.startswith("propriedade_"):
                erros.append(f"{nome}: a propriedade «{v}» não corre em TestEx{ident.replace('.', '_')} "
                             f"(corre: {', '.join(propriedades) or 'nenhuma'}; vê os atributos "
                             "altera, resultado_novo e aceita_mapeamentos)")
            else:
                erros.append(f"{nome}: não há verificação «{v}» em TestEx{ident.replace('.', '_')}")
    for metodo in metodos:
        if metodo not in cobertas:
            erros.append(f"{ident}: a verificação «{metodo}» não está em nenhum requisito (o que "
                         "ela testa tem de estar escrito no enunciado e ligado a ela)")
    return erros


# ---------------------------------------------------------------------------------------------
# mutantes


def pasta_de_mutantes(capitulo: int) -> Path:
    return raiz_do_curso() / "tests" / "mutantes" / f"cap{capitulo:02d}"


# Os mutantes «cegos» (issue 38): um segundo mutante por requisito, escrito por outra pessoa da
# equipa só a partir do enunciado, sem ler as verificações, numa subpasta à parte. Provam que as
# verificações apanham o erro do aluno seguinte, e não só o que quem as escreveu imaginou.
CEGOS = "cegos"


def mutantes_de(ident: str) -> list[Path]:
    """Os ficheiros de mutantes do exercício (sem os cegos), por ordem do nome."""
    n, m = ident.split(".")
    return sorted(pasta_de_mutantes(int(n)).glob(f"ex{int(n)}_{int(m)}_*.py"))


def mutantes_cegos_de(ident: str) -> list[Path]:
    """Os mutantes cegos do exercício (``tests/mutantes/capNN/cegos/exN_M_*.py``), por ordem do nome."""
    n, m = ident.split(".")
    return sorted((pasta_de_mutantes(int(n)) / CEGOS).glob(f"ex{int(n)}_{int(m)}_*.py"))


def docstring_do_mutante(codigo: str) -> str:
    """A docstring no topo do código de um mutante (``""`` se não tiver)."""
    import ast

    try:
        return ast.get_docstring(ast.parse(codigo)) or ""
    except SyntaxError:
        return ""


def requisitos_do_mutante(codigo: str) -> tuple[str, ...] | None:
    """Os ids da linha ``Requisito: r1, r3`` da docstring (``None`` se não houver a linha)."""
    m = _LINHA_REQUISITO.search(docstring_do_mutante(codigo))
    if not m:
        return None
    return tuple(p.strip() for p in re.split(r"[,\s]+", m.group(1)) if p.strip())


@dataclass(frozen=True)
class Resumo:
    """Requisitos × verificações × mutantes de um exercício, em números (para tabelas)."""

    requisitos: int
    verificacoes: int  # métodos test_* mais as propriedade_* que os requisitos citam
    mutantes: int  # escritos à mão, em tests/mutantes/
    com_mutante_proprio: int  # requisitos com um mutante cuja linha «Requisito:» só o nomeia


def resumo(ident: str) -> Resumo:
    requisitos = requisitos_de(ident)
    metodos, _ = verificacoes_conhecidas(ident)
    propriedades = {v for r in requisitos for v in r.verificacoes if v.startswith("propriedade_")}
    mutantes = mutantes_de(ident)
    sozinhos = set()
    for caminho in mutantes:
        declarados = requisitos_do_mutante(caminho.read_text(encoding="utf-8")) or ()
        if len(declarados) == 1:
            sozinhos.add(declarados[0])
    return Resumo(len(requisitos), len(metodos) + len(propriedades), len(mutantes),
                  sum(r.id in sozinhos for r in requisitos))
