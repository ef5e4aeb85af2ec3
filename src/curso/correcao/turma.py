"""``curso turma``: o relatório da turma depois de uma correção, em HTML e num caderno.

Lê os ficheiros ``resultados/ALUNO/CAP.json`` (ver ``curso.correcao.resultados``) e as soluções
(os pontos de cada exercício e os requisitos: a frase do enunciado que cada verificação testa) e
escreve:

- ``relatorios/turma.html`` — um ficheiro só, com as imagens embutidas: abre no browser sem
  servidor;
- ``relatorios/turma.ipynb`` — o caderno do professor, que chama as funções deste módulo sobre os
  mesmos ficheiros (corre-o de novo depois de outra correção).

A nota de um exercício é a da sua célula de verificação no nbgrader: os pontos todos quando as
verificações públicas e os testes escondidos passaram, 0 senão.
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

from curso.correcao import resultados as _resultados
from curso.correcao.relatorio import _num, limpar_texto

ALUNO_SOLUCOES = "solucoes"  # a guarda de «curso corrigir» corrige as soluções com este nome
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


@dataclass
class Turma:
    exercicios: list[Exercicio]
    capitulos: list[str]
    alunos: list[str]
    submissoes: dict[tuple[str, str], Submissao]


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
                                        titulo.group(1).replace("`", "") if titulo else "", frases))
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


def carregar(raiz: Path, resultados: Path | None = None, fonte: Path | None = None) -> Turma:
    """A turma tal como a correção a deixou em ``raiz/resultados`` (e as soluções em
    ``raiz/solutions``)."""
    raiz = Path(raiz)
    exercicios = exercicios_do_curso(fonte or raiz / "solutions")
    submissoes = {}
    for d in _resultados.ler(resultados or raiz / _resultados.PASTA):
        if d["aluno"] == ALUNO_SOLUCOES and "nota" not in d:
            continue  # a guarda das soluções, não um aluno
        s = _submissao(d)
        submissoes[(s.aluno, s.capitulo)] = s
    capitulos = sorted({e.capitulo for e in exercicios} | {c for _, c in submissoes})
    # quem tem uma pasta em submitted/ mas nenhuma submissão corrigida também conta (parou antes)
    entregues = raiz / "submitted"
    sem_nada = {p.name for p in entregues.iterdir() if not p.name.startswith(".")} \
        if entregues.is_dir() else set()
    alunos = sorted({a for a, _ in submissoes} | sem_nada)
    return Turma(exercicios, capitulos, alunos, submissoes)


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
    """Os pontos de ``aluno`` em ``ex``; ``None`` sem submissão do capítulo; ``"erro"`` quando a
    submissão não tem nota (não se corrigiu)."""
    s = turma.submissoes.get((aluno, ex.capitulo))
    if s is None:
        return None
    if s.sem_nota:
        return "erro"
    dados = s.exercicios.get(ex.ident)
    return ex.pontos if dados is not None and _passou_tudo(dados) else 0.0


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
    total: float
    maximo: float
    ultimo: str | None  # o último exercício com pontos
    sem_submissao: list[str]  # capítulos


def por_aluno(turma: Turma) -> list[Aluno]:
    """Onde ficou cada aluno: o total, o último exercício com pontos e os capítulos sem submissão."""
    saida = []
    for aluno in turma.alunos:
        total, ultimo = 0.0, None
        for ex in turma.exercicios:
            p = pontos(turma, aluno, ex)
            if isinstance(p, float) and p > 0:
                total += p
                ultimo = ex.ident
        faltam = [c for c in turma.capitulos if (aluno, c) not in turma.submissoes]
        saida.append(Aluno(aluno, total, sum(e.pontos for e in turma.exercicios), ultimo, faltam))
    return saida


def parados(turma: Turma, alunos: list[Aluno] | None = None) -> list[Aluno]:
    """Quem ficou parado: sem pontos no último exercício do curso ou com capítulos por entregar;
    do que ficou mais atrás para o que ficou mais à frente."""
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
    ax.set_xlim(0, total)
    ax.set_ylim(-0.6, n - 0.4)
    fig.suptitle("Distribuição por exercício (número de alunos em cada caso)")
    fig.legend(*ax.get_legend_handles_labels(), loc="outside lower center", ncol=5, fontsize=8,
               frameon=False, handleheight=1.4, handlelength=2.5)
    return fig


def figura_totais(alunos: list[Aluno]):
    """O histograma das notas finais (percentagem do máximo do curso), com o número em cada barra."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(9, 3), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    limites = list(range(0, 101, 10))
    contagens = [0] * 10
    for a in alunos:
        pct = 100 * a.total / a.maximo if a.maximo else 0
        contagens[min(int(pct // 10), 9)] += 1
    barras = ax.bar([f"{i}–{i + 10}" for i in limites[:-1]], contagens, color="#8c8c8c",
                    hatch="//", edgecolor="black", linewidth=0.6)
    ax.bar_label(barras, fontsize=8)
    ax.set_xlabel("nota final (% do máximo)")
    ax.set_ylabel("alunos")
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
        linhas.append(f"<tr><th class=al>{_e(a.aluno)}</th>{celulas}"
                      f"<td class=tot>{_num(a.total)}/{_num(a.maximo)}</td></tr>")
    legenda = ("<p class=legenda>Cada célula: os pontos do aluno no exercício; quanto mais escura, "
               "mais perto do máximo. <span class='sf'>—</span> sem submissão do capítulo; "
               "<span class='er'>✘</span> a submissão não se corrigiu (vê a secção das falhas).</p>")
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


def divergencias(turma: Turma) -> list[tuple[str, str, float, float]]:
    """``(aluno, capítulo, soma dos exercícios, nota registada)`` onde as duas não batem certo
    (uma nota dada à mão no formgrader, ou resultados de uma correção anterior)."""
    por_cap: dict[str, list[Exercicio]] = {}
    for e in turma.exercicios:
        por_cap.setdefault(e.capitulo, []).append(e)
    saida = []
    for (aluno, cap), s in sorted(turma.submissoes.items()):
        if s.nota is None or cap not in por_cap:
            continue
        soma = sum(p for e in por_cap[cap] if isinstance(p := pontos(turma, aluno, e), float))
        if abs(soma - s.nota) > 1e-9:
            saida.append((aluno, cap, soma, s.nota))
    return saida


def html_divergencias(turma: Turma) -> str:
    lista = divergencias(turma)
    if not lista:
        return ""
    linhas = "".join(f"<tr><td>{_e(a)}</td><td>{_e(c)}</td><td class=n>{_num(soma)}</td>"
                     f"<td class=n>{_num(nota)}</td></tr>" for a, c, soma, nota in lista)
    return ("<p>Submissões em que a soma dos exercícios (as contas deste relatório) não dá a nota "
            "registada no <code>gradebook.db</code> (uma nota dada à mão, ou uma correção "
            "antiga):</p><table class=dados><thead><tr><th>aluno</th><th>capítulo</th><th>soma "
            "dos exercícios</th><th>nota registada</th></tr></thead><tbody>" + linhas
            + "</tbody></table>")


def html_adulteracao(turma: Turma) -> str:
    return _lista_por_submissao(turma, "adulteracao", "Nenhum caso sinalizado.")


def html_falhadas(turma: Turma) -> str:
    return _lista_por_submissao(turma, "falhou", "Todas as submissões se corrigiram até ao fim.")


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
              f"{len(turma.capitulos)} capítulos, {len(turma.submissoes)} submissões "
              f"({sum(1 for s in turma.submissoes.values() if s.falhou)} que não se corrigiram, "
              f"{sum(1 for s in turma.submissoes.values() if s.adulteracao)} com sinais de adulteração).")
    return f"""<!DOCTYPE html>
<html lang="pt-PT"><head><meta charset="utf-8"><title>Relatório da turma</title>
<style>{ESTILO}</style></head><body>
<h1>Relatório da turma</h1>
<p>{_e(resumo)}</p>
<p class=legenda>Secções: <a href="#exercicio">por exercício</a> · <a href="#aluno">por aluno</a> ·
<a href="#parados">quem ficou parado</a> · <a href="#adulteracao">possível adulteração</a> ·
<a href="#falhadas">submissões que não se corrigiram</a> · <a href="#chumbam">as verificações
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
<h2 id=falhadas>Submissões que não se corrigiram</h2>
{html_falhadas(turma)}
{html_divergencias(turma)}
<h2 id=chumbam>As verificações que mais chumbam</h2>
<p>Até {MAIS_CHUMBADAS} por exercício, com a frase do enunciado que testam e a mensagem que os
alunos viram (a dica, sem o pormenor de cada submissão).</p>
{html_falhas(stats)}
</body></html>
"""


# ---------------------------------------------------------------------------------------------
# o caderno do professor


def caderno(raiz: Path, destino: Path, fonte: Path | None = None):
    """O caderno do professor: as mesmas contas, feitas ao correr o caderno sobre os mesmos
    ficheiros (``resultados/`` e as soluções de ``raiz``, ou ``fonte``)."""
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
           "ficheiros `resultados/ALUNO/CAP.json` da última correção e as soluções; corre-o de "
           "novo (*Run All*) depois de outra correção."),
        code("from pathlib import Path\n\nfrom IPython.display import HTML, display\n\n"
             "from curso.correcao import turma as t\n\n"
             f"RAIZ = Path({caminho!r}).resolve()  # a raiz do curso, a partir deste caderno\n"
             f"TURMA = t.carregar(RAIZ, fonte={solucoes})\n"
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
        md("## Submissões que não se corrigiram"),
        code("display(HTML(t.html_falhadas(TURMA) + t.html_divergencias(TURMA)))"),
    ]
    return nb


# ---------------------------------------------------------------------------------------------
# o subcomando

DESCRICAO = """\
Corre na raiz do curso, depois de «curso corrigir». Lê resultados/ALUNO/CAP.json e as soluções e
escreve o relatório da turma em HTML (um ficheiro só, abre no browser sem servidor) e o caderno
do professor (.ipynb), que faz as mesmas contas sobre os mesmos ficheiros.
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
    turma = carregar(raiz, fonte=fonte)
    saida_html = raiz / args.html
    saida_html.parent.mkdir(parents=True, exist_ok=True)
    saida_html.write_text(relatorio_html(turma), encoding="utf-8")
    saida_nb = raiz / args.caderno
    saida_nb.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(caderno(raiz, saida_nb, fonte), saida_nb)
    falhadas = sum(1 for s in turma.submissoes.values() if s.falhou)
    print(f"Turma: {len(turma.alunos)} alunos, {len(turma.submissoes)} submissões "
          f"({falhadas} não se corrigiram).")
    print(f"Relatório: {saida_html}\nCaderno do professor: {saida_nb}")
    return 0
