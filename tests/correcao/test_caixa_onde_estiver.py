"""A caixa de areia onde quer que o curso esteja clonado (issue 27): um clone em ``/home/aluno``
(a casa do kernel na caixa) não fica tapado pelo tmpfs da casa, e o kernel só escreve nos tmpfs
com tamanho — nem na raiz da caixa, nem nas pastas que o bwrap cria para montar o curso."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from curso.correcao import caixa

pytestmark = pytest.mark.usefixtures("caixa_de_areia")  # arrancam kernels na caixa

# a pasta do clone: o .venv do curso está lá dentro (o caso de um clone em /home/aluno/curso)
CLONE = os.path.dirname(sys.prefix)

VER = """
import json, os, sys, curso
escrita = {}
for pasta in sys.argv[1:]:
    try:
        with open(os.path.join(pasta, "marca-da-caixa"), "w") as f:
            f.write("x")
        escrita[pasta] = True
    except OSError as e:
        escrita[pasta] = e.strerror
with open("/dev/null", "w") as f:
    f.write("x")
print(json.dumps({"home": os.environ["HOME"], "cwd": os.getcwd(), "casa": sorted(os.listdir(".")),
                  "curso": curso.__file__, "python": os.path.realpath(sys.executable),
                  "escrita": escrita, "shm": os.statvfs("/dev/shm").f_blocks * os.statvfs("/dev/shm").f_frsize}))
"""


def _correr(tmp_path, pastas: list[str], **opcoes) -> dict:
    privada, ligacao = tmp_path / "trabalho", tmp_path / "ligacao"
    privada.mkdir()
    ligacao.mkdir()
    (privada / "cap01.ipynb").write_text("{}")
    argv = caixa.comando([sys.executable, "-c", VER, *pastas], privada, ligacao, caixa.leitura(),
                         caixa.ambiente_da_caixa({}, None), **opcoes)
    r = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout)


def test_curso_clonado_onde_seria_a_casa_do_kernel(tmp_path, monkeypatch):
    # como um clone em /home/aluno/curso: a casa de sempre tem o .venv e o pacote lá dentro
    monkeypatch.setattr(caixa, "CASA", CLONE)
    visto = _correr(tmp_path, [])
    assert visto["home"] == visto["cwd"] != CLONE, visto
    assert visto["home"] == caixa.casa_da_caixa([*caixa.leitura(), str(tmp_path / "ligacao")])
    assert visto["casa"] == ["cap01.ipynb"], visto  # nada do curso na pasta do aluno
    assert not visto["curso"].startswith(visto["home"] + "/"), visto
    assert visto["python"] == os.path.realpath(sys.executable)


def test_o_que_se_monta_dentro_da_casa_fica_visivel(tmp_path):
    # a casa pedida contém o .venv: o tmpfs vem antes, o .venv montado por cima vê-se (e não muda)
    visto = _correr(tmp_path, [CLONE, sys.prefix], casa=CLONE)
    assert visto["home"] == visto["cwd"] == CLONE
    assert visto["escrita"][CLONE] is True  # a casa é um tmpfs com escrita …
    assert visto["escrita"][sys.prefix] == "Read-only file system"  # … e o .venv não
    assert not (tmp_path / "marca-da-caixa").exists() and not os.path.exists(os.path.join(CLONE, "marca-da-caixa"))


def test_o_kernel_so_escreve_nos_tmpfs_com_tamanho(tmp_path):
    casa = caixa.casa_da_caixa([*caixa.leitura(), str(tmp_path / "ligacao")])
    # a raiz, as pastas que o bwrap criou para montar o curso, /dev e /run: tmpfs sem tamanho
    permitidas = [casa, "/tmp", "/dev/shm"]
    # (um clone em /tmp fica dentro do /tmp da caixa, que aceita escrita: aí não conta)
    proibidas = [p for p in ["/", CLONE, os.path.dirname(CLONE), "/dev", "/run", "/usr"]
                 if not any(os.path.commonpath([p, w]) == w for w in permitidas)]
    visto = _correr(tmp_path, [*proibidas, *permitidas])
    assert {p: visto["escrita"][p] for p in permitidas} == dict.fromkeys(permitidas, True)
    escritas = [p for p in proibidas if visto["escrita"][p] is True]
    assert escritas == [], visto["escrita"]
    assert 0 < visto["shm"] <= caixa.SHM
