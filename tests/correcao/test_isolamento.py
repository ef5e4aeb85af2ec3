"""Sem caixa de areia, ``curso corrigir`` recusa (a não ser com ``--sem-isolamento``, que o diz na
primeira linha); com ``--fonte``, corrige contra testes escondidos privados."""

import json
import os
import shutil

import pytest
from nbgrader.api import Gradebook

from curso import cli
from curso.correcao import caixa

from ._turma import celula, copiar_curso, corrigir, ler, maximo, resolvido, submeter

CAP = "cap01"


def _recusa_sem_caixa(capsys, motivo_esperado: str) -> None:
    assert cli.main(["corrigir"]) == 2
    erro = capsys.readouterr().err
    assert "Não comecei a correção" in erro and "--sem-isolamento" in erro, erro
    assert motivo_esperado in erro, erro


def test_windows_diz_que_precisa_de_linux(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(caixa.sys, "platform", "win32")
    assert "WSL" in caixa.motivo_sem_caixa()
    _recusa_sem_caixa(capsys, "precisa de Linux")


def test_windows_recusa_mesmo_sem_isolamento(monkeypatch, capsys, tmp_path):
    # sem os.killpg uma submissão sem fim prenderia a turma: nem com --sem-isolamento se começa
    monkeypatch.chdir(tmp_path)
    monkeypatch.delattr(os, "killpg")
    assert cli.main(["corrigir", "--sem-isolamento"]) == 2
    erro = capsys.readouterr().err
    assert "Não comecei a correção" in erro and "WSL" in erro and "os.killpg" in erro, erro


def test_macos_tambem_recusa(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(caixa.sys, "platform", "darwin")
    _recusa_sem_caixa(capsys, "isto é macOS")


def test_sem_bubblewrap_diz_como_instalar(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(caixa.sys, "platform", "linux")
    monkeypatch.setattr(caixa.shutil, "which", lambda nome: None)
    _recusa_sem_caixa(capsys, "sudo apt-get install bubblewrap")
    assert "sudo dnf install bubblewrap" in caixa.motivo_sem_caixa()


def test_namespaces_desligados(monkeypatch, capsys, tmp_path):
    """O bwrap existe mas não consegue criar a caixa (por exemplo, userns desligados)."""
    falso = tmp_path / "bin"
    falso.mkdir()
    (falso / "bwrap").write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
    (falso / "bwrap").chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", f"{falso}:/usr/bin:/bin")
    monkeypatch.setattr(caixa.sys, "platform", "linux")
    _recusa_sem_caixa(capsys, "No permissions to create new namespace")


@pytest.mark.lento
@pytest.mark.timeout(600)
def test_sem_isolamento_diz_na_primeira_linha(tmp_path):
    copiar_curso(tmp_path, [CAP])
    submeter(tmp_path, "ana", CAP, resolvido(CAP))
    r = corrigir(tmp_path, "--sem-isolamento", "--timeout", "20")
    assert r.returncode == 0, r.stdout + r.stderr
    linhas = r.stdout.splitlines()
    assert linhas[0].startswith("⚠ CORREÇÃO NÃO ISOLADA"), linhas[0]
    assert "importa o curso" in r.stdout and "caixa de areia" not in r.stdout.split("importa o curso")[1].splitlines()[0]
    resumo = r.stdout.split("A corrigir")[1].split("\n\n")[1].splitlines()
    assert resumo[0].startswith("⚠ CORREÇÃO NÃO ISOLADA"), resumo
    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gb:
        assert gb.find_submission(CAP, "ana").score == maximo(CAP)


@pytest.mark.lento
@pytest.mark.timeout(600)
def test_testes_escondidos_privados(tmp_path):
    """Uma cópia privada de solutions/ com um teste escondido a mais (a letra exata, sem
    espaços): quem responde « C » passa nos testes do repositório e falha nos privados."""
    curso, privada = tmp_path / "curso", tmp_path / "privado" / "solutions"
    curso.mkdir()
    copiar_curso(curso, [CAP])
    shutil.copytree(curso / "solutions" / CAP, privada / CAP)
    caminho = privada / CAP / f"{CAP}.ipynb"
    nb = ler(caminho)
    verificacao = celula(nb, "ex1_2_verificacao")
    fonte = "".join(verificacao["source"])
    extra = 'assert resposta_1_2 == "c", "teste privado 7731"'
    verificacao["source"] = fonte.replace("### END HIDDEN TESTS", extra + "\n### END HIDDEN TESTS")
    caminho.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")

    aluno = resolvido(CAP)
    celula(aluno, "ex1_2")["source"] = 'resposta_1_2 = " C "\n'
    submeter(curso, "espacos", CAP, aluno)
    submeter(curso, "certo", CAP, resolvido(CAP))

    r = corrigir(curso, "--fonte", str(privada), "--timeout", "20")
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"Fonte (soluções e testes escondidos): {privada}" in r.stdout
    with Gradebook(f"sqlite:///{curso / 'gradebook.db'}") as gb:
        assert gb.find_submission(CAP, "certo").score == maximo(CAP)
        assert gb.find_submission(CAP, "espacos").score == maximo(CAP) - 1
    retorno = (curso / "feedback" / "espacos" / CAP / f"{CAP}.html").read_text(encoding="utf-8")
    assert "7731" not in retorno and "um teste escondido falhou" in retorno
