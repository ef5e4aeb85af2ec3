"""``curso.metadados``: os metadados que o kernel escreve e o gancho que grava a versão do Python
que o ficheiro já tinha."""

import json

import nbformat

from curso.metadados import esperados, manter_versao_gravada


class _Gestor:
    def __init__(self, raiz):
        self.root_dir = str(raiz)


def _gravar(pasta, versao="3.11.7"):
    (pasta / "sub").mkdir(exist_ok=True)
    nb = nbformat.v4.new_notebook(metadata=esperados(versao))
    nbformat.write(nb, pasta / "sub" / "c.ipynb")
    return nb


def _modelo(metadados) -> dict:
    return {"type": "notebook", "content": {"cells": [], "metadata": metadados, "nbformat": 4,
                                            "nbformat_minor": 5}}


def test_esperados_tem_o_language_info_do_kernel():
    from ipykernel.ipkernel import IPythonKernel

    m = esperados("3.99.1")
    assert m["language_info"] == {**IPythonKernel.language_info, "version": "3.99.1"}
    assert m["kernelspec"]["name"] == "python3"
    assert esperados()["language_info"]["version"] == IPythonKernel.language_info["version"]


def test_so_a_versao_diferente_grava_a_do_ficheiro(tmp_path):
    _gravar(tmp_path, "3.11.7")
    modelo = _modelo(esperados("3.13.1"))
    manter_versao_gravada(model=modelo, path="/sub/c.ipynb", contents_manager=_Gestor(tmp_path))
    assert modelo["content"]["metadata"]["language_info"]["version"] == "3.11.7"


def test_outra_diferenca_grava_o_que_o_jupyterlab_mandou(tmp_path):
    _gravar(tmp_path, "3.11.7")
    outro = esperados("3.13.1")
    outro["language_info"]["name"] = "R"  # outro kernel: não é a versão do Python
    modelo = _modelo(outro)
    manter_versao_gravada(model=modelo, path="sub/c.ipynb", contents_manager=_Gestor(tmp_path))
    assert modelo["content"]["metadata"]["language_info"]["version"] == "3.13.1"


def test_caderno_novo_ou_ficheiro_que_nao_e_caderno_nao_muda(tmp_path):
    modelo = _modelo(esperados("3.13.1"))
    antes = json.dumps(modelo, sort_keys=True)
    manter_versao_gravada(model=modelo, path="novo.ipynb", contents_manager=_Gestor(tmp_path))
    (tmp_path / "texto.ipynb").write_text("isto não é json")
    manter_versao_gravada(model=modelo, path="texto.ipynb", contents_manager=_Gestor(tmp_path))
    ficheiro = {"type": "file", "content": "x = 1\n"}
    manter_versao_gravada(model=ficheiro, path="a.py", contents_manager=_Gestor(tmp_path))
    assert json.dumps(modelo, sort_keys=True) == antes and ficheiro == {"type": "file", "content": "x = 1\n"}
