"""``curso turma``: o relatório da turma depois de uma correção, em HTML e num caderno.

Lê os ficheiros ``resultados/ALUNO/CAP.json`` (ver ``curso.correcao.resultados``) e as soluções
(os pontos de cada exercício e os requisitos: a frase do enunciado que cada verificação testa) e
escreve:

- ``relatorios/turma.html`` — um ficheiro só, com as imagens embutidas: abre no browser sem
  servidor;
- ``relatorios/turma.ipynb`` — o caderno do professor, que chama as funções deste módulo sobre os
  mesmos ficheiros (corre-o de novo depois de outra correção).

Os capítulos são os que a turma fez (os que têm submissões corrigidas) ou os de ``--capitulos``:
totais, histogramas e «quem ficou parado» contam só esses. A nota de um exercício é a da sua
célula de verificação no ``gradebook.db`` (a manual, se o professor a deu no formgrader), e a de
um capítulo é a do ``nbgrader export`` e das exportações para o LMS (``curso.correcao.notas``):
os mesmos números em todo o lado. Sem ``gradebook.db`` (resultados copiados de outra máquina),
contam as verificações: os pontos todos quando as públicas e os testes escondidos passaram.
"""

from __future__ import annotations

import argparse
import base64
import html
import io
import json
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from curso.correcao import notas
from curso.correcao import resultados as _resultados
from curso.correcao.notas import ALUNO_SOLUCOES
from curso.correcao.relatorio import _num, limpar_texto
_ID_VERIFICACAO = re.compile(r"ex(\d+)_(\d+)_verificacao")
_TITULO = re.compile(r"##\s*Exercício\s+\d+\.\d+\s*[—-]\s*(.+?)\s*\(\s*[\d,.]+\s*pontos?\)")
ESCONDIDOS = "(testes escondidos)"
MAIS_CHUMBADAS = 3  # verificações por exercício na tabela das que mais chumbam
MENSAGENS = 3  # mensagens diferentes por verificação


# ---------------------------------------------------------------------------------------------
# os dados


@dataclass
class Exercicio:
    ident: str
    capitulo: str
    pontos: float
    titulo: str = ""
    frases: dict[str, str] = field(default_factory=dict)  # método test_* → frase do enunciado
    celula: str = ""  # o grade_id da célula de verificação, onde o nbgrader guarda a nota


@dataclass
class Submissao:
    aluno: str
    capitulo: str
    nota: float | None
    maximo: float | None
    problemas: list[str]
    adulteracao: list[str]
    falhou: str | None
    exercicios: dict[str, dict]  # ident → {"verificacoes": [...], "escondidos": {...}}
    sem_nota: bool = False  # a correção não registou nota (um ficheiro antigo, sem a chave, tem)
    livro: notas.Submissao | None = None  # a mesma submissão no gradebook.db: as notas vêm daqui

    @property
    def penalizacao(self) -> float:
        return self.livro.penalizacao if self.livro is not None else 0.0


@dataclass
class Turma:
    exercicios: list[Exercicio]
    capitulos: list[str]
    alunos: list[str]
    submissoes: dict[tuple[str, str], Submissao]
    com_gradebook: bool = False


def _fonte_da_celula(celula: dict) -> str:
    fonte = celula.get("source", "")
    return "".join(fonte) if isinstance(fonte, list) else fonte


def exercicios_do_curso(fonte: Path) -> list[Exercicio]:
    """Os exercícios das soluções (``fonte/capNN/capNN.ipynb``), pela ordem, com os pontos, o
    título e as frases dos requisitos (``curso.requisitos``)."""
    from curso.caderno import e_celula_de_verificacao
    from curso.requisitos import grade_id_do_enunciado, normalizar, requisitos_de

    exercicios = []
    for caderno in sorted(Path(fonte).glob("cap[0-9][0-9]/cap[0-9][0-9].ipynb")):
        celulas = json.loads(caderno.read_text(encoding="utf-8"))["cells"]
        por_id = {c.get("metadata", {}).get("nbgrader", {}).get("grade_id"): c for c in celulas}
        for celula in celulas:
            nbg = celula.get("metadata", {}).get("nbgrader", {})
            m = _ID_VERIFICACAO.fullmatch(str(nbg.get("grade_id", "")))
            if not m or not e_celula_de_verificacao(celula):
                continue
            ident = f"{int(m.group(1))}.{int(m.group(2))}"
            enunciado = _fonte_da_celula(por_id.get(grade_id_do_enunciado(ident), {}))
            titulo = _TITULO.search(enunciado)
            frases = {v: normalizar(r.frase) for r in requisitos_de(ident, Path(fonte))
                      for v in r.verificacoes}
            exercicios.append(Exercicio(ident, caderno.parent.name, float(nbg.get("points", 0)),
                                        titulo.group(1).replace("`", "") if titulo else "", frases,
                                        m.group(0)))
    return exercicios


def _textos(valor) -> list[str]:
    return [limpar_texto(v) for v in valor] if isinstance(valor, list) else []


