"""O relatório da turma (``curso turma``) conferido contra uma turma simulada conhecida.

Cinco alunos, capítulos 1 e 2 (1.1 vale 3, 1.2 vale 1, 1.3 vale 2; o capítulo 2 vale 13):

| aluno  | cap01                                                        | cap02                         |
|--------|--------------------------------------------------------------|-------------------------------|
| ana    | tudo certo (6)                                               | tudo certo (13)               |
| bruno  | 1.1 e 1.2 certos, 1.3 por fazer (4)                          | não se corrigiu (sem nota)    |
| carla  | 1.1 falha A («Dica A.»), 1.2 certo, 1.3 falha C («Dica C.») (1) | só 2.1 certo (1)           |
| duarte | 1.1 falha A e B, 1.2 falha nos escondidos, 1.3 certo (2); adulteração | sem submissão        |
| eva    | caderno em falta (0)                                         | sem submissão                 |

As contas esperadas estão feitas à mão, abaixo de cada asserção.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from curso.correcao import turma as t
from curso.requisitos import normalizar, requisitos_de

from . import _simulada as sim

CAPS = ["cap01", "cap02"]
ADULTERACAO = "⚠ possível adulteração: import do módulo os <img src=x onerror=alert(1)> (célula «ex1_1», linha 1)"
FALHA_BRUNO = "a correção parou (o trabalhador excedeu o tempo ou morreu): sem nota"
FALHA_EVA = "caderno em falta: cap01.ipynb; vale 0"


@pytest.fixture(scope="module")
def exs():
    return {e.ident: e for e in sim.exercicios(CAPS)}


def _a(exs, ident, n=0):
    return sim.metodos(exs[ident])[n]


@pytest.fixture(scope="module")
def raiz(tmp_path_factory, exs):
    raiz = sim.curso(tmp_path_factory.mktemp("curso"), CAPS)
    cap01 = [e for e in exs.values() if e.capitulo == "cap01"]
    cap02 = [e for e in exs.values() if e.capitulo == "cap02"]
    certo = {"escondidos": {"passou": True, "segundos": 0.1}}

    def tudo(lista):
        return {e.ident: {"verificacoes": sim.verificacoes(e), **certo} for e in lista}

    sim.escrever(raiz, "ana", "cap01", tudo(cap01), 7, 7)
    sim.escrever(raiz, "ana", "cap02", tudo(cap02), 14, 14)
    sim.escrever(raiz, "bruno", "cap01", {
        **tudo(cap01[:2]),
        "1.3": {"verificacoes": sim.verificacoes(exs["1.3"], por_fazer=True)},
        "1.4": {"verificacoes": sim.verificacoes(exs["1.4"], por_fazer=True)}}, 4, 7)
    sim.escrever(raiz, "bruno", "cap02", None, None, 14, [FALHA_BRUNO])
    sim.escrever(raiz, "carla", "cap01", {
        "1.1": {"verificacoes": sim.verificacoes(exs["1.1"], {_a(exs, "1.1"): "Dica A.\nPormenor: carla"}), **certo},
        **tudo(cap01[1:2]),
        "1.3": {"verificacoes": sim.verificacoes(exs["1.3"], {_a(exs, "1.3"): "Dica C.\nPormenor: x"}), **certo},
    }, 1, 7)
    sim.escrever(raiz, "carla", "cap02", {
        **tudo(cap02[:1]),
        **{e.ident: {"verificacoes": sim.verificacoes(e, {sim.metodos(e)[0]: "Dica X."}), **certo}
           for e in cap02[1:]}}, 1, 14)
    sim.escrever(raiz, "duarte", "cap01", {
        "1.1": {"verificacoes": sim.verificacoes(exs["1.1"], {
            _a(exs, "1.1"): "Dica A.\nPormenor: duarte", _a(exs, "1.1", 1): "Dica B."}), **certo},
        "1.2": {"verificacoes": sim.verificacoes(exs["1.2"]),
                "escondidos": {"passou": False, "erro": "AssertionError", "mensagem": "linha 3"}},
        "1.3": {"verificacoes": sim.verificacoes(exs["1.3"]), **certo},
    }, 2, 7, [ADULTERACAO, "célula «ex1_2»: NameError: x"])
    sim.escrever(raiz, "eva", "cap01", None, 0, 7, [FALHA_EVA])
    return raiz


@pytest.fixture(scope="module")
def turma(raiz):
    return t.carregar(raiz)


def test_gravados_os_problemas_a_nota_e_o_motivo(raiz):
    bruno = json.loads((raiz / "resultados" / "bruno" / "cap02.json").read_text(encoding="utf-8"))
    assert bruno["nota"] is None and bruno["maximo"] == 14
    assert bruno["falhou"] == FALHA_BRUNO and bruno["problemas"] == [FALHA_BRUNO]
    duarte = json.loads((raiz / "resultados" / "duarte" / "cap01.json").read_text(encoding="utf-8"))
    assert duarte["nota"] == 2 and duarte["maximo"] == 7 and "falhou" not in duarte
    assert duarte["adulteracao"] == [ADULTERACAO]
    assert duarte["problemas"] == ["célula «ex1_2»: NameError: x"]
    assert set(duarte["cadernos"]["cap01"]["exercicios"]) == {"1.1", "1.2", "1.3"}
    eva = json.loads((raiz / "resultados" / "eva" / "cap01.json").read_text(encoding="utf-8"))
    assert eva["nota"] == 0 and eva["falhou"] == FALHA_EVA


def test_por_exercicio(turma):
    stats = {e.ex.ident: e for e in t.estatisticas(turma)}
    # 1.1: ana e bruno passam; carla, duarte e eva (caderno em falta) têm 0; média 6/5
    e = stats["1.1"]
    assert (e.completos, e.zeros, e.erros, e.sem_submissao, e.media) == (2, 3, 0, 0, 1.2)
    # 1.2: ana, bruno e carla; duarte falha só nos escondidos
    e = stats["1.2"]
    assert (e.completos, e.corrigidos, e.media) == (3, 5, 0.6)
    # 1.3: ana e duarte; média 4/5
    assert (stats["1.3"].completos, stats["1.3"].media) == (2, 0.8)
    # 2.1: ana e carla corrigidas e certas; bruno não se corrigiu; duarte e eva sem submissão
    e = stats["2.1"]
    assert (e.completos, e.corrigidos, e.erros, e.sem_submissao, e.media) == (2, 2, 1, 2, 1.0)
    # 2.2: só ana, média 2/2
    assert (stats["2.2"].completos, stats["2.2"].corrigidos, stats["2.2"].media) == (1, 2, 1.0)
    assert t.linhas_por_exercicio([stats["1.1"], stats["2.1"]]) == [
        "1.1: 2/5 passam, média 1,2/3", "2.1: 2/2 passam, média 1/1"]


def test_as_verificacoes_que_mais_chumbam(turma, exs):
    stats = {e.ex.ident: e for e in t.estatisticas(turma)}
    a11, b11 = _a(exs, "1.1"), _a(exs, "1.1", 1)
    primeira, segunda = stats["1.1"].falhas[:2]
    # A chumbou a carla e o duarte, com a mesma dica (pormenores diferentes); B só o duarte
    assert (primeira.metodo, primeira.alunos, primeira.mensagens) == (a11, 2, [("Dica A.", 2)])
    assert (segunda.metodo, segunda.alunos, segunda.mensagens) == (b11, 1, [("Dica B.", 1)])
    frase = normalizar(next(r.frase for r in requisitos_de("1.1") if a11 in r.verificacoes))
    assert primeira.frase == frase and frase
    # 1.2: só os testes escondidos do duarte
    (escondidos,) = stats["1.2"].falhas
    assert (escondidos.nome, escondidos.alunos, escondidos.mensagens) == (
        t.ESCONDIDOS, 1, [("AssertionError linha 3", 1)])
    # 1.3: a primeira verificação chumbou o bruno (por fazer) e a carla; as outras só o bruno
    f = stats["1.3"].falhas
    assert (f[0].metodo, f[0].alunos) == (_a(exs, "1.3"), 2)
    assert sorted(f[0].mensagens) == [("Dica C.", 1), ("ainda não implementado", 1)]
    assert [x.alunos for x in f[1:]] == [1] * (len(sim.metodos(exs["1.3"])) - 1)


def test_por_aluno_e_quem_parou(turma):
    alunos = {a.aluno: a for a in t.por_aluno(turma)}
    assert {n: a.total for n, a in alunos.items()} == {
        "ana": 21, "bruno": 4, "carla": 2, "duarte": 2, "eva": 0}
    assert alunos["ana"].maximo == 21
    parados = t.parados(turma)
    assert [(a.aluno, a.ultimo, a.sem_submissao) for a in parados] == [
        ("eva", None, ["cap02"]), ("bruno", "1.2", []), ("duarte", "1.3", ["cap02"]),
        ("carla", "2.1", [])]
    assert t.pontos(turma, "bruno", sim.exercicios(["cap02"])[0]) == "erro"
    # as notas gravadas batem com a soma dos exercícios em todas as submissões simuladas
    assert t.divergencias(turma) == []


def test_ficheiros_antigos_e_ilegiveis(tmp_path, exs):
    """Um ficheiro de antes de a nota ser gravada conta pelas verificações; um ilegível é uma
    submissão que não se corrigiu (não desaparece)."""
    raiz = sim.curso(tmp_path, ["cap01"])
    pasta = raiz / "resultados"
    (pasta / "rui").mkdir(parents=True)
    (pasta / "rui" / "cap01.json").write_text(json.dumps({"cadernos": {"cap01": {"exercicios": {
        "1.2": {"verificacoes": sim.verificacoes(exs["1.2"])}}}}}), encoding="utf-8")
    (pasta / "sara").mkdir()
    (pasta / "sara" / "cap01.json").write_text("{partido", encoding="utf-8")
    turma = t.carregar(raiz)
    assert [t.pontos(turma, "rui", exs[e]) for e in ("1.1", "1.2", "1.3")] == [0.0, 1.0, 0.0]
    assert t.pontos(turma, "sara", exs["1.1"]) == "erro"
    assert turma.submissoes[("sara", "cap01")].falhou.startswith("resultados ilegíveis")


def test_nota_registada_diferente_da_soma(tmp_path, exs):
    raiz = sim.curso(tmp_path, ["cap01"])
    certos = {e: {"verificacoes": sim.verificacoes(exs[e]), "escondidos": {"passou": True}}
              for e in ("1.1", "1.2", "1.3")}
    sim.escrever(raiz, "rui", "cap01", certos, 4.5, 6)  # uma nota mexida à mão no formgrader
    turma = t.carregar(raiz)
    assert t.divergencias(turma) == [("rui", "cap01", 6.0, 4.5)]
    assert "<td class=n>6</td><td class=n>4,5</td>" in t.relatorio_html(turma)


class _Recolha(HTMLParser):
    def __init__(self):
        super().__init__()
        self.atributos = []
        self.texto = []

    def handle_starttag(self, tag, attrs):
        self.atributos += [(tag, k, v) for k, v in attrs]

    def handle_data(self, data):
        self.texto.append(data)


def _celulas_da_matriz(html: str) -> dict[str, list[str]]:
    matriz = html.split("<table class=matriz>")[1].split("</table>")[0]
    linhas = {}
    for linha in re.findall(r"<tr><th class=al>(.*?)</th>(.*?)</tr>", matriz):
        linhas[linha[0]] = re.findall(r"<td class=[a-z0-9]+>(.*?)</td>", linha[1])
    return linhas


def test_html_autonomo_e_com_os_numeros(turma):
    html = t.relatorio_html(turma)
    recolha = _Recolha()
    recolha.feed(html)
    recursos = [(tag, k, v) for tag, k, v in recolha.atributos if k in ("src", "href")]
    # as imagens vêm dentro do ficheiro; as ligações são para secções do próprio ficheiro
    assert [k for _, k, _ in recursos].count("src") == 2
    assert all(v.startswith("data:image/png;base64,") for _, k, v in recursos if k == "src")
    assert all(v.startswith("#") and f"id={v[1:]}>" in html for _, k, v in recursos if k == "href")
    assert "<script" not in html and "<link" not in html
    # o texto das submissões vem escapado
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    texto = " ".join(recolha.texto)
    for linha in t.linhas_por_exercicio(t.estatisticas(turma)):
        assert linha in texto
    assert FALHA_BRUNO in texto and FALHA_EVA in texto
    matriz = _celulas_da_matriz(html)
    assert matriz["ana"] == ["3", "1", "2", "1", "1", "2", "2", "2", "3", "2", "1", "1", "21/21"]
    assert matriz["bruno"] == ["3", "1", "0", "0", *["✘"] * 8, "4/21"]
    assert matriz["eva"] == ["0", "0", "0", "0", *["—"] * 8, "0/21"]
    assert "Dica A." in texto and "Dica B." in texto


def test_caderno_do_professor_corre_e_da_os_mesmos_numeros(raiz, turma, tmp_path):
    import nbformat
    from nbclient import NotebookClient

    destino = raiz / "relatorios" / "turma.ipynb"
    destino.parent.mkdir(exist_ok=True)
    nbformat.write(t.caderno(raiz, destino), destino)
    nb = nbformat.read(destino, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(destino.parent)}}).execute()
    saidas = [s for c in nb.cells if c.cell_type == "code" for s in c.get("outputs", [])]
    assert not [s for s in saidas if s.output_type == "error"]
    texto = "".join(s.get("text", "") for s in saidas if s.output_type == "stream")
    assert texto.strip().splitlines() == t.linhas_por_exercicio(t.estatisticas(turma))
    htmls = [s["data"]["text/html"] for s in saidas if "text/html" in s.get("data", {})]
    assert t.html_matriz(turma) in htmls and t.html_falhadas(turma) in htmls
    assert t.html_exercicios(t.estatisticas(turma)) in htmls
    imagens = [s for s in saidas if "image/png" in s.get("data", {})]
    assert len(imagens) == 2


def test_curso_turma_escreve_os_dois_ficheiros(raiz, capsys, monkeypatch):
    from curso.cli import main

    monkeypatch.chdir(raiz)
    assert main(["turma"]) == 0
    saida = capsys.readouterr().out
    assert "5 alunos, 8 submissões (2 para rever, 1 sem nota)" in saida
    assert "Capítulos: cap01, cap02 (os que têm submissões corrigidas" in saida
    html = (raiz / "relatorios" / "turma.html").read_text(encoding="utf-8")
    assert "Relatório da turma" in html and 'lang="pt-PT"' in html
    assert (raiz / "relatorios" / "turma.ipynb").is_file()


def test_sem_resultados_diz_o_que_fazer(tmp_path, capsys, monkeypatch):
    from curso.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["turma"]) == 2
    assert "curso corrigir" in capsys.readouterr().err
