"""``curso exportar moodle|canvas`` contra os formatos publicados (fontes em docs/exportar_notas.md).

Uma turma pequena e conhecida num ``gradebook.db`` sintético (``nbgrader.api.Gradebook`` numa
pasta temporária, sem correr a correção), com as notas conferidas à mão:

| aluno  | cap01 (máx. 3,5)           | cap02 (máx. 2,5)                          | correspondência |
|--------|----------------------------|-------------------------------------------|-----------------|
| ana    | 2 + 1,5 = 3,5              | 1 + 0 + 0,5 = 1,5                         | sim             |
| bruno  | 2 + 0 − 0,5 (atraso) = 1,5 | não entregou                              | sim             |
| joao   | 0,25 + 1 = 1,25            | 1 + 0 (kernel morto em ex2) + 0,5 = 1,5   | sim (João)      |
| duarte | entregue, sem nota         | não entregou                              | sim             |
| carla  | 1 + 1 = 2                  | 1/3 + 1 + 0,5 = 1,83 (arredondado)        | **não**         |
| eva    | —                          | —                                         | sim, sem notas  |

O joao fica para rever (o kernel morreu numa célula) com a nota do gradebook.db: os pontos das
outras células. A carla, corrigida e sem correspondência, fica de fora: o comando sai com 1.
"""

import csv
import io
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from curso.cli import main
from curso.correcao import exportar
from curso.raiz import path_com_este_interpretador, raiz_do_curso

RAIZ = raiz_do_curso()
EXEMPLOS = RAIZ / "docs" / "exemplos"
CELULAS = {"cap01": [("ex1", 2.0), ("ex2", 1.5)], "cap02": [("ex1", 1.0), ("ex2", 1.0), ("ex3", 0.5)]}
NOTAS = {  # aluno -> capítulo -> pontos por célula (None: a correção não registou nota)
    "ana": {"cap01": [2, 1.5], "cap02": [1, 0, 0.5]},
    "bruno": {"cap01": [2, 0]},
    "joao": {"cap01": [0.25, 1], "cap02": [1, 0, 0.5]},
    "carla": {"cap01": [1, 1], "cap02": [1 / 3, 1, 0.5]},
}
NOMES = {"ana": ("Ana", "Silva"), "joao": ("João", "Gonçalves"), "carla": ("Carla", "Sousa")}
CORRESPONDENCIA = (
    "aluno,email,idnumber,Student,ID,SIS User ID,SIS Login ID,Section\n"
    "ana,ana.silva@escola.pt,2026001,\"Silva, Ana\",9001,A2026001,ana.silva,Turma A\n"
    "bruno,bruno@escola.pt,2026002,Bruno Costa,9002,,,Turma A\n"
    "joao,joao.goncalves@escola.pt,2026003,\"Gonçalves, João\",,A2026003,,Turma B\n"
    "duarte,duarte@escola.pt,2026004,Duarte Reis,,,duarte.reis,Turma B\n"
    "eva,eva@escola.pt,2026005,Eva Lima,9005,,,Turma B\n"
)
MOTIVO_JOAO = "célula «ex2»: o kernel morreu (os._exit); vale 0, o resto foi corrigido"
PENALIZACOES = {("bruno", "cap01"): 0.5}  # entregou tarde: o nbgrader tira 0,5