def _numero(v) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def _submissao(d: dict) -> Submissao:
    exercicios: dict[str, dict] = {}
    cadernos = d.get("cadernos")
    for caderno in (cadernos.values() if isinstance(cadernos, dict) else []):
        if isinstance(caderno, dict) and isinstance(caderno.get("exercicios"), dict):
            exercicios.update({str(k): v for k, v in caderno["exercicios"].items() if isinstance(v, dict)})
    falhou = d.get("falhou")
    # sem a chave «nota» é um ficheiro de antes de a nota ser gravada: contam as verificações
    sem_nota = _numero(d.get("nota")) is None if "nota" in d else not exercicios
    return Submissao(d["aluno"], d["capitulo"], _numero(d.get("nota")), _numero(d.get("maximo")),
                     _textos(d.get("problemas")), _textos(d.get("adulteracao")),
                     limpar_texto(falhou) if falhou else None, exercicios, sem_nota)


def _livro(raiz: Path) -> notas.Livro | None:
    """O ``gradebook.db`` do curso, se houver (e um ``nbgrader_config.py`` que diga onde está)."""
    try:
        db, _ = notas.caminhos(raiz)
        return notas.ler(db) if db.is_file() else None
    except notas.SemGradebook:
        return None


def carregar(raiz: Path, resultados: Path | None = None, fonte: Path | None = None,
             capitulos: list[str] | None = None) -> Turma:
    """A turma tal como a correção a deixou em ``raiz/resultados`` e no ``gradebook.db`` (e as
    soluções em ``raiz/solutions``), só nos ``capitulos`` pedidos ou, por omissão, nos que têm
    submissões corrigidas."""
    raiz = Path(raiz)
    pasta = resultados or raiz / _resultados.PASTA
    livro = _livro(raiz)
    caps = sorted(capitulos or notas.capitulos_corrigidos(livro, pasta))
    exercicios = [e for e in exercicios_do_curso(fonte or raiz / "solutions") if e.capitulo in caps]
    submissoes = {}
    for d in _resultados.ler(pasta):
        if (d["aluno"] == ALUNO_SOLUCOES and "nota" not in d) or d["capitulo"] not in caps:
            continue  # a guarda das soluções, não um aluno; ou um capítulo que não se pediu
        s = _submissao(d)
        submissoes[(s.aluno, s.capitulo)] = s
    for (aluno, cap), sub in (livro.submissoes.items() if livro else ()):
        if cap in caps:  # uma submissão no gradebook.db sem resultados/ também conta
            s = submissoes.setdefault((aluno, cap), Submissao(aluno, cap, None, None, [], [], None, {}))
            s.livro, s.nota, s.maximo = sub, sub.nota, livro.maximos.get(cap)
            s.sem_nota = bool(sub.celulas) and all(p is None for p in sub.celulas.values())
    # quem tem uma pasta em submitted/ mas nenhuma submissão corrigida também conta (parou antes)
    entregues = raiz / "submitted"
    sem_nada = {p.name for p in entregues.iterdir() if not p.name.startswith(".")} \
        if entregues.is_dir() else set()
    alunos = sorted({a for a, _ in submissoes} | sem_nada)
    return Turma(exercicios, caps, alunos, submissoes, livro is not None)


# ---------------------------------------------------------------------------------------------
# as contas

PASSOU = "passou"


def _passou_tudo(dados: dict) -> bool:
    verificacoes = dados.get("verificacoes")
    if not isinstance(verificacoes, list) or not verificacoes:
        return False
    publicas = all(isinstance(v, dict) and v.get("estado") == PASSOU for v in verificacoes)
    escondidos = dados.get("escondidos")
    return publicas and (not isinstance(escondidos, dict) or escondidos.get("passou") is True)


def pontos(turma: Turma, aluno: str, ex: Exercicio) -> float | str | None:
    """Os pontos de ``aluno`` em ``ex``: os da célula no ``gradebook.db``, se lá estiver; ``None``
    sem submissão do capítulo; ``"erro"`` quando a submissão não tem nota (não se corrigiu)."""
    s = turma.submissoes.get((aluno, ex.capitulo))
    if s is None:
        return None
    if s.sem_nota:
        return "erro"
    if s.livro is not None:
        p = s.livro.celulas.get(ex.celula, 0.0)
        return "erro" if p is None else p
    dados = s.exercicios.get(ex.ident)
    return ex.pontos if dados is not None and _passou_tudo(dados) else 0.0


def nota_do_capitulo(turma: Turma, aluno: str, capitulo: str) -> float | None:
    """A nota do capítulo: a do ``gradebook.db`` (a do ``nbgrader export``: a soma das células
    menos a penalização por atraso); sem ele, a soma dos exercícios."""
    s = turma.submissoes.get((aluno, capitulo))
    if s is None or s.sem_nota:
        return None
    if s.livro is not None:
        return s.livro.nota
    return sum(p for e in turma.exercicios if e.capitulo == capitulo
               if isinstance(p := pontos(turma, aluno, e), float))


