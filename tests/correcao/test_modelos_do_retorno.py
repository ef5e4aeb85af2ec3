"""O trabalhador compila os modelos HTML do retorno uma vez, não uma vez por caderno."""

import subprocess
import sys

CODIGO = """
import jinja2, nbformat
from nbconvert import HTMLExporter
from curso.correcao.trabalhador import compilar_modelos_uma_vez

compilar_modelos_uma_vez()
compilar_modelos_uma_vez()  # uma segunda vez não põe outra camada
compilados = []
original = jinja2.Environment.compile
def contar(self, fonte, name=None, filename=None, *a, **k):
    compilados.append(name)
    return original(self, fonte, name, filename, *a, **k)
jinja2.Environment.compile = contar
caderno = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('olá')")])
htmls = []
for _ in range(3):  # como o GenerateFeedback: um exportador novo por caderno
    html, _ = HTMLExporter().from_notebook_node(caderno)
    htmls.append(html)
por_modelo = {n: compilados.count(n) for n in set(compilados)}
assert por_modelo and set(por_modelo.values()) == {1}, por_modelo
assert htmls[0] == htmls[1] == htmls[2] and "olá" in htmls[0]
print("ok", len(por_modelo))
"""


def test_modelos_compilados_uma_vez_por_trabalhador():
    r = subprocess.run([sys.executable, "-c", CODIGO], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.startswith("ok"), r.stdout + r.stderr


# ---------------------------------------------------------------------------------------------
# os modelos do nbgrader traduzidos (src/curso/correcao/modelos_nbgrader), apontados pelo
# nbgrader_config.py do curso

INGLES = ["Student's answer", "Student's task", "Grade cell", "Test cell", "Score", "(Top)",
          "In&nbsp;[", "Out[", "Late submission", "Comments:", "Submission", "Full credit",
          "No credit", "Resolve", "extra credit", "remaining", "Prev", "Next", "Manual Grading",
          "Open live notebook", "student name"]


def _configuracao(modelo: str):
    """A configuração do ``HTMLExporter`` como a montam o ``generate_feedback`` (o modelo
    «feedback», se a configuração não disser outro) e o formgrader (o «formgrade» e os modelos
    do nbgrader, antes de ler o ``nbgrader_config.py``, que se sobrepõe)."""
    from nbgrader.converters import GenerateFeedback
    from nbgrader.server_extensions.formgrader import handlers
    from traitlets.config import Config

    from curso.correcao.ambiente import ler_configuracao
    from curso.raiz import raiz_do_curso

    do_curso = ler_configuracao(raiz_do_curso())
    if modelo == "feedback":
        return GenerateFeedback(config=do_curso).config
    cfg = Config()
    cfg.HTMLExporter.template_name = "formgrade"
    cfg.HTMLExporter.extra_template_basedirs = [handlers.template_path]
    cfg.merge(do_curso)
    return cfg


def _html(modelo: str, **recursos) -> str:
    import nbformat
    from nbconvert import HTMLExporter

    from curso.raiz import raiz_do_curso

    raiz = raiz_do_curso()
    cfg = _configuracao(modelo)
    nb = nbformat.read(raiz / "solutions" / "cap01" / "cap01.ipynb", as_version=4)
    for celula in nb.cells:
        nbg = celula.metadata.get("nbgrader", {})
        if nbg.get("grade"):
            nbg["score"] = nbg.get("points", 0) / 2
    html, _ = HTMLExporter(config=cfg).from_notebook_node(nb, resources=recursos)
    return html


def test_o_retorno_ao_aluno_vem_em_portugues():
    import re

    html = _html("feedback", nbgrader={"notebook": "cap01", "score": 2.5, "max_score": 6,
                                        "late_penalty": 0.5})
    assert '<html lang="pt-PT">' in html
    assert "cap01 (nota: 2,5 / 6)" in html
    assert re.search(r'href="#ex1_1_verificacao">Verificação do exercício 1.1</a> \(nota: 1,5 / 3\)', html)
    assert "A tua resposta" in html and "Verificação do exercício 1.2: <code>" in html
    assert "Nota: 0,5 / 1 <a href=\"#top\">(voltar ao início)</a>" in html
    assert "Penalização por entrega atrasada (−0,5)" in html
    assert [palavra for palavra in INGLES if palavra in html] == []


def test_a_correcao_manual_no_formgrader_vem_em_portugues():
    html = _html("formgrade", base_url="/base", index=0, total=3, submission_id="s1",
                 notebook_id="cap01", assignment_id="cap01", notebook_path="x", student="ana")
    assert '<html lang="pt-PT">' in html
    assert "Submissão 1 de 3" in html and "Resposta do aluno" in html
    assert "Nota máxima" in html and "Correção manual" in html and "Seguinte →" in html
    assert [palavra for palavra in INGLES if palavra in html] == []


def test_os_modelos_traduzidos_tem_os_blocos_dos_do_nbgrader():
    """Um nbgrader novo com blocos ou macros novos nos seus modelos faz isto falhar: revê as
    traduções (src/curso/correcao/modelos_nbgrader/LEIAME.md)."""
    import re
    from pathlib import Path

    import nbgrader

    import curso.correcao

    originais = Path(nbgrader.__file__).parent / "server_extensions" / "formgrader" / "templates"
    nossos = Path(curso.correcao.__file__).parent / "modelos_nbgrader"
    nomes = re.compile(r"{%-?\s*(?:block|macro)\s+(\w+)")
    pares = [(f, f) for f in ("feedback/index.html.j2", "feedback/conf.json", "formgrade/index.html.j2",
                              "formgrade/formgrade_macros.html.j2", "formgrade/conf.json")]
    pares += [(f.name, f"formgrader/{f.name}") for f in sorted((nossos / "formgrader").glob("*.tpl"))]
    assert len(pares) >= 5 + 6, pares
    for original, nosso in pares:
        texto, traduzido = (originais / original).read_text(), (nossos / nosso).read_text()
        assert set(nomes.findall(texto)) <= set(nomes.findall(traduzido)), original


def test_os_scripts_traduzidos_tem_as_funcoes_dos_do_nbgrader():
    """O mesmo para os scripts do formgrader traduzidos (modelos_nbgrader/formgrader/js): um
    nbgrader novo com funções novas faz isto falhar."""
    import re
    from pathlib import Path

    import nbgrader

    import curso.correcao

    originais = Path(nbgrader.__file__).parent / "server_extensions" / "formgrader" / "static" / "js"
    nossos = sorted((Path(curso.correcao.__file__).parent / "modelos_nbgrader" / "formgrader" / "js").glob("*.js"))
    funcoes = re.compile(r"(\w+)\s*[:=]\s*(?:function\b|\(\w*\)\s*=>|Backbone\.)")
    assert len(nossos) >= 3, nossos
    for nosso in nossos:
        original = (originais / nosso.name).read_text()
        assert set(funcoes.findall(original)) <= set(funcoes.findall(nosso.read_text())), nosso.name