def turma_pequena(pasta: Path) -> Path:
    """A turma da tabela acima em ``pasta`` (um curso: nbgrader_config.py, gradebook.db,
    submitted/, resultados/); devolve o ficheiro de correspondência."""
    from nbgrader.api import Gradebook

    shutil.copy(RAIZ / "nbgrader_config.py", pasta / "nbgrader_config.py")
    os.environ["PATH"] = path_com_este_interpretador(os.environ.get("PATH"))  # o alembic
    with Gradebook(f"sqlite:///{pasta / 'gradebook.db'}") as gb:
        for cap, celulas in CELULAS.items():
            gb.add_assignment(cap)
            gb.add_notebook(cap, cap)
            for nome, maximo in celulas:
                gb.add_grade_cell(nome, cap, cap, max_score=maximo, cell_type="code")
        for aluno in ("ana", "bruno", "joao", "duarte", "carla"):
            primeiro, ultimo = NOMES.get(aluno, (None, None))
            gb.add_student(aluno, first_name=primeiro, last_name=ultimo)
        for aluno, caps in NOTAS.items():
            for cap, pontos in caps.items():
                gb.add_submission(cap, aluno)
                sub = gb.find_submission(cap, aluno)
                grades = {g.name: g for nb in sub.notebooks for g in nb.grades}
                for (nome, _), p in zip(CELULAS[cap], pontos):
                    grades[nome].auto_score = p
                if (aluno, cap) in PENALIZACOES:
                    sub.notebooks[0].late_submission_penalty = PENALIZACOES[aluno, cap]
                gb.db.commit()
    for aluno, caps in {**{a: list(c) for a, c in NOTAS.items()}, "duarte": ["cap01"]}.items():
        for cap in caps:
            (pasta / "submitted" / aluno / cap).mkdir(parents=True)
    resultado = pasta / "resultados" / "joao" / "cap02.json"
    resultado.parent.mkdir(parents=True)
    resultado.write_text(json.dumps({"aluno": "joao", "capitulo": "cap02", "versao": 1,
                                     "cadernos": {}, "falhou": MOTIVO_JOAO}), encoding="utf-8")
    correspondencia = pasta / "correspondencia.csv"
    correspondencia.write_text(CORRESPONDENCIA, encoding="utf-8")
    return correspondencia


@pytest.fixture(scope="module")
def _modelo(tmp_path_factory):
    """A turma pequena feita uma vez (criar o gradebook.db leva segundos); cada teste usa uma cópia."""
    from curso.correcao.configuracao import silenciar_avisos_do_nbgrader

    silenciar_avisos_do_nbgrader()
    pasta = tmp_path_factory.mktemp("turma")
    turma_pequena(pasta)
    return pasta


@pytest.fixture
def curso(_modelo, tmp_path, monkeypatch):
    pasta = tmp_path / "curso"
    shutil.copytree(_modelo, pasta)
    monkeypatch.chdir(pasta)
    return pasta, pasta / "correspondencia.csv"


def _exportar(pasta: Path, formato: str, *opcoes: str, codigo: int = 1) -> tuple[bytes, str]:
    """O CSV e o relatório; por omissão sai com 1, porque a carla (corrigida, sem
    correspondência) fica de fora."""
    saida = pasta / f"{formato}.csv"
    assert main(["exportar", formato, "--correspondencia", "correspondencia.csv",
                 "--saida", str(saida), *opcoes]) == codigo
    return saida.read_bytes(), (pasta / f"{formato}.csv.relatorio.txt").read_text(encoding="utf-8")


def _linhas(dados: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(dados.decode("utf-8"), newline="")))


def _formato_comum(dados: bytes) -> None:
    """UTF-8 sem BOM, vírgulas, CRLF (RFC 4180) e todas as linhas com as mesmas colunas."""
    assert not dados.startswith(b"\xef\xbb\xbf")
    dados.decode("utf-8")  # não lança
    assert dados.endswith(b"\r\n") and b"\n" not in dados.replace(b"\r\n", b"")
    linhas = _linhas(dados)
    assert len({len(linha) for linha in linhas}) == 1


def test_moodle_segue_a_importacao_de_notas_por_csv(curso):
    pasta, _ = curso
    dados, relatorio = _exportar(pasta, "moodle")
    _formato_comum(dados)
    # uma coluna de identificador (Email address: o cabeçalho da exportação do Moodle, que o
    # professor faz corresponder a «useremail») e uma coluna por item de nota, com pontos
    assert dados.decode("utf-8") == (
        "Email address,cap01,cap02\r\n"
        "ana.silva@escola.pt,3.5,1.5\r\n"
        "bruno@escola.pt,1.5,\r\n"
        "duarte@escola.pt,,\r\n"
        "joao.goncalves@escola.pt,1.25,1.5\r\n"
    )
    # o Moodle lê os valores com unformat_float: só dígitos e ponto decimal, ou vazio (sem nota)
    for linha in _linhas(dados)[1:]:
        assert all(re.fullmatch(r"\d+(\.\d+)?|", v) for v in linha[1:])
    assert "carla" in relatorio.split("SEM correspondência")[1].split("\n\n")[0]
    assert "eva" in relatorio.split("SEM notas")[1].split("\n\n")[0]


def test_moodle_pelo_numero(curso):
    pasta, _ = curso
    dados, _ = _exportar(pasta, "moodle", "--identificador", "idnumber", "--capitulos", "cap01")
    assert _linhas(dados) == [["ID number", "cap01"], ["2026001", "3.5"], ["2026002", "1.5"],
                              ["2026004", ""], ["2026003", "1.25"]]