@dataclass
class Falha:
    """Uma verificação que não passou: quantos alunos, a frase que testa e o que eles viram."""

    ident: str
    nome: str
    metodo: str
    frase: str
    alunos: int
    mensagens: list[tuple[str, int]]  # (mensagem, quantos a viram), das mais vistas


@dataclass
class Estatistica:
    ex: Exercicio
    completos: int = 0  # com os pontos todos
    parciais: int = 0
    zeros: int = 0
    erros: int = 0  # submissão sem nota
    sem_submissao: int = 0
    soma: float = 0.0
    falhas: list[Falha] = field(default_factory=list)

    @property
    def corrigidos(self) -> int:
        return self.completos + self.parciais + self.zeros

    @property
    def media(self) -> float | None:
        return self.soma / self.corrigidos if self.corrigidos else None


def _dica(mensagem: str) -> str:
    """A mensagem como o aluno a leu, sem o pormenor da sua submissão (para se poder contar)."""
    primeira = mensagem.strip().split("\nPormenor")[0].strip()
    return limpar_texto(primeira, 300) or "(sem mensagem)"


def estatisticas(turma: Turma) -> list[Estatistica]:
    """Por exercício: quantos passam, a média, a distribuição e as verificações que mais chumbam."""
    saida = []
    for ex in turma.exercicios:
        e = Estatistica(ex)
        chumbos: dict[tuple[str, str], Counter] = {}
        alunos_por: Counter = Counter()
        for aluno in turma.alunos:
            p = pontos(turma, aluno, ex)
            if p is None:
                e.sem_submissao += 1
                continue
            if p == "erro":
                e.erros += 1
                continue
            e.soma += p
            if p >= ex.pontos > 0:
                e.completos += 1
            elif p > 0:
                e.parciais += 1
            else:
                e.zeros += 1
            dados = turma.submissoes[(aluno, ex.capitulo)].exercicios.get(ex.ident) or {}
            vistas = set()
            for v in dados.get("verificacoes") or []:
                if not isinstance(v, dict) or v.get("estado") == PASSOU:
                    continue
                chave = (limpar_texto(v.get("nome", ""), 300), str(v.get("metodo", "")))
                chumbos.setdefault(chave, Counter())[_dica(str(v.get("mensagem", "")))] += 1
                vistas.add(chave)
            escondidos = dados.get("escondidos")
            if isinstance(escondidos, dict) and escondidos.get("passou") is False:
                chave = (ESCONDIDOS, "")
                erro = " ".join(str(escondidos.get(k, "")) for k in ("erro", "mensagem")).strip()
                chumbos.setdefault(chave, Counter())[limpar_texto(erro, 300) or "(sem mensagem)"] += 1
                vistas.add(chave)
            alunos_por.update(vistas)
        e.falhas = sorted(
            (Falha(ex.ident, nome, metodo, ex.frases.get(metodo, ""), alunos_por[(nome, metodo)],
                   chumbos[(nome, metodo)].most_common(MENSAGENS))
             for nome, metodo in chumbos),
            key=lambda f: (-f.alunos, f.nome == ESCONDIDOS, f.nome))
        saida.append(e)
    return saida


@dataclass
class Aluno:
    aluno: str
    total: float  # a soma das notas dos capítulos (as do nbgrader export)
    maximo: float
    ultimo: str | None  # o último exercício com pontos
    sem_submissao: list[str]  # capítulos
    penalizacao: float = 0.0  # por atraso, já descontada do total


def por_aluno(turma: Turma) -> list[Aluno]:
    """Onde ficou cada aluno (nos capítulos da turma): o total, o último exercício com pontos e os
    capítulos sem submissão."""
    saida = []
    for aluno in turma.alunos:
        ultimo = None
        for ex in turma.exercicios:
            p = pontos(turma, aluno, ex)
            if isinstance(p, float) and p > 0:
                ultimo = ex.ident
        total = sum(n for c in turma.capitulos
                    if (n := nota_do_capitulo(turma, aluno, c)) is not None)
        multa = sum(s.penalizacao for c in turma.capitulos if (s := turma.submissoes.get((aluno, c))))
        faltam = [c for c in turma.capitulos if (aluno, c) not in turma.submissoes]
        saida.append(Aluno(aluno, total, sum(e.pontos for e in turma.exercicios), ultimo, faltam,
                           multa))
    return saida


def parados(turma: Turma, alunos: list[Aluno] | None = None) -> list[Aluno]:
    """Quem ficou parado: sem pontos no último exercício dos capítulos da turma ou com capítulos
    por entregar; do que ficou mais atrás para o que ficou mais à frente."""
    ordem = {e.ident: n for n, e in enumerate(turma.exercicios)}
    ultimo = turma.exercicios[-1].ident if turma.exercicios else None
    lista = [a for a in (alunos or por_aluno(turma)) if a.sem_submissao or a.ultimo != ultimo]
    return sorted(lista, key=lambda a: (ordem.get(a.ultimo, -1), a.aluno))


