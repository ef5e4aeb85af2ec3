"""``curso exportar moodle|canvas``: as notas do ``gradebook.db`` num CSV que o LMS da escola importa.

As notas vêm do ``gradebook.db`` do curso (nbgrader); um ficheiro de correspondência diz, para
cada aluno do nbgrader, o seu identificador no LMS. Nada é inventado nem apagado:

- um aluno com notas mas sem correspondência fica **fora** do CSV e é listado («em falta»);
- um aluno da correspondência sem nenhuma nota fica **fora** do CSV e é listado («a mais»);
- um capítulo que o aluno não entregou fica em branco (sem nota), e é listado;
- a nota é sempre a do ``gradebook.db`` (a coluna ``score`` do ``nbgrader export``): uma
  submissão em que uma célula morreu ou esgotou o tempo vale os pontos das outras e é listada
  para revisão, com o motivo; só com ``--falhas zero`` ou ``--falhas branco``, pedidos pelo
  professor, fica com 0 ou em branco;
- uma submissão entregue que não chegou ao ``gradebook.db`` fica em branco e é listada.

Por omissão, os capítulos são os que a turma fez (os que têm alguma submissão corrigida): na
primeira semana, só o ``cap01``, e não uma coluna vazia por cada capítulo que o ``curso
corrigir`` registou.

Os formatos (fontes em ``docs/exportar_notas.md``):

- **Moodle** (importação de notas por CSV): uma coluna de identificador (e-mail, número de
  identificação ou nome de utilizador, que o professor faz corresponder no passo «Identificar
  utilizador por») e uma coluna por capítulo, com os pontos.
- **Canvas** (importação no *Gradebook*): as colunas ``Student``, ``ID``, ``SIS User ID``,
  ``SIS Login ID``, ``Section``, uma coluna por trabalho (``cap01 (123)``, com o id do trabalho
  no Canvas quando dado em ``--trabalho``) e, logo a seguir ao cabeçalho, a linha
  ``Points Possible`` com o máximo de cada trabalho.

Os dois em UTF-8 (sem BOM), separados por vírgulas, linhas terminadas em CRLF (RFC 4180) e
números com ponto decimal (``7.5``), que os dois LMS leem seja qual for a língua da escola.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from curso.correcao import notas
from curso.correcao import resultados as _resultados
from curso.correcao.relatorio import limpar_texto

FORMATOS = ("moodle", "canvas")
FALHAS = ("nota", "zero", "branco")

# colunas do ficheiro de correspondência (o nome, sem maiúsculas nem espaços à volta) -> chave
COLUNAS = {
    "aluno": "aluno",
    "email": "email", "e-mail": "email", "email address": "email",
    "idnumber": "idnumber", "id number": "idnumber", "numero": "idnumber", "número": "idnumber",
    "username": "username", "utilizador": "username",
    "student": "student", "nome": "student",
    "id": "id", "canvas id": "id",
    "sis user id": "sis_user_id",
    "sis login id": "sis_login_id",
    "section": "section", "secao": "section", "secção": "section", "seccao": "section",
}
# identificador do Moodle -> cabeçalho da coluna (o mesmo da exportação de notas do Moodle)
MOODLE_CABECALHO = {"email": "Email address", "idnumber": "ID number", "username": "Username"}
CANVAS_ALUNO = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
CANVAS_IDS = ("id", "sis_user_id", "sis_login_id")
PONTOS_POSSIVEIS = "Points Possible"

DESCRICAO = """\
Corre na raiz do curso, depois do «curso corrigir». Lê as notas do gradebook.db e escreve um CSV
para importar no Moodle (importação de notas por CSV) ou no Canvas (Gradebook → Import).

O ficheiro de correspondência é um CSV (UTF-8, vírgulas) com um cabeçalho e uma linha por aluno:
a coluna «aluno» (o nome do aluno no nbgrader, o de submitted/ALUNO/) e o identificador no LMS:
  Moodle: «email», «idnumber» (número) ou «username» (escolhe com --identificador);
  Canvas: «ID», «SIS User ID» e/ou «SIS Login ID» (pelo menos um), e, se quiseres,
          «Student» (nome) e «Section» — as colunas da exportação do Gradebook do Canvas.

A nota é a do gradebook.db (a coluna «score» do nbgrader export). Uma submissão em que uma
célula morreu ou esgotou o tempo vale os pontos das outras e é listada para revisão, com o
motivo. Por omissão, só os capítulos com submissões corrigidas.

