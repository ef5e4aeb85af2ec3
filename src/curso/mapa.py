"""O mapa de um exercício: do id ``"N.M"`` a cada sítio onde ele vive, e ``curso mapa``.

Um exercício está espalhado por ficheiros com papéis diferentes: o enunciado, a solução e os
pontos no caderno do nbgrader, as verificações públicas num módulo de testes, os mutantes numa
pasta. Os caminhos derivam todos do id. O título e os pontos aparecem em mais de um sítio
(cabeçalho do enunciado, metadados do nbgrader, docstring da classe de verificações) porque
cada ferramenta os lê de onde lhe convém; em vez de um quarto sítio, ``problemas`` diz onde
discordam e uma prova do repositório exige que não discordem.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from curso.caderno import e_celula_de_verificacao
from curso.requisitos import Requisito, problemas, requisitos_de, requisitos_do_mutante
from curso.raiz import (
    ErroDoCurso,
    caderno_de_exercicios,
    capitulo_de,
    capitulos_existentes,
    modulo_de_verificacoes,
    raiz_do_curso,
)
from curso.verificacao import exercicios_do_capitulo, metodos_de, titulo

# «## Exercício 2.3 — Ler os pedidos do modelo (2 pontos)»
CABECALHO = re.compile(r"^## Exercício (\d+\.\d+) — (.+) \((\d+) pontos?\)[ \t]*$", re.M)
PONTOS_POSSIVEIS = range(1, 4)
_MARGEM = "\n" + " " * 16  # um mutante por linha, alinhados


def grade_id(ident: str) -> str:
    """``"2.3"`` → ``"ex2_3"``: o ``grade_id`` da célula de solução (a de verificação acaba em
    ``_verificacao``, a do enunciado é ``enunciado_2_3``)."""
    return "ex" + ident.replace(".", "_")


@dataclass
class Exercicio:
    """Onde vive cada peça de um exercício, e o que cada sítio diz do título e dos pontos."""

    ident: str
    titulo_enunciado: str | None = None
    pontos_enunciado: int | None = None
    tem_solucao: bool = False
    pontos: float | None = None  # metadados da célula de verificação em solutions/
    pontos_aluno: float | None = None  # os mesmos, em exercises/
    titulo_verificacoes: str | None = None
    verificacoes: str | None = None  # «tests/exercicios/test_capNN.py:LINHA»
    n_verificacoes: int = 0
    mutantes: list[str] = field(default_factory=list)
    # requisito → frase → verificações → mutantes (curso.requisitos); a prova é
    # tests/repositorio/test_requisitos.py, por isso os problemas dos requisitos mostram-se mas
    # não contam para ``problemas`` (nem para o código de saída de ``curso mapa``)
    requisitos: list[Requisito] = field(default_factory=list)
    mutantes_por_requisito: dict[str, list[str]] = field(default_factory=dict)
    problemas_dos_requisitos: list[str] = field(default_factory=list)

    @property
    def capitulo(self) -> int:
        return capitulo_de(self.ident)

    def problemas(self) -> list[str]:
        """Cada sítio em falta ou em desacordo, numa frase com o que fazer."""
        sol = f"solutions/cap{self.capitulo:02d}/cap{self.capitulo:02d}.ipynb"
        gid = grade_id(self.ident)
        erros = []
        if self.titulo_enunciado is None:
            erros.append(f"{sol}: falta o cabeçalho «## Exercício {self.ident} — título (P pontos)»")
        if not self.tem_solucao:
            erros.append(f"{sol}: falta a célula de solução «{gid}»")
        if self.pontos is None:
            erros.append(f"{sol}: falta a célula de verificação «{gid}_verificacao»")
        if self.titulo_verificacoes is None:
            erros.append(f"tests/exercicios/test_cap{self.capitulo:02d}.py: falta a classe "
                         f"TestEx{self.ident.replace('.', '_')}")
        if None not in (self.titulo_enunciado, self.titulo_verificacoes) and (
                _sem_codigo(self.titulo_enunciado) != self.titulo_verificacoes):
            erros.append(f"títulos diferentes: o enunciado diz «{self.titulo_enunciado}» e a "
                         f"docstring de TestEx{self.ident.replace('.', '_')} «{self.titulo_verificacoes}»")
        if self.pontos is not None:
            if self.pontos not in PONTOS_POSSIVEIS:
                erros.append(f"{gid}_verificacao vale {self.pontos:g} pontos (de 1 a 3)")
            if self.pontos_enunciado is not None and self.pontos != self.pontos_enunciado:
                erros.append(f"pontos diferentes: o enunciado diz {self.pontos_enunciado} e a célula "
                             f"{gid}_verificacao vale {self.pontos:g}")
            if self.pontos_aluno is not None and self.pontos != self.pontos_aluno:
                erros.append(f"{gid}_verificacao vale {self.pontos:g} em solutions/ e "
                             f"{self.pontos_aluno:g} em exercises/ (regenera exercises/)")
        return erros


def _sem_codigo(texto: str) -> str:
    """O título como o terminal o mostra: sem as crases do Markdown."""
    return texto.replace("`", "")


def _celulas(caminho: Path) -> list[dict]:
    try:
        return json.loads(caminho.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError):
        return []


def _pontos_das_verificacoes(celulas: list[dict]) -> dict[str, float]:
    pontos = {}
    for celula in celulas:
        gid = celula.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
        if e_celula_de_verificacao(celula) and gid.endswith("_verificacao"):
            pontos[gid.removesuffix("_verificacao")] = celula["metadata"]["nbgrader"].get("points")
    return pontos


def mapa_do_capitulo(capitulo: int) -> list[Exercicio]:
    """Os exercícios do capítulo, de todos os sítios (mesmo os que só existem num), por ordem."""
    raiz = raiz_do_curso()
    celulas = _celulas(caderno_de_exercicios(capitulo, raiz / "solutions"))
    exercicios: dict[str, Exercicio] = {}

    def de(ident: str) -> Exercicio:
        return exercicios.setdefault(ident, Exercicio(ident))

    for celula in celulas:
        fonte = celula.get("source", "")
        fonte = "".join(fonte) if isinstance(fonte, list) else fonte
        if celula.get("cell_type") == "markdown":
            for m in CABECALHO.finditer(fonte):
                de(m.group(1)).titulo_enunciado, de(m.group(1)).pontos_enunciado = m.group(2), int(m.group(3))
        nbg = celula.get("metadata", {}).get("nbgrader", {})
        if nbg.get("solution") and re.fullmatch(r"ex\d+_\d+", nbg.get("grade_id", "")):
            de(nbg["grade_id"][2:].replace("_", ".")).tem_solucao = True
    aluno = _pontos_das_verificacoes(_celulas(caderno_de_exercicios(capitulo, raiz / "exercises")))
    for gid, pontos in _pontos_das_verificacoes(celulas).items():
        ex = de(gid[2:].replace("_", "."))
        ex.pontos, ex.pontos_aluno = pontos, aluno.get(gid)
    modulo = modulo_de_verificacoes(capitulo)
    linhas = modulo.read_text(encoding="utf-8").splitlines() if modulo.is_file() else []
    for ident, classe in exercicios_do_capitulo(capitulo).items():
        ex = de(ident)
        ex.titulo_verificacoes = titulo(classe)
        linha = next((n for n, texto in enumerate(linhas, 1)
                      if texto.startswith(f"class {classe.__name__}")), "?")
        ex.verificacoes = f"{modulo.relative_to(raiz)}:{linha}"
        ex.n_verificacoes = len(metodos_de(classe))
    pasta_mutantes = raiz / "tests" / "mutantes" / f"cap{capitulo:02d}"
    for ident, ex in exercicios.items():
        caminhos = sorted(pasta_mutantes.glob(f"{grade_id(ident)}_*.py"))
        ex.mutantes = [str(p.relative_to(raiz)) for p in caminhos]
        if ex.titulo_verificacoes is None:
            continue
        ex.requisitos = requisitos_de(ident)
        ex.problemas_dos_requisitos = problemas(ident)
        for caminho in caminhos:
            for rid in requisitos_do_mutante(caminho.read_text(encoding="utf-8")) or ("?",):
                ex.mutantes_por_requisito.setdefault(rid, []).append(caminho.name)
    return sorted(exercicios.values(), key=lambda e: int(e.ident.split(".")[1]))


def formatar(ex: Exercicio) -> str:
    cap = f"cap{ex.capitulo:02d}"
    gid = grade_id(ex.ident)
    pontos = "?" if ex.pontos is None else f"{ex.pontos:g}"
    plural = "ponto" if ex.pontos == 1 else "pontos"
    linhas = [
        f"Exercício {ex.ident} — {ex.titulo_verificacoes or ex.titulo_enunciado} ({pontos} {plural})",
        f"  enunciado     solutions/{cap}/{cap}.ipynb, célula «enunciado_{ex.ident.replace('.', '_')}»"
        f" (o aluno recebe exercises/{cap}/{cap}.ipynb)",
        f"  solução       solutions/{cap}/{cap}.ipynb, célula «{gid}»",
        f"  pontos        célula «{gid}_verificacao» (verificar + testes escondidos): {pontos}",
        f"  verificações  {ex.verificacoes or '—'}, classe TestEx{ex.ident.replace('.', '_')}"
        f" ({ex.n_verificacoes} públicas)",
        f"  mutantes      {_MARGEM.join(ex.mutantes) or '—'}",
    ]
    linhas += _tabela_de_requisitos(ex)
    linhas += [f"  ✘ {p}" for p in ex.problemas()]
    linhas += [f"  ✘ requisitos: {p}" for p in ex.problemas_dos_requisitos]
    return "\n".join(linhas)


def _encurtar(texto: str, largura: int = 88) -> str:
    texto = " ".join(texto.split())
    return texto if len(texto) <= largura else texto[:largura - 1] + "…"


def _tabela_de_requisitos(ex: Exercicio) -> list[str]:
    """requisito → frase → verificações → mutantes (os que dizem «Requisito:» com ele)."""
    if not ex.requisitos:
        return ["  requisitos    —"]
    linhas = ["  requisitos    requisito → frase → verificações → mutantes"]
    for r in ex.requisitos:
        onde = " (cabeçalho do caderno)" if r.celula == "cabecalho" else ""
        mutantes = ex.mutantes_por_requisito.get(r.id, [])
        linhas += [
            f"    {r.id:<5} «{_encurtar(r.frase)}»{onde}",
            f"          verificações  {', '.join(r.verificacoes) or '—'}",
            f"          mutantes      {', '.join(mutantes) or '—'}",
        ]
    sem = ex.mutantes_por_requisito.get("?", [])
    if sem:
        linhas.append(f"    sem «Requisito:»  {', '.join(sem)}")
    return linhas


def executar(args) -> int:
    try:
        if args.exercicio is None:
            capitulos = capitulos_existentes()
        else:
            capitulos = [capitulo_de(args.exercicio)]
        exercicios = [ex for c in capitulos for ex in mapa_do_capitulo(c)]
        if args.exercicio is not None and "." in args.exercicio:
            pedido = f"{capitulos[0]}.{int(args.exercicio.split('.')[1])}"
            exercicios = [ex for ex in exercicios if ex.ident == pedido]
            if not exercicios:
                raise ErroDoCurso(f"Não conheço o exercício {pedido}.")
    except ErroDoCurso as erro:
        print(f"✘ {erro}", file=sys.stderr)
        return 2
    print("\n\n".join(formatar(ex) for ex in exercicios))
    return 1 if any(ex.problemas() for ex in exercicios) else 0


def registar(sub, ajuda: str) -> None:
    p = sub.add_parser(
        "mapa", help=ajuda,
        description="Para quem mantém o curso: onde estão o enunciado, a solução, os pontos, as "
        "verificações públicas e os mutantes de cada exercício, e onde discordam.",
    )
    p._positionals.title = "argumentos posicionais"
    p._optionals.title = "opções"
    p.add_argument("exercicio", metavar="N[.M]", nargs="?",
                   help="capítulo (3) ou exercício (3.2); por omissão, todos")
    p.set_defaults(func=executar)