def linhas_por_exercicio(stats: list[Estatistica]) -> list[str]:
    """Uma linha de texto por exercício (a mesma no HTML e no caderno)."""
    return [f"{e.ex.ident}: {e.completos}/{e.corrigidos} passam, média "
            f"{_num(round(e.media, 2)) if e.media is not None else '—'}/{_num(e.ex.pontos)}"
            for e in stats]


# ---------------------------------------------------------------------------------------------
# os gráficos (matplotlib sem pyplot: nada de janelas nem de estado global)

# legíveis a preto e branco: tons de cinza diferentes e um padrão por categoria
CATEGORIAS = [
    ("completos", "pontos todos", "#303030", ""),
    ("parciais", "pontos em parte", "#8c8c8c", ".."),
    ("zeros", "0 pontos", "#ffffff", "///"),
    ("erros", "não se corrigiu", "#d0d0d0", "xx"),
    ("sem_submissao", "sem submissão", "#f0f0f0", "--"),
]


def figura_distribuicao(stats: list[Estatistica]):
    """Por exercício, uma barra com quantos alunos ficaram em cada categoria (com os números)."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    n = max(len(stats), 1)
    fig = Figure(figsize=(9, 1.6 + 0.22 * n), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    y = list(range(n))[::-1]
    esquerda = [0.0] * len(stats)
    total = max((sum(getattr(e, c) for c, *_ in CATEGORIAS) for e in stats), default=1) or 1
    for chave, rotulo, cor, padrao in CATEGORIAS:
        valores = [getattr(e, chave) for e in stats]
        barras = ax.barh(y[:len(stats)], valores, left=esquerda, color=cor, hatch=padrao,
                         edgecolor="black", linewidth=0.6, label=rotulo, height=0.75)
        for barra, v in zip(barras, valores, strict=True):
            if v and v / total >= 0.04:
                claro = cor in ("#303030", "#8c8c8c")
                ax.text(barra.get_x() + barra.get_width() / 2, barra.get_y() + barra.get_height() / 2,
                        str(v), ha="center", va="center", fontsize=7,
                        color="white" if claro else "black",
                        bbox=None if claro else {"facecolor": "white", "edgecolor": "none", "pad": 0.5})
        esquerda = [a + b for a, b in zip(esquerda, valores, strict=True)]
    ax.set_yticks(y[:len(stats)], [e.ex.ident for e in stats], fontsize=8)
    ax.set_xlabel("alunos")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # alunos inteiros, mesmo numa turma pequena
    ax.set_xlim(0, total)
    ax.set_ylim(-0.6, n - 0.4)
    fig.suptitle("Distribuição por exercício (número de alunos em cada caso)")
    fig.legend(*ax.get_legend_handles_labels(), loc="outside lower center", ncol=5, fontsize=8,
               frameon=False, handleheight=1.4, handlelength=2.5)
    return fig


def faixas(alunos: list[Aluno]) -> list[int]:
    """Quantos alunos em cada faixa de 10 % do máximo (dos capítulos da turma): 0–10, …, 90–100."""
    contagens = [0] * 10
    for a in alunos:
        pct = 100 * a.total / a.maximo if a.maximo else 0
        contagens[min(int(pct // 10), 9)] += 1
    return contagens


def figura_totais(alunos: list[Aluno]):
    """O histograma das notas finais (percentagem do máximo do curso), com o número em cada barra."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    fig = Figure(figsize=(9, 3), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    limites = list(range(0, 101, 10))
    barras = ax.bar([f"{i}–{i + 10}" for i in limites[:-1]], faixas(alunos), color="#8c8c8c",
                    hatch="//", edgecolor="black", linewidth=0.6)
    ax.bar_label(barras, fontsize=8)
    ax.set_xlabel("nota final (% do máximo)")
    ax.set_ylabel("alunos")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title("Notas finais da turma")
    ax.margins(y=0.15)
    return fig


def png(fig) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    memoria = io.BytesIO()
    fig.savefig(memoria, format="png")
    return memoria.getvalue()


def png_base64(fig) -> str:
    return base64.b64encode(png(fig)).decode("ascii")


def imagem(fig):
    """A figura para mostrar num caderno (a mesma imagem PNG do relatório HTML)."""
    from IPython.display import Image

    return Image(data=png(fig), format="png")


# ---------------------------------------------------------------------------------------------
# as tabelas em HTML (o texto que veio de submissões vai sempre escapado)

def _e(texto: object) -> str:
    return html.escape(str(texto), quote=True)