Alunos com notas sem correspondência, ou na correspondência sem notas, ficam fora do CSV e são
listados; quando um aluno corrigido fica de fora, o comando sai com 1. Ver docs/exportar_notas.md.
"""


class ErroDeExportacao(Exception):
    """A exportação não pode ser feita: a mensagem diz porquê e o que fazer."""


@dataclass
class Nota:
    """A nota de um aluno num capítulo, tal como ficou no ``gradebook.db``."""

    pontos: float | None  # None: entregue, mas sem nota no gradebook.db
    motivo: str | None = None  # para rever: porquê (uma célula morreu, esgotou o tempo…)


@dataclass
class Turma:
    """As notas lidas do ``gradebook.db`` (e de ``resultados/`` e ``submitted/``)."""

    capitulos: list[str]
    maximos: dict[str, float]
    notas: dict[str, dict[str, Nota]]  # aluno -> capítulo -> nota (só o que foi entregue)
    nomes: dict[str, str] = field(default_factory=dict)  # aluno -> «Apelido, Nome» do nbgrader


@dataclass
class Exportacao:
    """O CSV e o que o professor tem de saber sobre ele."""

    texto: str
    exportados: list[str]
    em_falta: list[str]  # com notas, sem correspondência: fora do CSV
    a_mais: list[str]  # na correspondência, sem notas: fora do CSV
    sem_entrega: list[tuple[str, str]]  # (aluno, capítulo): em branco
    falhas: list[tuple[str, str, str, str]]  # para rever: (aluno, capítulo, motivo, o que ficou no CSV)
    sem_id: list[str] = field(default_factory=list)  # na correspondência sem identificador
    sem_aluno: list[str] = field(default_factory=list)  # linhas da correspondência sem aluno


# ---------------------------------------------------------------- leitura

class Correspondencia(dict):
    """aluno -> {chave: valor} (chaves de ``COLUNAS``), e as linhas sem aluno que ficaram de fora."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sem_aluno: list[str] = []  # «linha N (o que lá está)», para o relatório


def ler_correspondencia(caminho: Path) -> Correspondencia:
    """A correspondência de ``caminho``; erro claro para um ficheiro mal feito.

    Uma linha sem aluno fica de fora e é dita no relatório (por exemplo, um aluno do LMS que não
    entregou nada, numa exportação do Canvas a que se acrescentou a coluna «aluno»); a linha
    ``Points Possible`` de uma exportação do Canvas é ignorada."""
    try:
        texto = Path(caminho).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ErroDeExportacao(f"Não encontrei o ficheiro de correspondência {caminho}.") from None
    except UnicodeDecodeError:
        raise ErroDeExportacao(
            f"{caminho} não está em UTF-8: guarda-o como «CSV UTF-8» e tenta de novo.") from None
    linhas = list(csv.reader(io.StringIO(texto)))
    if not linhas:
        raise ErroDeExportacao(f"{caminho} está vazio: esperava um cabeçalho com a coluna «aluno».")
    chaves = [COLUNAS.get(c.strip().lower()) for c in linhas[0]]
    if "aluno" not in chaves:
        raise ErroDeExportacao(
            f"{caminho} não tem a coluna «aluno» no cabeçalho (tem: {', '.join(linhas[0])}).")
    correspondencia = Correspondencia()
    for numero, linha in enumerate(linhas[1:], start=2):
        if not any(v.strip() for v in linha) or PONTOS_POSSIVEIS in (linha[0] if linha else ""):
            continue
        dados = {k: v.strip() for k, v in zip(chaves, linha) if k is not None}
        aluno = dados.get("aluno", "")
        if not aluno:
            resto = ", ".join(v.strip() for v in linha if v.strip())
            correspondencia.sem_aluno.append(f"linha {numero} ({limpar_texto(resto, 80)})")
            continue
        if aluno in correspondencia:
            raise ErroDeExportacao(f"{caminho}, linha {numero}: o aluno «{aluno}» aparece duas vezes.")
        correspondencia[aluno] = dados
    return correspondencia