def test_canvas_segue_o_csv_do_gradebook(curso):
    pasta, _ = curso
    dados, relatorio = _exportar(pasta, "canvas", "--trabalho", "cap01=101", "--trabalho", "cap02=102")
    _formato_comum(dados)
    linhas = _linhas(dados)
    cabecalho = linhas[0]
    assert cabecalho == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                         "cap01 (101)", "cap02 (102)"]
    # as regras do importador do Canvas (GradebookImporter): a 1.ª coluna contém «Student», a
    # 2.ª «ID», a 3.ª e a 4.ª são «SIS User ID» e «SIS Login ID» (5 colunas do aluno) e a última
    # delas contém «Section»; cada trabalho é «título (id)»
    assert "Student" in cabecalho[0] and "ID" in cabecalho[1] and len(cabecalho) > 3
    assert re.match(r"SIS\s+User\s+ID", cabecalho[2]) and re.match(r"SIS\s+Login\s+ID", cabecalho[3])
    assert "Section" in cabecalho[4]
    assert [re.fullmatch(r"(.*)\s\((\d+)\)", c).groups() for c in cabecalho[5:]] == [
        ("cap01", "101"), ("cap02", "102")]
    # a linha Points Possible logo a seguir ao cabeçalho, com o máximo de cada trabalho
    assert linhas[1] == ["Points Possible", "", "", "", "", "3.5", "2.5"]
    assert linhas[2:] == [
        ["Silva, Ana", "9001", "A2026001", "ana.silva", "Turma A", "3.5", "1.5"],
        ["Bruno Costa", "9002", "", "", "Turma A", "1.5", ""],
        ["Duarte Reis", "", "", "duarte.reis", "Turma B", "", ""],
        ["Gonçalves, João", "", "A2026003", "", "Turma B", "1.25", "1.5"],
    ]
    assert "carla" in relatorio and "eva" in relatorio


def test_canvas_sem_ids_dos_trabalhos_usa_o_nome(curso):
    pasta, _ = curso
    dados, _ = _exportar(pasta, "canvas")
    assert _linhas(dados)[0][5:] == ["cap01", "cap02"]


def test_a_nota_e_a_do_gradebook_a_nao_ser_que_se_peca_outra(curso):
    """Por omissão, quem teve uma célula morta vale os pontos das outras (os do gradebook.db e
    do nbgrader export); 0 ou em branco só a pedido; listado com o motivo nos três casos."""
    pasta, _ = curso
    por = {}
    for falhas in ("nota", "zero", "branco"):
        dados, rel = _exportar(pasta, "moodle", *(["--falhas", falhas] if falhas != "nota" else []))
        por[falhas] = {linha[0]: linha[1:] for linha in _linhas(dados)}
        rever = rel.split("Submissões para rever")[1].split("\n\n")[0]
        valor = {"nota": "1.5", "zero": "0", "branco": "em branco"}[falhas]
        assert f"joao · cap02: {valor} — {MOTIVO_JOAO}" in rever
        # entregue e sem nota no gradebook.db: em branco, a não ser que se peça 0
        assert (f"duarte · cap01: {'0' if falhas == 'zero' else 'em branco'} — entregue em "
                "submitted/duarte/cap01/") in rever
        assert "bruno · cap02" in rel.split("não entregues")[1]
    joao = "joao.goncalves@escola.pt"
    assert (por["nota"][joao], por["zero"][joao], por["branco"][joao]) == (
        ["1.25", "1.5"], ["1.25", "0"], ["1.25", ""])
    assert por["nota"]["duarte@escola.pt"] == por["branco"]["duarte@escola.pt"] == ["", ""]
    assert por["zero"]["duarte@escola.pt"] == ["0", ""]
    # quem não entregou fica em branco em todas
    assert {por[f]["bruno@escola.pt"][1] for f in por} == {""}


def test_a_correcao_sem_nota_no_gradebook_fica_para_rever(curso):
    from nbgrader.api import Gradebook

    pasta, _ = curso
    (pasta / "resultados" / "joao" / "cap02.json").unlink()  # só o gradebook.db sabe
    with Gradebook(f"sqlite:///{pasta / 'gradebook.db'}") as gb:
        sub = gb.find_submission("cap02", "joao")
        grades = {g.name: g for nb in sub.notebooks for g in nb.grades}
        grades["ex2"].auto_score = grades["ex3"].auto_score = None
        gb.db.commit()
    turma = exportar.ler_turma(pasta / "gradebook.db", pasta)
    assert turma.notas["joao"]["cap02"].pontos == 1  # o que ficou registado, como o nbgrader export
    assert turma.notas["joao"]["cap02"].motivo == "a correção não registou nota em ex2, ex3"


