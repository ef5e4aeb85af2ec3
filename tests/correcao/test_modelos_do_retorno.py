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
