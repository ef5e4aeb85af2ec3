"""O que o ``curso corrigir`` mostra e exporta: o resultado de cada submissão, o resumo
alunos × capítulos e o CSV das notas."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

# caracteres de controlo (ESC das sequências de terminal, \r, \b…), de formato (controlos
# bidirecionais) e separadores de linha e de parágrafo
_INVISIVEIS = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co"}
TEXTO_MAXIMO = 1000  # caracteres de cada texto de uma submissão mostrados ao professor


def limpar_texto(texto: object, maximo: int = TEXTO_MAXIMO) -> str:
    """``texto`` (que veio de uma submissão: nomes e mensagens de exceções, nomes de ficheiros e
    de alunos, células) pronto para o terminal e o resumo do professor: numa só linha, sem
    sequências de terminal, com cada caractere de controlo escrito como ``\\n``, ``\\x1b``…
    (à vista, mas inofensivo) e no máximo ``maximo`` caracteres. Um aluno não consegue assim
    escrever uma linha que pareça do resumo (um «⚠ possível adulteração» contra um colega).
    Aplicar duas vezes dá o mesmo."""
    texto = str(texto)
    cortado = len(texto) > maximo
    partes = []
    for c in texto[:maximo]:
        if unicodedata.category(c) not in _INVISIVEIS:
            partes.append(c)
        elif c in "\n\r\t":
            partes.append(repr(c)[1:-1])
        else:
            n = ord(c)
            partes.append(f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}")
    return "".join(partes) + ("…" if cortado else "")


@dataclass
class Resultado:
    """A correção de um capítulo de um aluno, tal como ficou registada."""

    aluno: str
    capitulo: str
    pontos: float | None = None
    maximo: float | None = None
    problemas: list[str] = field(default_factory=list)
    registado: bool = False  # há uma nota (mesmo 0) em todas as células na base de dados
    penalizacao: float = 0.0  # por atraso, como o nbgrader a registou

    @property
    def nota(self) -> float | None:
        """A nota do capítulo: a do ``nbgrader export`` (os pontos menos a penalização por atraso)."""
        return None if self.pontos is None else max(0.0, self.pontos - self.penalizacao)

    @property
    def celula(self) -> str:
        if not self.registado:
            return "ERRO"
        texto = f"{_num(self.nota)}/{_num(self.maximo)}"
        if self.penalizacao:
            texto += f" (−{_num(self.penalizacao)} atraso)"
        return texto + (" !" if self.problemas else "")


def _num(x: float | None) -> str:
    if x is None:
        return "?"
    return f"{x:g}".replace(".", ",")


def resumo(resultados: list[Resultado], capitulos: list[str], alunos: list[str],
           aviso: str | None = None) -> str:
    """A tabela alunos × capítulos e, por baixo, os problemas de cada aluno; ``aviso`` (a
    correção não foi isolada) vai na primeira linha. Um capítulo sem nenhuma submissão (na
    primeira semana, do 2 ao 9) não entra na tabela: é dito numa linha."""
    por = {(r.aluno, r.capitulo): r for r in resultados}
    sem_ninguem = [c for c in capitulos if not any(r.capitulo == c for r in resultados)]
    if resultados:
        capitulos = [c for c in capitulos if c not in sem_ninguem]
    cabecalho = ["aluno", *capitulos, "total"]
    linhas = []
    for aluno in alunos:
        linha, soma, maximo = [limpar_texto(aluno, 80)], 0.0, 0.0
        for cap in capitulos:
            r = por.get((aluno, cap))
            linha.append("—" if r is None else r.celula)
            if r is not None and r.registado:
                soma += r.nota or 0
                maximo += r.maximo or 0
        linha.append(f"{_num(soma)}/{_num(maximo)}")
        linhas.append(linha)
    larguras = [max(len(str(lin[i])) for lin in [cabecalho, *linhas]) for i in range(len(cabecalho))]

    def fmt(linha):
        return "  ".join(str(v).ljust(w) for v, w in zip(linha, larguras, strict=True)).rstrip()

    saida = [*([aviso] if aviso else []), fmt(cabecalho), fmt(["-" * w for w in larguras]),
             *map(fmt, linhas)]
    if resultados and sem_ninguem:
        saida.append(f"(sem nenhuma submissão, fora da tabela e do CSV: {', '.join(sem_ninguem)})")
    problemas = []
    for aluno in alunos:
        em_falta = [cap for cap in capitulos if (aluno, cap) not in por]
        nome = limpar_texto(aluno, 80)
        if em_falta:
            problemas.append(f"  {nome}: sem submissão de {', '.join(em_falta)} (submitted/{nome}/capNN/)")
        for cap in capitulos:
            for p in getattr(por.get((aluno, cap)), "problemas", []):
                problemas.append(f"  {nome} · {cap}: {limpar_texto(p)}")
    if problemas:
        saida += ["", "Problemas («!» na tabela):", *problemas]
    else:
        saida += ["", "Sem problemas: todos os cadernos correram até ao fim."]
    return "\n".join(saida)


def exportar_csv(db_url: str, destino: Path, capitulos: list[str], alunos: list[str]) -> None:
    """O CSV do ``nbgrader export`` (uma linha por aluno e capítulo), só dos destes capítulos que
    têm submissões: um capítulo que ninguém entregou daria uma linha de 0 por aluno."""
    from nbgrader.api import Gradebook
    from nbgrader.plugins import CsvExportPlugin

    with Gradebook(db_url) as gb:
        feitos = [c for c in capitulos if gb.assignment_submissions(c)]
        # uma lista vazia seria «todos»: sem nenhum feito, fica só o cabeçalho
        plugin = CsvExportPlugin(to=str(destino), assignment=feitos or ["(nenhum)"],
                                 student=list(alunos))
        plugin.export(gb)