def test_por_omissao_so_os_capitulos_com_submissoes(curso):
    """O «curso corrigir» regista todos os capítulos no gradebook.db; na primeira semana só o
    cap01 tem submissões, e a exportação não ganha uma coluna vazia por cada um dos outros."""
    from nbgrader.api import Gradebook

    pasta, _ = curso
    with Gradebook(f"sqlite:///{pasta / 'gradebook.db'}") as gb:
        for cap in ("cap03", "cap04"):
            gb.add_assignment(cap)
    dados, _ = _exportar(pasta, "canvas")
    assert _linhas(dados)[0][5:] == ["cap01", "cap02"]
    dados, _ = _exportar(pasta, "moodle", "--capitulos", "cap01", "cap03")
    assert _linhas(dados)[0] == ["Email address", "cap01", "cap03"]


def test_sai_com_1_quando_um_aluno_corrigido_fica_de_fora(curso, capsys):
    pasta, correspondencia = curso
    _exportar(pasta, "moodle")
    assert "1 aluno(s) corrigido(s) ficaram fora do CSV: carla" in capsys.readouterr().err
    with correspondencia.open("a", encoding="utf-8") as f:
        f.write("carla,carla@escola.pt,2026006,,9006,,,\n")
    dados, _ = _exportar(pasta, "moodle", codigo=0)
    assert ["carla@escola.pt", "2", "1.83"] in _linhas(dados)
    assert "fora do CSV" not in capsys.readouterr().err


def test_numeros_conferidos_e_ninguem_inventado(curso):
    pasta, _ = curso
    turma = exportar.ler_turma(pasta / "gradebook.db", pasta, submetidos=pasta / "submitted")
    assert turma.maximos == {"cap01": 3.5, "cap02": 2.5}
    assert turma.notas["carla"]["cap02"].pontos == pytest.approx(1 / 3 + 1.5)
    correspondencia = exportar.ler_correspondencia(pasta / "correspondencia.csv")
    for formato in (exportar.exportar_moodle, exportar.exportar_canvas):
        exp = formato(turma, correspondencia)
        assert exp.exportados == ["ana", "bruno", "duarte", "joao"]
        assert exp.em_falta == ["carla"] and exp.a_mais == ["eva"]
        assert len(_linhas(exp.texto.encode())) == 4 + (2 if formato is exportar.exportar_canvas else 1)
    correspondencia["carla"] = {"aluno": "carla", "email": "carla@escola.pt"}
    exp = exportar.exportar_moodle(turma, correspondencia)
    assert ["carla@escola.pt", "2", "1.83"] in _linhas(exp.texto.encode())
    assert exportar.numero(1 / 3) == "0.33" and exportar.numero(10.0) == "10"


def test_sem_identificador_do_lms_fica_de_fora_e_e_dito(curso):
    pasta, _ = curso
    turma = exportar.ler_turma(pasta / "gradebook.db", pasta)
    correspondencia = exportar.ler_correspondencia(pasta / "correspondencia.csv")
    correspondencia["bruno"]["id"] = ""  # sem ID, SIS User ID nem SIS Login ID no Canvas
    exp = exportar.exportar_canvas(turma, correspondencia)
    assert exp.sem_id == ["bruno"] and "bruno" not in exp.exportados
    assert "sem identificador do Canvas" in exportar.relatorio(exp, "canvas", Path("x.csv"), "nota")


def test_exportacao_do_canvas_com_a_coluna_aluno_serve_de_correspondencia(curso):
    """A exportação do Gradebook do Canvas (com a linha Points Possible) mais uma coluna «aluno»;
    quem ficou sem aluno (não entregou nada) fica de fora e é dito."""
    pasta, correspondencia = curso
    correspondencia.write_text(
        "Student,ID,SIS User ID,SIS Login ID,Section,cap01 (101),aluno\n"
        "    Points Possible,,,,,3.5,\n"
        "\"Silva, Ana\",9001,A2026001,ana.silva,Turma A,,ana\n"
        "Rui Matos,9009,,,Turma A,,\n", encoding="utf-8")
    dados, relatorio = _exportar(pasta, "canvas", "--capitulos", "cap01")
    assert _linhas(dados)[2:] == [["Silva, Ana", "9001", "A2026001", "ana.silva", "Turma A", "3.5"]]
    assert "linha 4 (Rui Matos, 9009, Turma A)" in relatorio.split("sem «aluno»")[1]


