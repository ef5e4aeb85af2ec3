"""As peças da correção à prova de adulteração que se testam sem kernel: os sinais que o ``ast``
encontra, a comparação estrita ``so_dados`` e as saídas que o retorno retira."""

import pytest
from nbformat.v4 import new_code_cell, new_output

from curso.correcao import adulteracao
from curso.correcao.retorno import RETIRADA, linhas_escondidas, retirar_fugas
from curso.verificacao import so_dados


@pytest.mark.parametrize("codigo, sinal", [
    ("get_ipython().ast_transformers.append(x)", "transformadores de AST"),
    ("ip.input_transformers_post.append(f)", "transformadores de entrada"),
    ("get_ipython().events.register('pre_run_cell', print)", "eventos do IPython"),
    ("import os\nprint(os.environ)", "os.environ"),
    ("import subprocess", "subprocess"),
    ("from ctypes import pythonapi", "ctypes"),
    ("import signal", "signal"),
    ("open('/etc/passwd')", "fora da pasta do caderno (/etc/passwd)"),
    ("open('../../gradebook.db')", "fora da pasta do caderno (../../gradebook.db)"),
    ("class S(str):\n    def __eq__(self, o):\n        return True", "__eq__ redefinido"),
    ("exec(codigo)", "exec"),
    ("%load_ext coisa", "get_ipython"),
    ("!cat /etc/passwd", "get_ipython"),
    ("print(In[-1])", "histórico"),
    ("import sys\nsys.modules['curso'].x = 1", "sys.modules"),
    ("f = g.__globals__", "__globals__"),
])
def test_sinais_de_adulteracao(codigo, sinal):
    achados = adulteracao.sinais(codigo)
    assert any(sinal in oque for _, oque in achados), achados


@pytest.mark.parametrize("codigo", [
    "def f(x):\n    return sorted(x, key=len)",
    "resposta_1_2 = 'b'",
    "with open('dados.json') as f:\n    dados = f.read()",
    "import json\nimport re\nfrom dataclasses import dataclass",
])
def test_codigo_normal_sem_sinais(codigo):
    assert adulteracao.sinais(codigo) == []


def test_avisos_dizem_celula_e_linha_e_saltam_as_bloqueadas():
    celulas = [
        {"cell_type": "code", "source": "x = 1\nimport ctypes\n",
         "metadata": {"nbgrader": {"grade_id": "ex1_1", "solution": True}}},
        {"cell_type": "code", "source": "import os\n",
         "metadata": {"nbgrader": {"grade_id": "ex1_1_verificacao", "locked": True}}},
        {"cell_type": "code", "source": ["y = 2\n", "import signal"], "metadata": {}},
    ]
    avisos = adulteracao.no_caderno(celulas, {"ex1_1_verificacao"})
    assert avisos == [
        "⚠ possível adulteração: import do ctypes (célula «ex1_1», linha 2)",
        "⚠ possível adulteração: import de sinais (signal) (célula «n.º 3», linha 2)",
    ]
    # uma célula do aluno que se diz «locked» nos metadados continua a ser lida
    celulas[2]["metadata"] = {"nbgrader": {"locked": True}}
    assert len(adulteracao.no_caderno(celulas, {"ex1_1_verificacao"})) == 2


class Mentirosa(str):
    def __eq__(self, outra):
        return True

    __hash__ = str.__hash__


@pytest.mark.parametrize("valor, tipos", [
    ("b", (str,)), ({"a": [1, 2.5, None, True, {"b": "c"}]}, (dict,)), ([], ()), (None, ()),
])
def test_so_dados_aceita_dados_simples(valor, tipos):
    assert so_dados(valor, *tipos) is valor


@pytest.mark.parametrize("valor, tipos, mensagem", [
    (Mentirosa("x"), (str,), "Mentirosa"),
    ("b", (int,), "do tipo int"),
    (1, (str,), "do tipo str"),
    (True, (int,), "do tipo int"),
    ({"a": [1, Mentirosa("x")]}, (dict,), "a['a'][1] é do tipo Mentirosa"),
    ({Mentirosa("k"): 1}, (dict,), "uma chave de a"),
    ((1, 2), (), "tuple"),
])
def test_so_dados_recusa_outros_tipos(valor, tipos, mensagem):
    with pytest.raises(AssertionError) as erro:
        so_dados(valor, *tipos, nome="a")
    assert mensagem in str(erro.value)
    assert str(erro.value).index("Pormenor") > 0  # a dica primeiro, depois o pormenor


def test_so_dados_recusa_listas_que_se_contem():
    ciclo = []
    ciclo.append(ciclo)
    with pytest.raises(AssertionError):
        so_dados(ciclo)


def test_retorno_retira_saidas_com_codigo_escondido():
    verificacao = new_code_cell(
        'verificar("1.2")\n### BEGIN HIDDEN TESTS\nassert resposta_1_2.strip() == "b"\n'
        "### END HIDDEN TESTS",
        metadata={"nbgrader": {"grade": True, "solution": False, "grade_id": "v"}})
    verificacao.outputs = [new_output("stream", name="stdout", text="✔ 2/2 verificações\n")]
    aluno = new_code_cell("x = 1", metadata={})
    aluno.outputs = [
        new_output("stream", name="stdout", text='verificar("1.2")\nassert resposta_1_2.strip() == "b"\n'),
        new_output("execute_result", data={"text/plain": "'ok'"}, execution_count=1),
    ]
    celulas = [aluno, verificacao]
    linhas = linhas_escondidas(celulas)
    assert linhas == {'assert resposta_1_2.strip() == "b"'}
    retirar_fugas(celulas, linhas)
    assert aluno.outputs[0]["text"] == RETIRADA
    assert aluno.outputs[1]["data"]["text/plain"] == "'ok'"
    assert verificacao.outputs[0]["text"] == "✔ 2/2 verificações\n"
