"""As guardas de ``curso corrigir``: recusam começar (código 2, mensagem clara) quando a
correção daria zero a toda a gente. Cada caso numa cópia do curso só com o capítulo 1."""

import json
import sys

import pytest

from ._turma import CAPITULOS, celula, copiar_curso, corrigir, exercicios, ler, resolvido, submeter

CAP = CAPITULOS[0]


@pytest.fixture
def curso(tmp_path):
    copiar_curso(tmp_path, [CAP])
    submeter(tmp_path, "ana", CAP, resolvido(CAP))
    return tmp_path


def _recusa(r, *textos):
    assert r.returncode == 2, r.stdout + r.stderr
    assert "Não comecei a correção" in r.stderr, r.stderr
    for texto in textos:
        assert texto in r.stderr, r.stderr
    assert not (r.stdout.count("A corrigir")), r.stdout


@pytest.mark.lento
def test_sem_configuracao(curso):
    (curso / "nbgrader_config.py").unlink()
    _recusa(corrigir(curso), "Não encontrei nbgrader_config.py")


@pytest.mark.lento
def test_configuracao_com_erro(curso):
    with open(curso / "nbgrader_config.py", "a", encoding="utf-8") as f:
        f.write("\nc.CourseDirectory.source_directory = solutions_sem_aspas\n")
    _recusa(corrigir(curso), "nbgrader_config.py tem um erro", "NameError")


@pytest.mark.lento
def test_configuracao_ilegivel(curso):
    (curso / "nbgrader_config.py").write_bytes(b"\xff\xfe c = get_config()\x00\x81\n")
    _recusa(corrigir(curso), "nbgrader_config.py tem um erro")


@pytest.mark.lento
def test_configuracao_sem_as_pastas_do_curso(curso):
    texto = (curso / "nbgrader_config.py").read_text(encoding="utf-8")
    (curso / "nbgrader_config.py").write_text(
        texto.replace('source_directory = "solutions"', 'source_directory = "source"'), encoding="utf-8")
    _recusa(corrigir(curso), "source_directory = 'source'", "não existe")


@pytest.mark.lento
def test_cadernos_dos_alunos_em_falta(curso):
    (curso / "exercises" / CAP / f"{CAP}.ipynb").unlink()
    _recusa(corrigir(curso), "Faltam cadernos dos alunos", f"exercises/{CAP}/{CAP}.ipynb")


@pytest.mark.lento
def test_capitulo_desconhecido(curso):
    _recusa(corrigir(curso, "--capitulos", "cap77"), "Não conheço o capítulo 'cap77'")


@pytest.mark.lento
def test_kernel_que_nao_importa_o_curso(curso, tmp_path_factory):
    """Um kernelspec «python3» instalado que aponta para um Python onde o curso não existe."""
    jp = tmp_path_factory.mktemp("jupyter")
    pasta = jp / "kernels" / "python3"
    pasta.mkdir(parents=True)
    (pasta / "sem_curso.py").write_text(
        "import sys\nsys.modules['curso'] = None  # como um Python sem o curso instalado\n"
        "from ipykernel import kernelapp\nkernelapp.launch_new_instance()\n", encoding="utf-8")
    (pasta / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, str(pasta / "sem_curso.py"), "-f", "{connection_file}"],
        "display_name": "Python 3 (sem o curso)", "language": "python"}), encoding="utf-8")
    _recusa(corrigir(curso, env={"JUPYTER_PATH": str(jp)}),
            "não consegue importar o curso", "python3")


@pytest.mark.lento
def test_kernel_que_nao_existe(curso):
    with open(curso / "nbgrader_config.py", "a", encoding="utf-8") as f:
        f.write('\nc.ExecutePreprocessor.kernel_name = "kernel_que_nao_existe"\n')
    _recusa(corrigir(curso), "«kernel_que_nao_existe» não existe")


@pytest.mark.lento
def test_solucoes_que_nao_validam(curso):
    """Uma solução errada (o professor mudou o enunciado e esqueceu a solução)."""
    caminho = curso / "solutions" / CAP / f"{CAP}.ipynb"
    nb = ler(caminho)
    # o último exercício com uma função (o quiz 1.4 é só uma letra: não tem «return» a estragar)
    sol, ver, _ = [e for e in exercicios(CAP) if "return" in "".join(celula(nb, e[0])["source"])][-1]
    for c in nb["cells"]:
        if c["metadata"].get("nbgrader", {}).get("grade_id") == sol:
            c["source"] = "".join(c["source"]).replace("return", "return None and ", 1) + "\n"
    caminho.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    _recusa(corrigir(curso, "--timeout", "10"), "As soluções não têm nota máxima", f"{CAP}:", ver)
