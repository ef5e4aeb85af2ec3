"""Os metadados do topo de cada caderno são os que o kernel e o JupyterLab lá escreveriam: abrir
um caderno não o deixa com alterações por gravar (ver ``src/curso/metadados.py``; o teste no
browser é ``tests/navegador/test_abrir_nao_muda.py``)."""

import json

import pytest

from curso.metadados import esperados

from ._cadernos import RAIZ, todos_os_cadernos

CORRIGIR = "corre «.venv/bin/python ferramentas/metadados_dos_cadernos.py» e faz commit"


def _metadados(caminho) -> dict:
    return json.loads(caminho.read_text(encoding="utf-8"))["metadata"]


@pytest.mark.parametrize("caminho", todos_os_cadernos(), ids=lambda p: str(p.relative_to(RAIZ)))
def test_metadados_sao_os_que_o_kernel_escreveria(caminho):
    metadados = _metadados(caminho)
    versao = metadados.get("language_info", {}).get("version")
    assert isinstance(versao, str), f"{caminho.name}: language_info sem a versão do Python; {CORRIGIR}"
    assert metadados == esperados(versao), (
        f"{caminho.name}: os metadados do topo não são os que o kernel e o JupyterLab escrevem ao "
        f"abrir o caderno (o autosave reescrevê-lo-ia); {CORRIGIR}.\n"
        f"gravados: {metadados}\nesperados: {esperados(versao)}")


def test_a_mesma_versao_do_python_em_todos_os_cadernos():
    versoes = {str(c.relative_to(RAIZ)): _metadados(c).get("language_info", {}).get("version")
               for c in todos_os_cadernos()}
    assert len(set(versoes.values())) == 1, f"versões diferentes: {versoes}; {CORRIGIR}"
