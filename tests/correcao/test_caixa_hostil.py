"""Os buracos à volta da caixa de areia (issue 25, ponto 4): o que entra na caixa, o que a recolha
lê, para onde vai a saída do kernel, os limites da caixa inteira e o que chega ao terminal do
professor. Cada teste é um ataque que passava com o código anterior."""

from __future__ import annotations

import json
import subprocess
import sys

from curso.correcao import caixa

FALSO = "o-ficheiro-do-aluno-correu"

# ficheiros que um aluno pode pôr ao lado do caderno: se algum for importado, imprime a marca
AO_LADO = {
    "ipykernel_launcher.py": f"print({FALSO!r}, 'ipykernel_launcher')\n",
    "json.py": f"print({FALSO!r}, 'json')\n",
    "curso.py": f"print({FALSO!r}, 'curso')\n",
}


def _na_caixa(privada, ligacao, codigo: list[str]) -> subprocess.CompletedProcess:
    argv = caixa.comando(codigo, privada, ligacao, caixa.leitura(),
                         caixa.ambiente_da_caixa({}, None))
    return subprocess.run(argv, capture_output=True, text=True, timeout=120)


def test_so_o_caderno_entra_na_caixa_e_a_pasta_de_trabalho_nao_esta_no_path(tmp_path):
    entrega, privada, ligacao = tmp_path / "entrega", tmp_path / "trabalho", tmp_path / "ligacao"
    for pasta in (entrega, privada, ligacao):
        pasta.mkdir()
    (entrega / "cap01.ipynb").write_text('{"cells": []}')
    for nome, codigo in AO_LADO.items():
        (entrega / nome).write_text(codigo)
    (entrega / "outro.ipynb").symlink_to("/etc/passwd")  # nem uma ligação com o nome certo
    caixa.copiar_submissao(entrega, privada)
    assert sorted(p.name for p in privada.iterdir()) == ["cap01.ipynb"]

    # o lançador do kernel, como o kernel spec o arranca
    r = _na_caixa(privada, ligacao, [sys.executable, "-m", "ipykernel_launcher", "--version"])
    assert r.returncode == 0, r.stderr
    assert FALSO not in r.stdout + r.stderr and r.stdout.strip()[:1].isdigit(), r.stdout
    # módulos com nomes de verdade, e o que a pasta de trabalho tem
    ver = ("import json, os, sys, curso\n"
           "print(json.dumps({'json': json.__file__, 'curso': curso.__file__, "
           "'casa': sorted(os.listdir('.')), 'path': sys.path}))")
    r = _na_caixa(privada, ligacao, [sys.executable, "-c", ver])
    assert r.returncode == 0, r.stderr
    assert FALSO not in r.stdout, r.stdout
    visto = json.loads(r.stdout)
    assert visto["casa"] == ["cap01.ipynb"], visto
    assert not visto["json"].startswith(caixa.CASA) and not visto["curso"].startswith(caixa.CASA)
    assert caixa.CASA not in visto["path"] and "" not in visto["path"], visto["path"]