def html_exercicios(stats: list[Estatistica]) -> str:
    linhas = []
    for e, texto in zip(stats, linhas_por_exercicio(stats), strict=True):
        media = _num(round(e.media, 2)) if e.media is not None else "—"
        linhas.append(
            f"<tr><td>{_e(e.ex.ident)}</td><td>{_e(e.ex.titulo)}</td><td class=n>{e.completos}</td>"
            f"<td class=n>{e.corrigidos}</td><td class=n>{media}</td><td class=n>{_num(e.ex.pontos)}</td>"
            f"<td class=n>{e.zeros}</td><td class=n>{e.erros}</td><td class=n>{e.sem_submissao}</td>"
            f"<td class=oculto>{_e(texto)}</td></tr>")
    return ("<table class=dados><thead><tr><th>exercício</th><th>título</th><th>passam</th>"
            "<th>corrigidos</th><th>média</th><th>máx.</th><th>0 pontos</th><th>não se corrigiu</th>"
            "<th>sem submissão</th><th class=oculto></th></tr></thead><tbody>"
            + "".join(linhas) + "</tbody></table>")


def html_falhas(stats: list[Estatistica], por_exercicio: int = MAIS_CHUMBADAS) -> str:
    linhas = []
    for e in stats:
        for f in e.falhas[:por_exercicio]:
            mensagens = "".join(f"<li>«{_e(m)}» — <b>{n}</b> aluno(s)</li>" for m, n in f.mensagens)
            frase = f"«{_e(f.frase)}»" if f.frase else (
                "<i>(o aluno não vê os testes escondidos)</i>" if f.nome == ESCONDIDOS else "—")
            linhas.append(
                f"<tr><td>{_e(f.ident)}</td><td>{_e(f.nome)}<br><code>{_e(f.metodo)}</code></td>"
                f"<td class=n>{f.alunos}</td><td>{frase}</td><td><ul>{mensagens}</ul></td></tr>")
    if not linhas:
        return "<p>Nenhuma verificação chumbou.</p>"
    return ("<table class=dados><thead><tr><th>exercício</th><th>verificação</th><th>alunos que "
            "chumbaram</th><th>frase do enunciado que testa</th><th>mensagem que viram (quantos)"
            "</th></tr></thead><tbody>" + "".join(linhas) + "</tbody></table>")


def _classe(p: float | str | None, maximo: float) -> tuple[str, str]:
    if p is None:
        return "sf", "—"
    if p == "erro":
        return "er", "✘"
    nivel = 0 if not maximo else min(4, int(round(4 * p / maximo)))
    return f"n{nivel}", _num(p)


def html_matriz(turma: Turma, alunos: list[Aluno] | None = None) -> str:
    """A matriz alunos × exercícios: um tom de cinza por fração dos pontos, com o valor escrito."""
    alunos = alunos or por_aluno(turma)
    cab = "".join(f"<th title='{_e(e.titulo)}'>{_e(e.ident)}</th>" for e in turma.exercicios)
    linhas = []
    for a in alunos:
        celulas = "".join("<td class={}>{}</td>".format(*_classe(pontos(turma, a.aluno, e), e.pontos))
                          for e in turma.exercicios)
        atraso = f" (−{_num(a.penalizacao)} atraso)" if a.penalizacao else ""
        linhas.append(f"<tr><th class=al>{_e(a.aluno)}</th>{celulas}"
                      f"<td class=tot>{_num(a.total)}/{_num(a.maximo)}{atraso}</td></tr>")
    legenda = ("<p class=legenda>Cada célula: os pontos do aluno no exercício; quanto mais escura, "
               "mais perto do máximo. <span class='sf'>—</span> sem submissão do capítulo; "
               "<span class='er'>✘</span> a submissão não se corrigiu (vê as submissões para "
               "rever). O total é o do <code>nbgrader export</code> e das exportações para o LMS: "
               "a soma dos capítulos, menos a penalização por atraso.</p>")
    return (legenda + "<div class=rolar><table class=matriz><thead><tr><th>aluno</th>" + cab
            + "<th>total</th></tr></thead><tbody>" + "".join(linhas) + "</tbody></table></div>")


def html_parados(turma: Turma, alunos: list[Aluno] | None = None) -> str:
    lista = parados(turma, alunos)
    if not lista:
        return "<p>Ninguém ficou parado: todos têm pontos no último exercício e todas as entregas.</p>"
    linhas = "".join(
        f"<tr><td>{_e(a.aluno)}</td><td>{_e(a.ultimo or 'nenhum')}</td>"
        f"<td>{_e(', '.join(a.sem_submissao) or '—')}</td><td class=n>{_num(a.total)}/{_num(a.maximo)}</td></tr>"
        for a in lista)
    return ("<table class=dados><thead><tr><th>aluno</th><th>último exercício com pontos</th>"
            "<th>capítulos sem submissão</th><th>total</th></tr></thead><tbody>" + linhas
            + "</tbody></table>")


def _lista_por_submissao(turma: Turma, campo: str, vazio: str) -> str:
    linhas = []
    for (aluno, cap), s in sorted(turma.submissoes.items()):
        valor = getattr(s, campo)
        for texto in ([valor] if isinstance(valor, str) else valor or []):
            linhas.append(f"<tr><td>{_e(aluno)}</td><td>{_e(cap)}</td><td>{_e(texto)}</td></tr>")
    if not linhas:
        return f"<p>{_e(vazio)}</p>"
    return ("<table class=dados><thead><tr><th>aluno</th><th>capítulo</th><th>motivo</th></tr>"
            "</thead><tbody>" + "".join(linhas) + "</tbody></table>")


