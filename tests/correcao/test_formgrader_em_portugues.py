"""As páginas do formgrader em português (src/curso/correcao/modelos_nbgrader/formgrader e
curso.correcao.formgrader), sem navegador: cada página traduzida renderizada com o ambiente jinja
que o formgrader cria, e os scripts traduzidos que elas carregam."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ORIGINAIS = None  # a pasta do formgrader do nbgrader instalado (ver _formgrader)

# texto de interface do nbgrader que não pode sobrar (palavras inteiras, maiúsculas como lá estão)
INGLES = ["Manage", "Assignments", "Assignment", "Add new", "Add New", "Generate", "Preview", "Release",
          "Collect", "Students", "Student", "Submissions", "Submission", "Edit", "Editing", "Cancel", "Save",
          "Saving", "Name", "Due Date", "Due date", "Status", "Loading", "please wait", "Please wait",
          "Instructions", "click to expand", "Current configuration", "Score", "Feedback", "Overall",
          "Needs", "Tests failed", "Flagged", "Notebook ID", "Timestamp", "Autograde", "Not Authorized",
          "Sorry", "Error", "Note", "Success", "Successfully", "There was an error", "None", "Close",
          "Log Output", "Manual Grading", "Timezone", "optional", "draft", "released", "not autograded",
          "no submission", "file missing", "needs autograding", "needs manual grading", "command line"]


class _Texto(HTMLParser):
    """O que uma pessoa lê numa página: o texto fora de <script> e <style>, e os atributos
    ``title``, ``placeholder``, ``alt`` e ``aria-label``."""

    def __init__(self):
        super().__init__()
        self.partes, self._dentro = [], []

    def handle_starttag(self, tag, attrs):
        self._dentro.append(tag)
        self.partes += [v for k, v in attrs if k in ("title", "placeholder", "alt", "aria-label") and v]

    def handle_endtag(self, tag):
        while self._dentro and self._dentro.pop() != tag:
            pass

    def handle_data(self, data):
        if not set(self._dentro) & {"script", "style"}:
            self.partes.append(data)


def _legivel(html: str) -> str:
    leitor = _Texto()
    leitor.feed(html)
    return " ".join(" ".join(leitor.partes).split())


def _em_ingles(texto: str) -> list[str]:
    return [p for p in INGLES if re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", texto)]


@pytest.fixture(scope="module")
def ambiente():
    """O ambiente jinja como o cria o formgrader do nbgrader, com as páginas traduzidas à frente
    como as põe a extensão do modo do professor."""
    from jinja2 import Environment, FileSystemLoader
    from nbgrader.server_extensions.formgrader import handlers

    from curso.correcao.formgrader import por_a_frente

    ambiente = Environment(loader=FileSystemLoader([handlers.template_path]))
    por_a_frente(ambiente)
    return ambiente


BASE = {"base_url": "/base"}
GESTAO = {"url_prefix": "/base/tree", "windows": False, "course_id": "curso", "exchange": "/srv/troca",
          "exchange_missing": False, "current_config": "", "default_timezone": "+0000"}

# página → (o que o formgrader lhe passa, os textos portugueses que tem de ter)
PAGINAS = {
    "manage_assignments.tpl": (GESTAO, ["Gerir trabalhos", "Capítulos", "Instruções (carrega para abrir)",
                                        "Capítulo", "Data limite", "Estado", "Editar", "Gerar",
                                        "Pré-visualizar", "Publicar", "Recolher", "N.º de submissões",
                                        "Gerar retorno", "Enviar retorno", "A carregar…", "Novo capítulo…",
                                        "Correção manual", "Gerir alunos", "curso corrigir"]),
    "gradebook_assignments.tpl": ({}, ["Correção manual", "Capítulo", "Data limite", "Submissões", "Nota média"]),
    "gradebook_notebooks.tpl": ({"assignment_id": "cap01"}, ["Correção manual", "cap01", "Caderno",
                                                             "Média (código)", "Falta rever à mão?"]),
    "gradebook_notebook_submissions.tpl": ({"assignment_id": "cap01", "notebook_id": "cap01"}, [
        "Correção manual", "Mostrar todos os nomes", "Submissão", "Verificações falhadas?", "Marcada?"]),
    "manage_students.tpl": ({}, ["Gerir alunos", "Alunos", "Nome", "Identificador", "E-mail", "Nota total",
                                 "Editar aluno", "Novo aluno…", "Gerir trabalhos"]),
    "manage_students_assignments.tpl": ({"student_id": "carla"}, [
        "Gerir alunos", "Alunos", "carla", "Capítulo", "Nota total", "Código", "Respostas escritas",
        "Tarefas", "Falta rever à mão?"]),
    "manage_students_notebook_submissions.tpl": ({"student_id": "carla", "assignment_id": "cap01"}, [
        "Gerir alunos", "Alunos", "carla", "cap01", "Caderno", "Nota total", "Verificações falhadas?",
        "Marcada?"]),
    "manage_submissions.tpl": ({"assignment_id": "cap01", "course_dir": "/srv/curso"}, [
        "Gerir submissões", "Capítulos", "cap01", "Instruções (carrega para abrir)",
        'curso corrigir --capitulos "cap01"', "Nome do aluno", "Identificador", "Entregue em", "Estado",
        "Nota", "Corrigir", "Gerar retorno", "Enviar retorno", "A carregar…"]),
    "base_403.tpl": ({"error_code": 403}, ["Sem autorização", "Não tens autorização para abrir o formgrader."]),
    "base_500.tpl": ({"error_code": 500}, ["Erro", "O formgrader encontrou um erro.", "Gerir trabalhos"]),
    # a página de uma submissão cujo caderno corrigido falta (o nbgrader 0.9.6 dava erro 500 nela)
    "formgrade_404.tpl": ({"resources": {"base_url": "/base", "notebook_id": "cap01", "assignment_id": "cap01",
                                         "submission_id": "s1", "index": 0, "total": 3, "student": "carla",
                                         "filename": "/srv/curso/autograded/carla/cap01/cap01.ipynb"}},
                          ["Submissão 1 de 3", "Erro: falta o caderno corrigido desta submissão",
                           "/srv/curso/autograded/carla/cap01/cap01.ipynb", "Correção manual", "Seguinte",
                           "Anterior", "Submissão n.º 1"]),
}

# as variantes de manage_assignments.tpl: os avisos e a configuração em uso
AVISOS = [({"windows": True}, "publicar e recolher não funcionam aqui"),
          ({"exchange_missing": True}, "num portátil, se recebes as submissões de outra forma"),
          ({"course_id": ""}, "Falta definir o course_id"),
          ({"current_config": '{"CourseDirectory": {}}'}, "Configuração em uso (carrega para abrir)")]


@pytest.mark.parametrize("pagina", sorted(PAGINAS))
def test_as_paginas_do_formgrader_vem_em_portugues(ambiente, pagina):
    contexto, portugues = PAGINAS[pagina]
    html = ambiente.get_template(pagina).render(**BASE, **contexto)
    texto = _legivel(html)
    assert _em_ingles(texto) == [], texto
    assert [p for p in portugues if p not in texto] == [], texto
    assert '<html lang="pt-PT">' in html
    # os scripts da página são os traduzidos (servidos pela extensão em /base/curso/formgrader/js)
    # (menos o utils.js das macros do «formgrade», que também servem sem a extensão e não mostram
    # as janelas do utils.js)
    proprios = re.findall(r'<script src="/base/formgrader/static/js/(\w+)\.js"', html)
    if pagina == "formgrade_404.tpl":
        proprios.remove("utils")
    assert [s for s in proprios if (_traduzidos() / f"{s}.js").exists()] == [], html


@pytest.mark.parametrize("mudanca, aviso", AVISOS)
def test_os_avisos_de_gerir_trabalhos_vem_em_portugues(ambiente, mudanca, aviso):
    html = ambiente.get_template("manage_assignments.tpl").render(**BASE, **{**GESTAO, **mudanca})
    texto = _legivel(html)
    assert aviso in texto and _em_ingles(texto) == [], texto


# ---------------------------------------------------------------------------------------------
# os scripts traduzidos

LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'')
TEXTO = re.compile(r'\.text\(\s*"([^"]*)"\s*\)')  # .text("rascunho"): o rótulo que se lê
# o que não se traduz: valores de pesquisa das tabelas (data-search), que ninguém lê
# e o que se escreve igual nas duas línguas
TECNICAS = {"needs manual grade", "tests failed", "flagged", "OK"}


def _formgrader() -> Path:
    from nbgrader.server_extensions.formgrader import handlers

    return Path(handlers.root_path)


def _traduzidos() -> Path:
    import curso.correcao.formgrader

    return curso.correcao.formgrader.PASTA / "js"


def _literais(js: str) -> set[str]:
    return {a or b for a, b in LITERAL.findall(js)}


def _texto_de_interface(js: str) -> set[str]:
    """As cadeias de um script que se leem no ecrã: as que têm uma palavra com maiúscula
    (títulos, botões, mensagens), as que se põem num ``.text(…)`` e os acrescentos entre
    parênteses (« (no submission)»)."""
    literais = _literais(js)
    return ({s for s in literais if re.search(r"(?<![\w.-])[A-Z][a-z]+(?![\w-])", s) and "<" not in s}
            | set(TEXTO.findall(js)) | {s for s in literais if s.startswith(" (")})


def _scripts():
    return sorted(p.name for p in _traduzidos().glob("*.js"))


def test_ha_scripts_traduzidos():
    assert {"utils.js", "manage_assignments.js", "manage_students.js", "manage_submissions.js"} <= set(_scripts())


@pytest.mark.parametrize("nome", _scripts())
def test_os_scripts_traduzidos_nao_tem_texto_em_ingles(nome):
    original = (_formgrader() / "static" / "js" / nome).read_text()
    traduzido = (_traduzidos() / nome).read_text()
    ingles = _texto_de_interface(original) - TECNICAS
    # a cópia é precisa: o original tem texto de interface ou mostra notas («2.5 / 6»)
    assert ingles or '" / "' in original, nome
    # as notas com vírgula decimal, como na correção de uma submissão
    assert not re.search(r'\.text\(\w+ \+ " / "', traduzido), nome
    assert sorted(ingles & _texto_de_interface(traduzido)) == [], nome
    assert _em_ingles(" ".join(_texto_de_interface(traduzido) - TECNICAS)) == [], nome


def test_os_scripts_tem_as_mensagens_em_portugues():
    js = (_traduzidos() / "manage_assignments.js").read_text()
    for frase in ["Guardar", "Cancelar", "A guardar…", "Aguarda…", "Novo capítulo", "Sem data", "rascunho",
                  "publicado", "Não foi possível publicar «", "» está publicado.",
                  "O nome do capítulo não pode ter o carácter «+»."]:
        assert f'"{frase}' in js or f'{frase}"' in js, frase
    for nome, frases in {"manage_students.js": ["Identificador do aluno", "Nome próprio (opcional)", "Apelido (opcional)",
                                                "Novo aluno"],
                         "manage_students_assignments.js": [" (sem submissão)", " (por corrigir)"],
                         "manage_students_notebook_submissions.js": [" (falta o ficheiro)"],
                         "gradebook_assignments.js": ["Sem data"],
                         "manage_submissions.js": ["por corrigir", "falta rever à mão", "corrigida", "Feito",
                                                   "Erro", "Aguarda…"]}.items():
        js = (_traduzidos() / nome).read_text()
        assert [f for f in frases if f'"{f}"' not in js] == [], nome
    utils = (_traduzidos() / "utils.js").read_text()
    assert '"Registo"' in utils and '"Fechar"' in utils and '"(sem nome)"' in utils