def _motivo_em_resultados(raiz: Path, aluno: str, capitulo: str) -> str | None:
    """O motivo (``"falhou"``) que o ``curso corrigir`` gravou em ``resultados/ALUNO/CAP.json``."""
    caminho = raiz / _resultados.PASTA / aluno / f"{capitulo}.json"
    try:
        dados = json.loads(caminho.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    motivo = dados.get("falhou") if isinstance(dados, dict) else None
    return limpar_texto(motivo, 300) if motivo else None


def ler_turma(db: Path, raiz: Path, capitulos: list[str] | None = None,
              submetidos: Path | None = None) -> Turma:
    """As notas de ``db`` (sem o criar nem mudar), dos ``capitulos`` pedidos ou, por omissão, dos
    que têm submissões corrigidas. A nota é a do ``gradebook.db``; uma submissão fica para rever
    quando ``resultados/ALUNO/CAP.json`` diz ``"falhou"`` ou alguma célula ficou sem nota; uma
    que está em ``submitted/ALUNO/CAP`` mas não no ``gradebook.db`` fica sem nota."""
    try:
        livro = notas.ler(db, capitulos)
    except notas.SemGradebook as erro:
        raise ErroDeExportacao(str(erro)) from None
    caps = list(capitulos or [c for c in notas.capitulos_corrigidos(livro, raiz / _resultados.PASTA)
                              if c in livro.maximos])
    if not caps:
        raise ErroDeExportacao(
            f"{Path(db).name} não tem nenhuma submissão corrigida: corre primeiro «curso corrigir».")
    por_aluno: dict[str, dict[str, Nota]] = {}
    for (aluno, cap), sub in sorted(livro.submissoes.items()):
        if cap not in caps:
            continue
        motivo = _motivo_em_resultados(raiz, aluno, cap)
        if motivo is None and sub.sem_nota:
            motivo = ("a correção não registou nota em " + ", ".join(sub.sem_nota[:5])
                      + (" …" if len(sub.sem_nota) > 5 else ""))
        por_aluno.setdefault(aluno, {})[cap] = Nota(sub.nota, motivo)
    if submetidos is not None and submetidos.is_dir():
        for pasta in sorted(submetidos.iterdir()):
            if pasta.name.startswith("."):  # como o «curso corrigir»: não é um aluno
                continue
            for cap in caps:
                if (pasta / cap).is_dir() and cap not in por_aluno.get(pasta.name, {}):
                    motivo = (_motivo_em_resultados(raiz, pasta.name, cap)
                              or f"entregue em {submetidos.name}/{pasta.name}/{cap}/ mas sem nota "
                                 "no gradebook.db (a correção falhou ou ainda não correu)")
                    por_aluno.setdefault(pasta.name, {})[cap] = Nota(None, motivo)
    return Turma(caps, {c: livro.maximos[c] for c in caps}, por_aluno, livro.nomes)


# ---------------------------------------------------------------- escrita

def numero(x: float) -> str:
    """Pontos com ponto decimal e no máximo duas casas: ``7.5``, ``10``, ``0.33``."""
    texto = f"{round(x, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if texto in ("-0", "") else texto


def _csv(linhas: list[list[str]]) -> str:
    saida = io.StringIO()
    escritor = csv.writer(saida, lineterminator="\r\n")
    escritor.writerows(linhas)
    return saida.getvalue()


def _valor(nota: Nota, falhas: str) -> str:
    """O que vai para o CSV: a nota do gradebook.db, a não ser que o professor tenha pedido 0 ou
    em branco para as submissões a rever (``--falhas``)."""
    if falhas == "zero":
        return "0"
    if falhas == "branco" or nota.pontos is None:
        return ""
    return numero(nota.pontos)


def _celulas(turma: Turma, aluno: str, falhas: str, exp: Exportacao) -> list[str]:
    celulas = []
    for cap in turma.capitulos:
        nota = turma.notas.get(aluno, {}).get(cap)
        if nota is None:
            exp.sem_entrega.append((aluno, cap))
            celulas.append("")
        elif nota.motivo is not None or nota.pontos is None:
            valor = _valor(nota, falhas)
            exp.falhas.append((aluno, cap, nota.motivo or "sem nota", valor or "em branco"))
            celulas.append(valor)
        else:
            celulas.append(numero(nota.pontos))
    return celulas


def _repetidos(correspondencia: dict[str, dict[str, str]], chaves) -> None:
    """Recusa dois alunos com o mesmo identificador: o LMS daria as notas de um ao outro."""
    for chave in chaves:
        vistos: dict[str, str] = {}
        for aluno, dados in sorted(correspondencia.items()):
            valor = dados.get(chave, "")
            if valor and valor in vistos:
                raise ErroDeExportacao(
                    f"Na correspondência, «{vistos[valor]}» e «{aluno}» têm o mesmo identificador "
                    f"({valor}): o LMS poria as notas dos dois no mesmo aluno. Corrige o ficheiro.")
            vistos[valor] = aluno


def _separar(turma: Turma, correspondencia: dict[str, dict[str, str]], tem_id) -> Exportacao:
    com_notas = set(turma.notas)
    exp = Exportacao("", [], sorted(com_notas - set(correspondencia)),
                     sorted(set(correspondencia) - com_notas), [], [],
                     sem_aluno=list(getattr(correspondencia, "sem_aluno", [])))
    for aluno in sorted(com_notas & set(correspondencia)):
        if tem_id(correspondencia[aluno]):
            exp.exportados.append(aluno)
        else:
            exp.sem_id.append(aluno)
    return exp


def identificador_moodle(correspondencia: dict[str, dict[str, str]], pedido: str | None) -> str:
    """O identificador do Moodle a usar: o pedido, senão o primeiro (email, idnumber, username)
    que a correspondência tem."""
    colunas = {k for dados in correspondencia.values() for k in dados}
    if pedido:
        if pedido not in colunas:
            raise ErroDeExportacao(f"A correspondência não tem a coluna «{pedido}» (--identificador).")
        return pedido
    for chave in MOODLE_CABECALHO:
        if chave in colunas:
            return chave
    raise ErroDeExportacao(
        "Para o Moodle, a correspondência precisa de uma coluna «email», «idnumber» ou «username».")


def exportar_moodle(turma: Turma, correspondencia: dict[str, dict[str, str]], falhas: str = "nota",
                    identificador: str | None = None) -> Exportacao:
    chave = identificador_moodle(correspondencia, identificador)
    _repetidos(correspondencia, [chave])
    exp = _separar(turma, correspondencia, lambda dados: bool(dados.get(chave)))
    linhas = [[MOODLE_CABECALHO[chave], *turma.capitulos]]
    for aluno in exp.exportados:
        linhas.append([correspondencia[aluno][chave], *_celulas(turma, aluno, falhas, exp)])
    exp.texto = _csv(linhas)
    return exp


def trabalhos_canvas(pedidos: list[str] | None, capitulos: list[str]) -> dict[str, str]:
    """``["cap01=123", …]`` -> ``{"cap01": "123"}`` (o id do trabalho no Canvas)."""
    ids: dict[str, str] = {}
    for pedido in pedidos or []:
        cap, igual, ident = pedido.partition("=")
        cap, ident = cap.strip(), ident.strip()
        if not igual or not ident.isdigit():
            raise ErroDeExportacao(f"--trabalho {pedido!r}: escreve CAPITULO=ID, por exemplo cap01=123.")
        if cap not in capitulos:
            raise ErroDeExportacao(f"--trabalho {pedido!r}: {cap} não está entre {', '.join(capitulos)}.")
        ids[cap] = ident
    return ids


def exportar_canvas(turma: Turma, correspondencia: dict[str, dict[str, str]], falhas: str = "nota",
                    trabalhos: dict[str, str] | None = None) -> Exportacao:
    trabalhos = trabalhos or {}
    _repetidos(correspondencia, CANVAS_IDS)
    exp = _separar(turma, correspondencia, lambda dados: any(dados.get(k) for k in CANVAS_IDS))
    colunas = [f"{cap} ({trabalhos[cap]})" if cap in trabalhos else cap for cap in turma.capitulos]
    linhas = [[*CANVAS_ALUNO, *colunas],
              [PONTOS_POSSIVEIS, "", "", "", "", *(numero(turma.maximos[c]) for c in turma.capitulos)]]
    for aluno in exp.exportados:
        dados = correspondencia[aluno]
        nome = dados.get("student") or turma.nomes.get(aluno) or aluno
        linhas.append([nome, dados.get("id", ""), dados.get("sis_user_id", ""),
                       dados.get("sis_login_id", ""), dados.get("section", ""),
                       *_celulas(turma, aluno, falhas, exp)])
    exp.texto = _csv(linhas)
    return exp


def relatorio(exp: Exportacao, formato: str, destino: Path, falhas: str) -> str:
    """O que o professor lê depois da exportação (e fica em ``DESTINO.relatorio.txt``)."""
    nome = limpar_texto
    linhas = [f"Exportação para o {formato.capitalize()}: {destino} — {len(exp.exportados)} aluno(s)."]
    if exp.em_falta:
        linhas += ["", f"Alunos com notas SEM correspondência (fora do CSV; acrescenta-os ao ficheiro "
                       f"de correspondência): {len(exp.em_falta)}",
                   *(f"  {nome(a, 80)}" for a in exp.em_falta)]
    if exp.sem_id:
        linhas += ["", f"Alunos na correspondência sem identificador do {formato.capitalize()} "
                       f"(fora do CSV): {len(exp.sem_id)}",
                   *(f"  {nome(a, 80)}" for a in exp.sem_id)]
    if exp.a_mais:
        linhas += ["", f"Alunos na correspondência SEM notas no gradebook.db (fora do CSV): "
                       f"{len(exp.a_mais)}", *(f"  {nome(a, 80)}" for a in exp.a_mais)]
    if exp.sem_aluno:
        linhas += ["", f"Linhas da correspondência sem «aluno» (fora do CSV): {len(exp.sem_aluno)}",
                   *(f"  {li}" for li in exp.sem_aluno)]
    if exp.falhas:
        como = {"nota": "a nota do gradebook.db, com os pontos das células que se corrigiram",
                "zero": "0, pedido com --falhas zero",
                "branco": "em branco, pedido com --falhas branco"}[falhas]
        linhas += ["", f"Submissões para rever ({como}): {len(exp.falhas)}",
                   *(f"  {nome(a, 80)} · {c}: {valor} — {nome(m)}" for a, c, m, valor in exp.falhas)]
    if exp.sem_entrega:
        linhas += ["", f"Capítulos não entregues (em branco): {len(exp.sem_entrega)}",
                   *(f"  {nome(a, 80)} · {c}" for a, c in exp.sem_entrega)]
    if len(linhas) == 1:
        linhas.append("Todos os alunos têm correspondência e todas as submissões têm nota.")
    return "\n".join(linhas) + "\n"


# ---------------------------------------------------------------- linha de comandos

def registar(sub, ajuda: str) -> None:
    p = sub.add_parser("exportar", help=ajuda, description=DESCRICAO,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p._positionals.title = "argumentos posicionais"
    p._optionals.title = "opções"
    p.add_argument("formato", choices=FORMATOS, help="moodle ou canvas")
    p.add_argument("--correspondencia", required=True, metavar="FICHEIRO.csv",
                   help="CSV com a coluna «aluno» e o identificador de cada aluno no LMS")
    p.add_argument("--saida", metavar="F",
                   help="onde escrever o CSV (por omissão notas_moodle.csv ou notas_canvas.csv)")
    p.add_argument("--falhas", choices=FALHAS, default="nota",
                   help="submissões para rever (uma célula morreu ou esgotou o tempo): a nota do "
                        "gradebook.db (por omissão), 0 ou em branco; listadas com o motivo")
    p.add_argument("--identificador", choices=tuple(MOODLE_CABECALHO), metavar="COLUNA",
                   help="Moodle: a coluna da correspondência que identifica o aluno (email, "
                        "idnumber ou username); por omissão a primeira que existir, por esta ordem")
    p.add_argument("--trabalho", action="append", metavar="CAP=ID",
                   help="Canvas: o id do trabalho de um capítulo (cap01=123, repete para cada um); "
                        "sem ele, o Canvas procura o trabalho pelo nome ou cria-o")
    p.add_argument("--capitulos", nargs="+", metavar="CAP",
                   help="só estes capítulos; por omissão, os que têm submissões corrigidas")
    p.set_defaults(func=executar)


def executar(args) -> int:
    raiz = Path.cwd().resolve()
    destino = Path(args.saida or f"notas_{args.formato}.csv")
    try:
        if args.identificador and args.formato != "moodle":
            raise ErroDeExportacao("--identificador é só para o Moodle.")
        if args.trabalho and args.formato != "canvas":
            raise ErroDeExportacao("--trabalho é só para o Canvas.")
        correspondencia = ler_correspondencia(Path(args.correspondencia))
        try:
            db, submetidos = notas.caminhos(raiz)
        except notas.SemGradebook as erro:
            raise ErroDeExportacao(str(erro)) from None
        turma = ler_turma(db, raiz, args.capitulos, submetidos)
        if args.formato == "moodle":
            exp = exportar_moodle(turma, correspondencia, args.falhas, args.identificador)
        else:
            exp = exportar_canvas(turma, correspondencia, args.falhas,
                                  trabalhos_canvas(args.trabalho, turma.capitulos))
    except ErroDeExportacao as erro:
        print(f"✘ Não exportei. {erro}", file=sys.stderr)
        return 2
    destino.write_text(exp.texto, encoding="utf-8", newline="")
    texto = relatorio(exp, args.formato, destino, args.falhas)
    Path(f"{destino}.relatorio.txt").write_text(texto, encoding="utf-8")
    print(texto, end="")
    print(f"(este relatório também ficou em {destino}.relatorio.txt)")
    de_fora = exp.em_falta + exp.sem_id
    if de_fora:
        print(f"✘ {len(de_fora)} aluno(s) corrigido(s) ficaram fora do CSV: "
              + ", ".join(limpar_texto(a, 80) for a in de_fora)
              + ". Acrescenta-os ao ficheiro de correspondência e exporta de novo.", file=sys.stderr)
        return 1
    return 0