@pytest.mark.parametrize(("conteudo", "erro"), [
    ("email\nana@escola.pt\n", "não tem a coluna «aluno»"),
    ("aluno,email\nana,a@e.pt\nana,b@e.pt\n", "aparece duas vezes"),
    ("aluno,nota\nana,3\n", "precisa de uma coluna «email», «idnumber» ou «username»"),
    ("aluno,email\nana,a@e.pt\nbruno,a@e.pt\n", "«ana» e «bruno» têm o mesmo identificador (a@e.pt)"),
])
def test_correspondencia_mal_feita_recusa_com_a_causa(curso, capsys, conteudo, erro):
    pasta, correspondencia = curso
    correspondencia.write_text(conteudo, encoding="utf-8")
    assert main(["exportar", "moodle", "--correspondencia", str(correspondencia)]) == 2
    assert erro in capsys.readouterr().err
    assert not (pasta / "notas_moodle.csv").exists()


def test_sem_gradebook_nao_o_cria(tmp_path, monkeypatch, capsys):
    shutil.copy(RAIZ / "nbgrader_config.py", tmp_path / "nbgrader_config.py")
    (tmp_path / "c.csv").write_text("aluno,email\nana,a@e.pt\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["exportar", "canvas", "--correspondencia", "c.csv"]) == 2
    assert "corre primeiro «curso corrigir»" in capsys.readouterr().err
    assert not (tmp_path / "gradebook.db").exists()


def test_exemplos_em_docs_sao_os_desta_turma(curso):
    """Os ficheiros de docs/exemplos/ são o que o comando escreve para a turma pequena."""
    pasta, _ = curso
    assert (EXEMPLOS / "correspondencia.csv").read_text(encoding="utf-8") == CORRESPONDENCIA
    moodle, _ = _exportar(pasta, "moodle")
    canvas, _ = _exportar(pasta, "canvas", "--trabalho", "cap01=101", "--trabalho", "cap02=102")
    assert (EXEMPLOS / "notas_moodle.csv").read_bytes() == moodle
    assert (EXEMPLOS / "notas_canvas.csv").read_bytes() == canvas


@pytest.mark.lento
@pytest.mark.timeout(900)
def test_ponta_a_ponta_depois_do_curso_corrigir(tmp_path, monkeypatch):
    """O único teste com a correção verdadeira: uma turma de dois alunos no capítulo 1 (as
    soluções e o caderno em branco), corrigida uma vez, e as duas exportações do gradebook.db."""
    from ._turma import copiar_curso, corrigir, ler, maximo, resolvido, submeter

    copiar_curso(tmp_path, ["cap01"])
    submeter(tmp_path, "resolveu", "cap01", resolvido("cap01"))
    submeter(tmp_path, "branco", "cap01", ler(tmp_path / "exercises" / "cap01" / "cap01.ipynb"))
    r = corrigir(tmp_path, "--timeout", "15")
    assert r.returncode == 0, r.stdout + r.stderr
    (tmp_path / "c.csv").write_text(
        "aluno,email,ID\nresolveu,r@escola.pt,1\nbranco,b@escola.pt,2\nfaltou,f@escola.pt,3\n",
        encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    total = exportar.numero(maximo("cap01"))
    assert main(["exportar", "moodle", "--correspondencia", "c.csv"]) == 0
    assert _linhas((tmp_path / "notas_moodle.csv").read_bytes()) == [
        ["Email address", "cap01"], ["b@escola.pt", "0"], ["r@escola.pt", total]]
    assert main(["exportar", "canvas", "--correspondencia", "c.csv", "--trabalho", "cap01=7"]) == 0
    linhas = _linhas((tmp_path / "notas_canvas.csv").read_bytes())
    assert linhas[:2] == [[*exportar.CANVAS_ALUNO, "cap01 (7)"], ["Points Possible", "", "", "", "", total]]
    assert [(li[1], li[5]) for li in linhas[2:]] == [("2", "0"), ("1", total)]
    relatorio = (tmp_path / "notas_canvas.csv.relatorio.txt").read_text(encoding="utf-8")
    assert "faltou" in relatorio.split("SEM notas")[1]