def para_rever(turma: Turma) -> list[tuple[str, str, float | None, str]]:
    """``(aluno, capítulo, nota, motivo)`` das submissões em que a correção não correu toda (uma
    célula morreu ou esgotou o tempo: vale 0 e as outras valem os seus pontos) ou que ficaram sem
    nota (``None``)."""
    return [(aluno, cap, nota_do_capitulo(turma, aluno, cap), s.falhou or "sem nota registada")
            for (aluno, cap), s in sorted(turma.submissoes.items()) if s.falhou or s.sem_nota]


def divergencias(turma: Turma) -> list[tuple[str, str, float, float]]:
    """``(aluno, capítulo, soma dos exercícios, nota registada)`` onde as duas não batem certo
    (resultados de uma correção anterior, ou células com nota que não são de exercícios)."""
    por_cap: dict[str, list[Exercicio]] = {}
    for e in turma.exercicios:
        por_cap.setdefault(e.capitulo, []).append(e)
    saida = []
    for (aluno, cap), s in sorted(turma.submissoes.items()):
        registada = s.livro.bruto if s.livro is not None else s.nota
        if registada is None or s.sem_nota or cap not in por_cap:
            continue
        soma = sum(p for e in por_cap[cap] if isinstance(p := pontos(turma, aluno, e), float))
        if abs(soma - registada) > 1e-9:
            saida.append((aluno, cap, soma, registada))
    return saida


def notas_manuais(turma: Turma) -> list[tuple[str, str, str, float | None, float]]:
    """``(aluno, capítulo, célula, automática, manual)``: as notas que o professor deu à mão no
    formgrader (contam no lugar da automática)."""
    return [(aluno, cap, celula, auto, manual)
            for (aluno, cap), s in sorted(turma.submissoes.items()) if s.livro is not None
            for celula, (auto, manual) in sorted(s.livro.manuais.items())]


def html_manuais(turma: Turma) -> str:
    lista = notas_manuais(turma)
    if not lista:
        return ""
    linhas = "".join(f"<tr><td>{_e(a)}</td><td>{_e(c)}</td><td><code>{_e(g)}</code></td>"
                     f"<td class=n>{_num(auto)}</td><td class=n>{_num(manual)}</td></tr>"
                     for a, c, g, auto, manual in lista)
    return ("<p>Notas dadas à mão no formgrader (contam no lugar da automática, aqui e nas "
            "exportações):</p><table class=dados><thead><tr><th>aluno</th><th>capítulo</th>"
            "<th>célula</th><th>automática</th><th>manual</th></tr></thead><tbody>" + linhas
            + "</tbody></table>")


def html_divergencias(turma: Turma) -> str:
    lista = divergencias(turma)
    if not lista:
        return ""
    linhas = "".join(f"<tr><td>{_e(a)}</td><td>{_e(c)}</td><td class=n>{_num(soma)}</td>"
                     f"<td class=n>{_num(nota)}</td></tr>" for a, c, soma, nota in lista)
    return ("<p>Submissões em que a soma dos exercícios (as contas deste relatório) não dá a nota "
            "registada (uma correção antiga, ou células com nota que não são de exercícios):</p><table class=dados><thead><tr><th>aluno</th><th>capítulo</th><th>soma "
            "dos exercícios</th><th>nota registada</th></tr></thead><tbody>" + linhas
            + "</tbody></table>")


def html_adulteracao(turma: Turma) -> str:
    return _lista_por_submissao(turma, "adulteracao", "Nenhum caso sinalizado.")


def html_falhadas(turma: Turma) -> str:
    """As submissões para rever, com a nota que ficou e o motivo."""
    lista = para_rever(turma)
    if not lista:
        return "<p>Todas as submissões se corrigiram até ao fim.</p>"
    maximos = {e.capitulo: 0.0 for e in turma.exercicios}
    for e in turma.exercicios:
        maximos[e.capitulo] += e.pontos
    linhas = "".join(
        f"<tr><td>{_e(a)}</td><td>{_e(c)}</td><td class=n>"
        f"{'sem nota' if nota is None else f'{_num(nota)}/{_num(maximos.get(c))}'}</td>"
        f"<td>{_e(motivo)}</td></tr>" for a, c, nota, motivo in lista)
    return ("<p>A nota é a que ficou registada (a das exportações): a célula que morreu ou esgotou "
            "o tempo vale 0 e as outras valem os seus pontos. Revê-as no formgrader, se quiseres "
            "dar outra nota.</p><table class=dados><thead><tr><th>aluno</th><th>capítulo</th>"
            "<th>nota</th><th>motivo</th></tr></thead><tbody>" + linhas + "</tbody></table>")


