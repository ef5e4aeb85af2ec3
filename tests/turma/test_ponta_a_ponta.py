"""``curso corrigir`` e depois ``curso turma``, numa turma pequena de verdade (o capítulo 1).

Três alunos: a ana entrega as soluções, o bruno o caderno em branco, a carla uma pasta sem o
caderno (não se corrige). Os ficheiros ``resultados/`` ficam com a nota, os problemas e o motivo
da falha, e o relatório conta-os.
"""

import json
import subprocess
import sys

import pytest

from correcao._turma import copiar_curso, corrigir, ler, maximo, resolvido, submeter

CAP = "cap01"


@pytest.mark.lento
@pytest.mark.timeout(900)
def test_corrigir_e_depois_o_relatorio(tmp_path):
    copiar_curso(tmp_path, [CAP])
    submeter(tmp_path, "ana", CAP, resolvido(CAP))
    submeter(tmp_path, "bruno", CAP, ler(tmp_path / "exercises" / CAP / f"{CAP}.ipynb"))
    submeter(tmp_path, "carla", CAP, None)

    r = corrigir(tmp_path, "--timeout", "15")
    assert r.returncode == 0, r.stdout + r.stderr

    def resultado(aluno):
        return json.loads((tmp_path / "resultados" / aluno / f"{CAP}.json").read_text(encoding="utf-8"))

    ana, bruno, carla = resultado("ana"), resultado("bruno"), resultado("carla")
    assert (ana["nota"], ana["maximo"]) == (maximo(CAP), maximo(CAP)) and "falhou" not in ana
    assert ana["problemas"] == [] and ana["adulteracao"] == []
    verificacoes = ana["cadernos"][CAP]["exercicios"]["1.1"]["verificacoes"]
    assert verificacoes and all(v["metodo"].startswith(("test_", "propriedade_")) and
                                v["estado"] == "passou" for v in verificacoes)
    assert bruno["nota"] == 0 and "falhou" not in bruno
    assert carla["nota"] == 0 and carla["falhou"].startswith(f"caderno em falta: {CAP}.ipynb")

    r = subprocess.run([sys.executable, "-m", "curso", "turma"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "3 alunos, 3 submissões (1 não se corrigiram)" in r.stdout
    html = (tmp_path / "relatorios" / "turma.html").read_text(encoding="utf-8")
    # 1.1: só a ana passa, dos três corrigidos (a carla tem 0)
    assert "1.1: 1/3 passam, média 1/3" in html
    assert "caderno em falta: cap01.ipynb" in html