ESTILO = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#111;max-width:100em}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #999}
table{border-collapse:collapse;font-size:.85em}td,th{border:1px solid #999;padding:2px 5px;
vertical-align:top}th{background:#eee}.n{text-align:right}.oculto{display:none}
.matriz{font-size:.75em}.matriz td,.matriz th{padding:1px 2px}.matriz td{text-align:center;
min-width:1.6em}.matriz th.al{text-align:left;white-space:nowrap}
.rolar{overflow-x:auto}.n0{background:#fff}.n1{background:#d9d9d9}.n2{background:#a6a6a6}
.n3{background:#666;color:#fff}.n4{background:#262626;color:#fff}
.sf{background:repeating-linear-gradient(45deg,#fff 0 3px,#ddd 3px 6px);color:#555}
.er{font-weight:bold;outline:2px dashed #000;outline-offset:-3px}.tot{font-weight:bold}
ul{margin:0;padding-left:1.2em}.legenda{font-size:.85em}img{max-width:100%}
"""


def relatorio_html(turma: Turma) -> str:
    """O relatório inteiro num só ficheiro HTML (CSS e imagens dentro dele)."""
    stats = estatisticas(turma)
    alunos = por_aluno(turma)
    dist = png_base64(figura_distribuicao(stats))
    totais = png_base64(figura_totais(alunos))
    resumo = (f"{len(turma.alunos)} alunos, {len(turma.exercicios)} exercícios em "
              f"{len(turma.capitulos)} capítulo(s) ({', '.join(turma.capitulos) or 'nenhum'}), "
              f"{len(turma.submissoes)} submissões ({len(para_rever(turma))} para rever, "
              f"{sum(1 for s in turma.submissoes.values() if s.adulteracao)} com sinais de adulteração).")
    origem = ("As notas são as do gradebook.db, as mesmas do nbgrader export e das exportações "
              "para o LMS." if turma.com_gradebook else
              "Sem gradebook.db: as notas são as das verificações gravadas em resultados/.")
    return f"""<!DOCTYPE html>
<html lang="pt-PT"><head><meta charset="utf-8"><title>Relatório da turma</title>
<style>{ESTILO}</style></head><body>
<h1>Relatório da turma</h1>
<p>{_e(resumo)}</p>
<p class=legenda>{_e(origem)}</p>
<p class=legenda>Secções: <a href="#exercicio">por exercício</a> · <a href="#aluno">por aluno</a> ·
<a href="#parados">quem ficou parado</a> · <a href="#adulteracao">possível adulteração</a> ·
<a href="#falhadas">submissões para rever</a> · <a href="#chumbam">as verificações
que mais chumbam</a></p>
<h2 id=exercicio>Por exercício</h2>
{html_exercicios(stats)}
<p><img alt="Distribuição por exercício: alunos com os pontos todos, com 0 pontos, sem submissão" src="data:image/png;base64,{dist}"></p>
<h2 id=aluno>Por aluno</h2>
<p><img alt="Histograma das notas finais" src="data:image/png;base64,{totais}"></p>
{html_matriz(turma, alunos)}
<h2 id=parados>Quem ficou parado, e onde</h2>
{html_parados(turma, alunos)}
<h2 id=adulteracao>Possível adulteração (para rever à mão)</h2>
<p>Um pedido de revisão, não um castigo: a nota não muda.</p>
{html_adulteracao(turma)}
<h2 id=falhadas>Submissões para rever</h2>
{html_falhadas(turma)}
{html_manuais(turma)}
{html_divergencias(turma)}
<h2 id=chumbam>As verificações que mais chumbam</h2>
<p>Até {MAIS_CHUMBADAS} por exercício, com a frase do enunciado que testam e a mensagem que os
alunos viram (a dica, sem o pormenor de cada submissão).</p>
{html_falhas(stats)}
</body></html>
"""


# ---------------------------------------------------------------------------------------------
# o caderno do professor


def caderno(raiz: Path, destino: Path, fonte: Path | None = None,
            capitulos: list[str] | None = None):
    """O caderno do professor: as mesmas contas, feitas ao correr o caderno sobre os mesmos
    ficheiros (``resultados/``, o ``gradebook.db`` e as soluções de ``raiz``, ou ``fonte``), nos
    mesmos ``capitulos`` (por omissão, os que tiverem submissões corrigidas quando correr)."""
    import nbformat

    pasta = Path(destino).resolve().parent
    caminho = os.path.relpath(Path(raiz).resolve(), pasta)
    solucoes = "None" if fonte is None else f"Path({os.path.relpath(Path(fonte).resolve(), pasta)!r}).resolve()"
    v4 = nbformat.v4
    nb = v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    md, code = v4.new_markdown_cell, v4.new_code_cell
    nb.cells = [
        md("# Relatório da turma (caderno do professor)\n\nGerado por `curso turma`. Lê os "
           "ficheiros `resultados/ALUNO/CAP.json` da última correção, o `gradebook.db` e as "
           "soluções; corre-o de novo (*Run All*) depois de outra correção."),
        code("from pathlib import Path\n\nfrom IPython.display import HTML, display\n\n"
             "from curso.correcao import turma as t\n\n"
             f"RAIZ = Path({caminho!r}).resolve()  # a raiz do curso, a partir deste caderno\n"
             f"TURMA = t.carregar(RAIZ, fonte={solucoes}, capitulos={capitulos!r})\n"
             "ESTATISTICAS = t.estatisticas(TURMA)\n"
             "ALUNOS = t.por_aluno(TURMA)\n"
             "display(HTML('<style>' + t.ESTILO + '</style>'))  # os tons de cinza das tabelas"),
        md("## Por exercício\n\nQuantos passam (com os pontos todos) e a nota média dos corrigidos."),
        code("print('\\n'.join(t.linhas_por_exercicio(ESTATISTICAS)))"),
        code("display(HTML(t.html_exercicios(ESTATISTICAS)))"),
        code("t.imagem(t.figura_distribuicao(ESTATISTICAS))"),
        md("## As verificações que mais chumbam\n\nCom a frase do enunciado que cada uma testa e a "
           "mensagem que os alunos viram."),
        code("display(HTML(t.html_falhas(ESTATISTICAS)))"),
        md("## Por aluno"),
        code("t.imagem(t.figura_totais(ALUNOS))"),
        code("display(HTML(t.html_matriz(TURMA, ALUNOS)))"),
        md("## Quem ficou parado, e onde"),
        code("display(HTML(t.html_parados(TURMA, ALUNOS)))"),
        md("## Possível adulteração (para rever à mão)"),
        code("display(HTML(t.html_adulteracao(TURMA)))"),
        md("## Submissões para rever"),
        code("display(HTML(t.html_falhadas(TURMA) + t.html_manuais(TURMA) + t.html_divergencias(TURMA)))"),
    ]
    return nb


# ---------------------------------------------------------------------------------------------
# o subcomando

DESCRICAO = """\
Corre na raiz do curso, depois de «curso corrigir». Lê resultados/ALUNO/CAP.json, o gradebook.db e
as soluções e escreve o relatório da turma em HTML (um ficheiro só, abre no browser sem servidor)
e o caderno do professor (.ipynb), que faz as mesmas contas sobre os mesmos ficheiros.

Por omissão, só os capítulos que a turma fez (os que têm submissões corrigidas); as notas são as
do gradebook.db, as mesmas do nbgrader export e do «curso exportar».
"""


def registar(sub, ajuda: str) -> None:
    p = sub.add_parser("turma", help=ajuda, description=DESCRICAO,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p._optionals.title = "opções"
    p.add_argument("--html", default="relatorios/turma.html", metavar="FICHEIRO",
                   help="onde escrever o relatório (por omissão relatorios/turma.html)")
    p.add_argument("--caderno", default="relatorios/turma.ipynb", metavar="FICHEIRO",
                   help="onde escrever o caderno do professor (por omissão relatorios/turma.ipynb)")
    p.add_argument("--fonte", metavar="PASTA",
                   help="a pasta das soluções (por omissão solutions/)")
    p.add_argument("--capitulos", nargs="+", metavar="CAP",
                   help="só estes capítulos (ex.: cap01 cap02); por omissão, os que têm "
                        "submissões corrigidas")
    p.set_defaults(func=executar)


def executar(args) -> int:
    import sys

    import nbformat

    raiz = Path.cwd().resolve()
    pasta = raiz / _resultados.PASTA
    if not pasta.is_dir():
        print(f"✘ Não há {_resultados.PASTA}/ em {raiz}: corre primeiro «curso corrigir».",
              file=sys.stderr)
        return 2
    fonte = Path(args.fonte).resolve() if args.fonte else None
    turma = carregar(raiz, fonte=fonte, capitulos=args.capitulos)
    if not turma.capitulos:
        print(f"✘ Não há submissões corrigidas em {_resultados.PASTA}/ nem no gradebook.db: corre "
              "primeiro «curso corrigir».", file=sys.stderr)
        return 2
    saida_html = raiz / args.html
    saida_html.parent.mkdir(parents=True, exist_ok=True)
    saida_html.write_text(relatorio_html(turma), encoding="utf-8")
    saida_nb = raiz / args.caderno
    saida_nb.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(caderno(raiz, saida_nb, fonte, args.capitulos), saida_nb)
    rever = para_rever(turma)
    como = "pedidos" if args.capitulos else "os que têm submissões corrigidas; --capitulos para escolher"
    print(f"Capítulos: {', '.join(turma.capitulos)} ({como}).")
    if not turma.com_gradebook:
        print("⚠ Não li o gradebook.db (não existe, ou o nbgrader_config.py não diz onde está): as "
              "notas são as das verificações gravadas em resultados/, sem notas manuais nem "
              "penalizações por atraso.")
    print(f"Turma: {len(turma.alunos)} alunos, {len(turma.submissoes)} submissões "
          f"({len(rever)} para rever, {sum(1 for r in rever if r[2] is None)} sem nota).")
    print(f"Relatório: {saida_html}\nCaderno do professor: {saida_nb}")
    return 0
