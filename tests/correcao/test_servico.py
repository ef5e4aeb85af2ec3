"""O serviço de correção na entrega (``curso.correcao.servico``), sem Hub: uma troca do nbgrader
numa pasta temporária, um relógio nosso e os comandos (``curso corrigir``, ``nbgrader
release_feedback``) trocados por um imitador que faz o que eles fazem nas pastas.

As entregas são de utilizadores Unix a sério (criados aqui, como root): o serviço só aceita uma
pasta de ``inbound/`` cujo dono é o aluno que ela nomeia. O percurso com o Hub, os utilizadores e
os comandos a sério está em ``tests/hub/test_entrega_hub.py``; os ataques pela troca, com o ``curso
corrigir`` verdadeiro, em ``test_troca_hostil.py`` e ``test_servico_hostil.py``."""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from curso.correcao import servico
from curso.correcao.cli import _so_estes
from curso.correcao.recolha import RECUSADAS_NA_TROCA, NomeDaEntrega
from curso.correcao.servico import Configuracao, Servico

from ._contas import contas, dar_a, motivo_sem_contas

CAP = "cap01"
T0 = 1_796_220_000.0  # 2026-12-02 14:00:00 UTC


class Relogio:
    def __init__(self, agora: float = T0):
        self.agora = agora

    def __call__(self) -> float:
        return self.agora


def _data(epoca: float) -> str:
    return datetime.fromtimestamp(epoca, timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f UTC")


class Imitador:
    """Os comandos, como os fariam o ``curso corrigir`` e o nbgrader nas pastas do curso."""

    def __init__(self, raiz: Path, corrigir=None):
        self.raiz, self.comandos, self.libertados, self.corrigidos = raiz, [], [], []
        self.corrigir = corrigir or (lambda aluno: (0, "", True))
        self.antes_de_corrigir = lambda aluno: None  # o que um atacante faz enquanto se corrige

    def __call__(self, comando: list[str], limite: float | None = None) -> tuple[int, str]:
        self.comandos.append(comando)
        cap = comando[-1] if comando[0] == "nbgrader" else comando[comando.index("--capitulos") + 1]
        if comando[:2] == ["curso", "corrigir"]:
            aluno = comando[comando.index("--alunos") + 1]
            self.antes_de_corrigir(aluno)
            submetido = self.raiz / "submitted" / aluno / cap
            caderno = submetido / f"{cap}.ipynb"
            self.corrigidos.append((aluno, caderno.read_text(encoding="utf-8") if caderno.exists() else None))
            codigo, saida, com_retorno = self.corrigir(aluno)
            if com_retorno:
                pasta = self.raiz / "feedback" / aluno / cap
                pasta.mkdir(parents=True, exist_ok=True)
                for nome in ("timestamp.txt", "submission_secret.txt"):
                    (pasta / nome).write_bytes((submetido / nome).read_bytes())
                (pasta / f"{cap}.html").write_text("<html><head></head><body class='x'><p>Score: 6.0 / 6.0"
                                                   "</p></body></html>", encoding="utf-8")
            return codigo, saida
        if comando[:2] == ["nbgrader", "release_feedback"]:
            aluno = comando[-2].split("=", 1)[1]
            outra = [c.split("=", 1)[1] for c in comando if c.startswith("--CourseDirectory.feedback_directory=")]
            pasta = self.raiz / (outra[0] if outra else "feedback") / aluno / cap
            self.libertados.append(((pasta / "timestamp.txt").read_text(),
                                    (pasta / f"{cap}.html").read_text(encoding="utf-8"),
                                    (pasta / "submission_secret.txt").read_text()))
            return 0, ""
        raise AssertionError(comando)

    def tipos(self) -> list[str]:
        return [c[1] for c in self.comandos]


@pytest.fixture(scope="module")
def alunos():
    """Dois alunos com conta Unix: ``ana`` e ``rui`` nos testes (os nomes reais são outros)."""
    motivo = motivo_sem_contas()
    if motivo:
        pytest.skip(motivo)
    with contas("tsrv", 2) as (_, nomes):
        yield dict(zip(("ana", "rui"), nomes))


@pytest.fixture
def turma(tmp_path, alunos):
    raiz, troca = tmp_path / "curso", tmp_path / "troca"
    raiz.mkdir()
    inbound = troca / "curso-agentes" / "inbound"
    inbound.mkdir(parents=True)
    cfg = Configuracao(raiz=raiz, curso_id="curso-agentes", troca=troca, ligada=True, espera=120)
    relogio = Relogio()
    imitador = Imitador(raiz)
    linhas: list[str] = []
    return cfg, relogio, imitador, Servico(raiz, correr=imitador, relogio=relogio, escrever=linhas.append)


def entregar(cfg: Configuracao, aluno: str, quando: float, sufixo: str = "a", dono: str | None = None,
             caderno: str = "{}") -> NomeDaEntrega:
    """Uma entrega como a do ``nbgrader submit`` de ``dono`` (por omissão, o próprio aluno)."""
    data = _data(quando)
    pasta = cfg.inbound / f"{aluno}+{CAP}+{data}+{(sufixo * 12)[:12]}"
    pasta.mkdir()
    (pasta / f"{CAP}.ipynb").write_text(caderno, encoding="utf-8")
    (pasta / "timestamp.txt").write_text(data, encoding="utf-8")
    (pasta / "submission_secret.txt").write_text(secrets.token_hex(64), encoding="utf-8")
    dar_a(dono or aluno, pasta)
    return NomeDaEntrega.de(pasta.name)


def _segredo(cfg: Configuracao, entrega: NomeDaEntrega) -> str:
    return (cfg.inbound / entrega.nome / "submission_secret.txt").read_text()


def test_desligado_nao_mexe_em_nada(turma, alunos):
    cfg, relogio, imitador, s = turma
    cfg.ligada = False
    entregar(cfg, alunos["ana"], T0 + 1)
    relogio.agora += 5
    assert s.volta(cfg) == [] and imitador.comandos == []


def test_so_corrige_as_entregas_feitas_depois_de_ligado(turma, alunos):
    cfg, relogio, imitador, s = turma
    entregar(cfg, alunos["rui"], T0 - 3600)
    relogio.agora += 1
    assert s.volta(cfg) == [] and imitador.comandos == []
    entregar(cfg, alunos["ana"], T0 + 2)
    relogio.agora += 2
    assert s.volta(cfg) == [f"{alunos['ana']} · cap01: corrigido"]


def test_entrega_corrigida_e_devolvida_so_a_esse_aluno(turma, alunos):
    cfg, relogio, imitador, s = turma
    ana = alunos["ana"]
    s.volta(cfg)  # ligado em T0
    entrega = entregar(cfg, ana, T0 + 1, caderno='{"da": "ana"}')
    relogio.agora += 2
    assert s.volta(cfg) == [f"{ana} · cap01: corrigido"]
    assert imitador.comandos == [
        ["curso", "corrigir", "--capitulos", CAP, "--alunos", ana, "--csv",
         str(cfg.raiz / "notas_na_entrega.csv")],
        ["nbgrader", "release_feedback", f"--student={ana}", CAP]]
    assert imitador.corrigidos == [(ana, '{"da": "ana"}')]  # a cópia que o serviço recolheu
    (data, html, segredo), = imitador.libertados
    assert "Score: 6.0 / 6.0" in html and "curso-aviso" not in html
    assert (data, segredo) == (entrega.data, _segredo(cfg, entrega))
    # uma segunda volta sem entregas novas não faz nada
    relogio.agora += 500
    imitador.comandos.clear()
    assert s.volta(cfg) == [] and imitador.comandos == []


def test_segunda_entrega_antes_da_espera_fica_na_fila_e_diz_quanto_falta(turma, alunos):
    cfg, relogio, imitador, s = turma
    ana, rui = alunos["ana"], alunos["rui"]
    s.volta(cfg)
    primeira = entregar(cfg, ana, T0 + 1, "a")
    relogio.agora = T0 + 10
    s.volta(cfg)  # a primeira corrigida em T0 + 10
    segunda = entregar(cfg, ana, T0 + 40, "b")
    entregar(cfg, rui, T0 + 41, "c")  # outro aluno não espera pela ana
    relogio.agora = T0 + 45
    assert s.volta(cfg) == [f"{ana} · cap01: na fila, faltam 85 s", f"{rui} · cap01: corrigido"]
    data, aviso, segredo = imitador.libertados[1]
    assert (data, segredo) == (segunda.data, _segredo(cfg, segunda))  # o hash do nbgrader usa-os
    assert "Entrega na fila" in aviso and "Faltam 85 s" in aviso and "14:02:10 UTC" in aviso
    assert "120 s" in aviso and "Score" not in aviso
    assert (cfg.raiz / "avisos_na_entrega" / ana / CAP / "submission_secret.txt").read_text() \
        == _segredo(cfg, segunda)
    # o feedback/ do curso fica como estava: o generate_feedback da segunda entrega não o salta
    assert (cfg.raiz / "feedback" / ana / CAP / "submission_secret.txt").read_text() == _segredo(cfg, primeira)
    # enquanto espera, não se repete o aviso nem se corrige
    n = len(imitador.comandos)
    relogio.agora = T0 + 100
    assert s.volta(cfg) == [] and len(imitador.comandos) == n
    # acabada a espera, corrige-se a segunda (a mais recente)
    relogio.agora = T0 + 130
    assert s.volta(cfg) == [f"{ana} · cap01: corrigido"]
    data, html, _ = imitador.libertados[-1]
    assert data == segunda.data and "Score: 6.0 / 6.0" in html
    estado = s._ler_estado()
    assert estado["ultima"][str(os.stat(cfg.inbound / segunda.nome).st_uid)] == T0 + 130
    assert segunda.nome in estado["vistas"] and primeira.nome in estado["vistas"]


def test_duas_entregas_antes_da_primeira_volta_corrigem_so_a_mais_recente(turma, alunos):
    cfg, relogio, imitador, s = turma
    ana = alunos["ana"]
    s.volta(cfg)
    entregar(cfg, ana, T0 + 1, "a")
    ultima = entregar(cfg, ana, T0 + 2, "b")
    relogio.agora = T0 + 3
    assert s.volta(cfg) == [f"{ana} · cap01: corrigido"]
    assert imitador.tipos() == ["corrigir", "release_feedback"]
    assert imitador.libertados[0][0] == ultima.data
    relogio.agora = T0 + 1000
    assert s.volta(cfg) == []  # a mais antiga ficou vista com ela


def test_kernel_morto_o_retorno_diz_o_motivo(turma, alunos):
    cfg, relogio, imitador, s = turma
    ana = alunos["ana"]
    saida = ("Problemas («!» na tabela):\n"
             f"  {ana} · cap01: cap01.ipynb, célula sol-1.2: o kernel morreu (os._exit ou crash); vale 0\n"
             f"  {ana} · cap01: ⚠ possível adulteração: cap01.ipynb traz marcas das soluções\n"
             f"  {alunos['rui']} · cap01: outra coisa\n")
    imitador.corrigir = lambda aluno: (0, saida, True)
    s.volta(cfg)
    entregar(cfg, ana, T0 + 1)
    relogio.agora += 2
    assert s.volta(cfg) == [f"{ana} · cap01: corrigido (1 problema(s))"]
    (_, html, _), = imitador.libertados
    assert "o kernel morreu (os._exit ou crash)" in html and "outra coisa" not in html
    assert "adulteração" not in html  # os sinais de adulteração são só para o professor
    # o aviso vai dentro do <body>, antes da nota
    assert re.search(r"<body class='x'><div class=\"curso-aviso\".*kernel morreu.*Score", html)


def test_submissao_que_nao_se_corrige_recebe_retorno_com_o_motivo(turma, alunos):
    cfg, relogio, imitador, s = turma
    ana = alunos["ana"]
    saida = f"  {ana} · cap01: sem nota: a correção parou (o trabalhador excedeu o tempo ou morreu)\n"
    imitador.corrigir = lambda aluno: (1, saida, False)
    s.volta(cfg)
    entrega = entregar(cfg, ana, T0 + 1)
    relogio.agora += 2
    (linha,) = s.volta(cfg)
    assert linha.startswith(f"{ana} · cap01: não se corrigiu — sem nota: a correção parou")
    data, html, _ = imitador.libertados[-1]
    assert data == entrega.data
    assert "A correção não terminou" in html and "excedeu o tempo" in html and "Score" not in html


def test_correcao_recusada_sem_problemas_diz_a_ultima_linha(turma, alunos):
    cfg, relogio, imitador, s = turma
    imitador.corrigir = lambda aluno: (2, "a preparar\n✘ Não comecei a correção. Falta o <kernel>.\n", False)
    s.volta(cfg)
    entregar(cfg, alunos["ana"], T0 + 1)
    relogio.agora += 2
    s.volta(cfg)
    _, html, _ = imitador.libertados[-1]
    assert "código 2" in html and "Falta o &lt;kernel&gt;." in html  # escapado


def test_retorno_antigo_de_outra_entrega_nao_conta_como_desta(turma, alunos):
    """Se a correção não gerou retorno novo, o de uma entrega anterior não é devolvido como se
    fosse desta: o aluno recebe o motivo."""
    cfg, relogio, imitador, s = turma
    ana = alunos["ana"]
    s.volta(cfg)
    entregar(cfg, ana, T0 + 1, "a")
    relogio.agora = T0 + 2
    s.volta(cfg)
    imitador.corrigir = lambda aluno: (0, "", False)  # nada gerado desta vez
    segunda = entregar(cfg, ana, T0 + 500, "b")
    relogio.agora = T0 + 501
    (linha,) = s.volta(cfg)
    _retorno_do_motivo(imitador, linha, segunda, "a correção não terminou (curso corrigir, código 0)")


def _retorno_do_motivo(imitador: Imitador, linha: str, entrega: NomeDaEntrega, motivo: str) -> None:
    """A linha do registo e o retorno devolvido dizem que ``entrega`` não se corrigiu, e porquê."""
    assert "não se corrigiu" in linha and motivo in linha, linha
    data, html, _ = imitador.libertados[-1]
    assert data == entrega.data and "A correção não terminou" in html and motivo in html


def test_problemas_gravados_em_resultados_tambem_contam(turma, alunos):
    cfg, relogio, imitador, s = turma
    ana = alunos["ana"]
    pasta = cfg.raiz / "resultados" / ana
    pasta.mkdir(parents=True)
    (pasta / f"{CAP}.json").write_text('{"problemas": ["excedeu o limite de tempo", "⚠ possível '
                                       'adulteração: x"], "falhou": null}',
                                       encoding="utf-8")
    s.volta(cfg)
    entregar(cfg, ana, T0 + 1)
    relogio.agora += 2
    s.volta(cfg)
    assert "excedeu o limite de tempo" in imitador.libertados[-1][1]
    assert "adulteração" not in imitador.libertados[-1][1]


@pytest.mark.parametrize("nome", [
    "ana+cap01", "../x+cap01+2026-12-02 14:00:00.000000 UTC+abcdefghijkl",
    "ana+cap01+2026-12-02 14:00:00 UTC+abcdefghijkl",  # sem microssegundos
    "ana+cap01+2026-12-02 14:00:00.000000 ..+abcdefghijkl", "ana+cap01+..+abcdefghijkl",
    "ana+cap01+2026-12-02 14:00:00.000000 Europe/Lisbon+abcdefghijkl",
    "ana+cap01+2026-02-30 14:00:00.000000 UTC+abcdefghijkl",  # 30 de fevereiro
    "ana+cap01+2026-12-02 14:00:00.000000 UTC+curto", "ana+cap01+2026-12-02\x1b[31m+a",
    "ana+cap01+2026-12-02 14:00:00.000000 UTC+abcdefghijkl+e", "ana+x+y+2026-12-02 14:00:00.000000 UTC"])
def test_nomes_fora_do_formato_do_nbgrader_submit_sao_recusados(nome):
    assert NomeDaEntrega.de(nome) is None


def test_o_nome_que_o_nbgrader_submit_escreve_e_aceite(tmp_path):
    """O ``nbgrader submit`` instalado escreve um nome que ``NomeDaEntrega`` aceita, com a data
    da entrega (com e sem a parte aleatória)."""
    (tmp_path / "casa" / CAP).mkdir(parents=True)
    (tmp_path / "casa" / CAP / f"{CAP}.ipynb").write_text('{"cells": [], "metadata": {}, "nbformat": 4, '
                                                          '"nbformat_minor": 5}')
    (tmp_path / "troca" / "c" / "outbound" / CAP).mkdir(parents=True)
    (tmp_path / "troca" / "c" / "inbound").mkdir()
    for aleatorio in ("True", "False"):
        r = subprocess.run(
            [sys.executable, "-m", "nbgrader", "submit", CAP, "--student=ana", "--CourseDirectory.course_id=c",
             f"--Exchange.root={tmp_path / 'troca'}", f"--Exchange.cache={tmp_path / 'cache'}",
             f"--ExchangeSubmit.add_random_string={aleatorio}"],
            cwd=tmp_path / "casa", capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stdout + r.stderr
    nomes = sorted(p.name for p in (tmp_path / "troca" / "c" / "inbound").iterdir())
    assert len(nomes) == 2
    for nome in nomes:
        entrega = NomeDaEntrega.de(nome)
        assert entrega is not None, nome
        assert (entrega.aluno, entrega.capitulo) == ("ana", CAP)
        assert (tmp_path / "troca" / "c" / "inbound" / nome / "timestamp.txt").read_text() == entrega.data


def test_configuracao_no_nbgrader_config_do_curso(tmp_path, monkeypatch):
    monkeypatch.setattr("jupyter_core.paths.jupyter_config_path", lambda: [])
    (tmp_path / "nbgrader_config.py").write_text(
        'c = get_config()\nc.CourseDirectory.course_id = "turma-a"\nc.Exchange.root = "/srv/troca"\n'
        "c.CorrecaoNaEntrega.ligada = True\nc.CorrecaoNaEntrega.espera = 45\n"
        'c.CorrecaoNaEntrega.timeout = 20\nc.CorrecaoNaEntrega.argumentos = ["--fonte", "/x"]\n'
        "c.CorrecaoNaEntrega.limite = 90\n", encoding="utf-8")
    cfg = servico.ler(tmp_path)
    assert (cfg.ligada, cfg.espera, cfg.timeout, cfg.argumentos) == (True, 45.0, 20, ["--fonte", "/x"])
    assert cfg.limite == 90 and cfg.inbound == Path("/srv/troca/turma-a/inbound")
    (tmp_path / "nbgrader_config.py").write_text('c = get_config()\nc.CourseDirectory.course_id = "t"\n')
    cfg = servico.ler(tmp_path)
    assert not cfg.ligada and cfg.espera == servico.ESPERA  # desligado por omissão
    assert cfg.limite == servico.LIMITE


def test_timeout_e_argumentos_chegam_ao_curso_corrigir(turma, alunos):
    cfg, relogio, imitador, s = turma
    cfg.timeout, cfg.argumentos = 20, ["--fonte", "/privado"]
    s.volta(cfg)
    entregar(cfg, alunos["ana"], T0 + 1)
    relogio.agora += 2
    s.volta(cfg)
    assert imitador.comandos[0][-4:] == ["--timeout", "20", "--fonte", "/privado"]


def test_a_entrega_pode_ser_corrigida_num_cluster(turma, alunos, tmp_path, monkeypatch):
    """O gancho da issue 40: ``c.CorrecaoNaEntrega.cluster`` escolhe onde corre a correção."""
    cfg, relogio, imitador, s = turma
    cfg.cluster = "tls://servidor.escola.pt:8786"
    s.volta(cfg)
    entregar(cfg, alunos["ana"], T0 + 1)
    relogio.agora += 2
    s.volta(cfg)
    assert imitador.comandos[0][-2:] == ["--cluster", "tls://servidor.escola.pt:8786"]
    monkeypatch.setattr("jupyter_core.paths.jupyter_config_path", lambda: [])
    (tmp_path / "nbgrader_config.py").write_text(
        'c = get_config()\nc.CorrecaoNaEntrega.cluster = "/etc/curso/cluster.yaml"\n', encoding="utf-8")
    assert servico.ler(tmp_path).cluster == "/etc/curso/cluster.yaml"
    (tmp_path / "nbgrader_config.py").write_text("c = get_config()\n", encoding="utf-8")
    assert servico.ler(tmp_path).cluster == ""  # por omissão, nesta máquina


def test_corrigir_so_alguns_alunos():
    assert _so_estes(["ana", "rui", "zé"], None) == ["ana", "rui", "zé"]
    assert _so_estes(["ana", "rui", "zé"], ["zé", "outro"]) == ["zé"]


def test_entrega_com_ficheiro_estranho_e_recusada_sem_parar_o_servico(turma, alunos):
    """Um ``timestamp.txt`` que é um FIFO (ou uma ligação simbólica) prenderia a cópia do aviso
    da fila: a entrega é recusada, dita no registo, e as dos outros seguem."""
    cfg, relogio, imitador, s = turma
    ana, rui = alunos["ana"], alunos["rui"]
    s.volta(cfg)
    entregar(cfg, ana, T0 + 1, "a")
    relogio.agora = T0 + 2
    s.volta(cfg)
    segunda = entregar(cfg, ana, T0 + 3, "b")
    (cfg.inbound / segunda.nome / "timestamp.txt").unlink()
    os.mkfifo(cfg.inbound / segunda.nome / "timestamp.txt")
    dar_a(ana, cfg.inbound / segunda.nome)
    entregar(cfg, rui, T0 + 4, "c")
    relogio.agora = T0 + 5
    linhas = s.volta(cfg)
    assert linhas[0].startswith(f"⚠ entrega recusada: inbound/{segunda.nome} — o timestamp.txt não é um ficheiro")
    assert linhas[1] == f"{rui} · cap01: corrigido"
    assert s.volta(cfg) == []  # não se repete


# --------------------------------------------------------------------------- a troca hostil, sem o curso corrigir

def test_pasta_com_o_nome_de_um_colega_e_recusada_e_nao_tapa_a_dele(turma, alunos):
    """O rui escreve uma pasta com o nome da ana e uma data no futuro: é recusada (o dono não é a
    ana), dita ao professor, e a entrega verdadeira da ana é a que se corrige, agora e depois."""
    cfg, relogio, imitador, s = turma
    ana, rui = alunos["ana"], alunos["rui"]
    s.volta(cfg)
    forjada = entregar(cfg, ana, T0 + 86_400 * 365, "z", dono=rui, caderno='{"do": "rui"}')
    entregar(cfg, ana, T0 + 1, "a", caderno='{"da": "ana", "n": 1}')
    relogio.agora = T0 + 2
    linhas = s.volta(cfg)
    assert linhas == [f"⚠ entrega recusada: inbound/{forjada.nome} — tem o nome de {ana}, mas foi "
                      f"escrita por {rui} (dono: {rui})", f"{ana} · cap01: corrigido"]
    registo = json.loads((cfg.raiz / "submitted" / RECUSADAS_NA_TROCA).read_text(encoding="utf-8"))
    assert registo[forjada.nome]["dono"] == rui and registo[forjada.nome]["aluno"] == ana
    segunda = entregar(cfg, ana, T0 + 300, "b", caderno='{"da": "ana", "n": 2}')
    relogio.agora = T0 + 301
    assert s.volta(cfg) == [f"{ana} · cap01: corrigido"]
    assert [c for _, c in imitador.corrigidos] == ['{"da": "ana", "n": 1}', '{"da": "ana", "n": 2}']
    assert imitador.libertados[-1][0] == segunda.data


def test_ficheiro_de_outro_dentro_da_entrega_nao_e_recolhido(turma, alunos):
    cfg, relogio, imitador, s = turma
    ana, rui = alunos["ana"], alunos["rui"]
    s.volta(cfg)
    entrega = entregar(cfg, ana, T0 + 1, caderno='{"da": "ana"}')
    pasta = cfg.inbound / entrega.nome
    (pasta / f"{CAP}.ipynb").write_text('{"do": "rui"}')  # o rui escreveu lá (a pasta é 0777)
    dar_a(rui, pasta / f"{CAP}.ipynb")
    relogio.agora += 2
    assert s.volta(cfg) == [f"{ana} · cap01: corrigido"]
    assert imitador.corrigidos == [(ana, None)]  # o caderno do rui não chegou a submitted/
    avisos = (cfg.raiz / "submitted" / ana / CAP / "ligacoes-recusadas-na-recolha.txt").read_text()
    assert f"{CAP}.ipynb: escrito por outro utilizador ({rui})" in avisos


def test_nomes_inventados_e_datas_ilegiveis_nao_contornam_a_espera(turma, alunos):
    """O rui entrega com nomes de alunos que não existem, com datas que não se leem e com o
    ``..`` que derrubava o serviço: tudo recusado, uma só vez; a espera dele conta por
    utilizador; e a ana é corrigida como sempre."""
    cfg, relogio, imitador, s = turma
    ana, rui = alunos["ana"], alunos["rui"]
    s.volta(cfg)
    entregar(cfg, rui, T0 + 1, "a")
    relogio.agora = T0 + 2
    assert s.volta(cfg) == [f"{rui} · cap01: corrigido"]
    forjas = [entregar(cfg, f"{rui}x{n}", T0 + 3 + n, str(n), dono=rui) for n in range(3)]
    for nome in (f"{ana}+{CAP}+lixo+abcdefghijkl", f"{ana}+{CAP}+2026-12-02 14:00:00 ..+x",
                 f"{rui}+{CAP}+{_data(T0 + 9)[:-4]} ..+abcdefghijkl"):
        (cfg.inbound / nome).mkdir()
        dar_a(rui, cfg.inbound / nome)
    segunda = entregar(cfg, rui, T0 + 10, "b")
    entregar(cfg, ana, T0 + 11, "c")
    relogio.agora = T0 + 12
    linhas = s.volta(cfg)
    recusadas = [li for li in linhas if li.startswith("⚠ entrega recusada")]
    assert len(recusadas) == 6 and all(f"(dono: {rui})" in li for li in recusadas), linhas
    assert sum("não há nenhum utilizador" in li for li in recusadas) == 3
    assert linhas[-2:] == [f"{rui} · cap01: na fila, faltam 110 s", f"{ana} · cap01: corrigido"]
    assert all(f.nome not in json.dumps(imitador.comandos) for f in forjas)
    relogio.agora = T0 + 200
    assert s.volta(cfg) == [f"{rui} · cap01: corrigido"]
    assert imitador.libertados[-1][0] == segunda.data


def test_pasta_trocada_por_uma_ligacao_depois_de_escolhida_nao_mexe_no_retorno_de_outro(turma, alunos):
    """O rui entrega; enquanto o serviço corrige a ana (a entrega do rui já escolhida), troca a
    sua pasta por uma ligação simbólica para a da ana. O serviço abre-a sem seguir a ligação:
    recusada, e nenhum retorno sai com o segredo da ana."""
    cfg, relogio, imitador, s = turma
    ana, rui = alunos["ana"], alunos["rui"]
    s.volta(cfg)
    da_ana = entregar(cfg, ana, T0 + 1, "a")
    do_rui = entregar(cfg, rui, T0 + 2, "b")

    def trocar(aluno):
        if aluno == ana:
            pasta = cfg.inbound / do_rui.nome
            pasta.rename(cfg.inbound / "guardada")
            pasta.symlink_to(cfg.inbound / da_ana.nome)
            os.chown(pasta, *(lambda i: (i.st_uid, i.st_gid))(os.stat(cfg.inbound / "guardada")),
                     follow_symlinks=False)

    imitador.antes_de_corrigir = trocar
    relogio.agora = T0 + 3
    linhas = s.volta(cfg)
    assert linhas[0] == f"{ana} · cap01: corrigido"
    assert linhas[1].startswith(f"⚠ entrega recusada: inbound/{do_rui.nome} — é uma ligação simbólica")
    assert [segredo for *_, segredo in imitador.libertados] == [_segredo(cfg, da_ana)]


def test_reinicio_a_meio_nao_perde_a_entrega(turma, alunos):
    """O Hub para o serviço a meio de uma correção (``parar``: SystemExit): a entrega não fica
    vista, e o serviço que volta corrige-a. Um serviço que pára sempre na mesma entrega desiste
    dela ao fim de ``TENTATIVAS`` vezes, com um retorno que o diz."""
    cfg, relogio, imitador, s = turma
    ana = alunos["ana"]
    s.volta(cfg)
    entrega = entregar(cfg, ana, T0 + 1)
    relogio.agora = T0 + 2

    def parado(aluno):
        raise SystemExit(0)

    imitador.corrigir = parado
    with pytest.raises(SystemExit):
        s.volta(cfg)
    imitador.corrigir = lambda aluno: (0, "", True)
    de_novo = Servico(cfg.raiz, correr=imitador, relogio=relogio, escrever=lambda t: None)
    assert de_novo.volta(cfg) == [f"{ana} · cap01: corrigido"]
    assert imitador.libertados[-1][0] == entrega.data

    outra = entregar(cfg, ana, T0 + 500, "b")
    relogio.agora = T0 + 501
    imitador.corrigir = parado
    for _ in range(servico.TENTATIVAS):
        with pytest.raises(SystemExit):
            Servico(cfg.raiz, correr=imitador, relogio=relogio, escrever=lambda t: None).volta(cfg)
    ultimo = Servico(cfg.raiz, correr=imitador, relogio=relogio, escrever=lambda t: None)
    (linha,) = ultimo.volta(cfg)
    _retorno_do_motivo(imitador, linha, outra, "interrompida 3 vezes")


def test_limite_por_submissao_no_retorno(turma, alunos):
    cfg, relogio, imitador, s = turma
    cfg.limite = 45
    imitador.corrigir = lambda aluno: (servico.PASSOU_DO_LIMITE, "a corrigir\n", False)
    s.volta(cfg)
    entrega = entregar(cfg, alunos["ana"], T0 + 1)
    relogio.agora += 2
    (linha,) = s.volta(cfg)
    _retorno_do_motivo(imitador, linha, entrega, "passou do limite de 45 s por submissão")


FILHO_PRESO = """
import subprocess, sys, time
print("a preparar", flush=True)
print("A corrigir 1 submissões com 1 trabalhador(es)…", flush=True)
subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
time.sleep(600)
"""


def test_limite_por_submissao_para_o_comando_e_os_filhos(tmp_path):
    """Passado o limite depois de a correção começar, o comando é parado (SIGTERM, e SIGKILL ao
    grupo se não sair) e nada fica a correr."""
    s = Servico(tmp_path, escrever=lambda t: None)
    codigo, saida = s._correr([sys.executable, "-c", FILHO_PRESO], 1)
    assert codigo == servico.PASSOU_DO_LIMITE
    assert "A corrigir 1 submissões" in saida and "passou do limite de 1 s por submissão" in saida
    restos = subprocess.run(["pgrep", "-f", "import time; time.sleep(600)"], capture_output=True, text=True)
    assert restos.stdout.strip() == ""
    codigo, saida = s._correr([sys.executable, "-c", "print('feito')"], 1)
    assert (codigo, saida) == (0, "feito\n")


def test_entrega_a_meio_do_nbgrader_submit_espera_pela_volta_seguinte(turma, alunos):
    """O ``nbgrader submit`` escreve o ``timestamp.txt`` e o ``submission_secret.txt`` depois dos
    cadernos: uma entrega acabada de chegar sem eles fica para a volta seguinte (não é recusada
    para sempre); uma que continua sem eles passado ``A_ESCREVER``, é."""
    from curso.correcao.recolha import A_ESCREVER

    cfg, relogio, imitador, s = turma
    ana, rui = alunos["ana"], alunos["rui"]
    s.volta(cfg)
    a_meio = entregar(cfg, ana, T0 + 1, "a")
    pasta = cfg.inbound / a_meio.nome
    guardados = {n: (pasta / n).read_text() for n in ("timestamp.txt", "submission_secret.txt")}
    for nome in guardados:
        (pasta / nome).unlink()
    relogio.agora = T0 + 2
    assert s.volta(cfg) == [] and imitador.comandos == []
    for nome, texto in guardados.items():
        (pasta / nome).write_text(texto)
    dar_a(ana, pasta)
    relogio.agora = T0 + 3
    assert s.volta(cfg) == [f"{ana} · cap01: corrigido"]
    abandonada = entregar(cfg, rui, T0 + 4, "b")
    (cfg.inbound / abandonada.nome / "timestamp.txt").unlink()
    relogio.agora = T0 + 4 + A_ESCREVER + 1
    (linha,) = s.volta(cfg)
    assert linha.startswith(f"⚠ entrega recusada: inbound/{abandonada.nome} — sem timestamp.txt")


SERVICO_A_MEIO = """
import signal, sys
from pathlib import Path
from curso.correcao.servico import Servico
s = Servico(Path(sys.argv[1]), escrever=print)
signal.signal(signal.SIGTERM, s.parar)
s._correr([sys.executable, "-c", "import time; time.sleep(600)  # filho-do-servico"], None)
"""


def _filhos(pid: int, marca: bytes) -> list[int]:
    achados = []
    for outro in filter(str.isdigit, os.listdir("/proc")):
        try:
            estado = Path(f"/proc/{outro}/status").read_text()
            linha = Path(f"/proc/{outro}/cmdline").read_bytes()
        except OSError:
            continue
        if f"\nPPid:\t{pid}\n" in estado and marca in linha:
            achados.append(int(outro))
    return achados


def _acabou(pid: int) -> bool:
    """O processo já não existe, ou é só um zombie à espera de ser recolhido."""
    try:
        estado = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return estado in ("Z", "X")


def test_sigterm_para_o_servico_e_o_comando_a_meio(tmp_path):
    """O SIGTERM do Hub chega com o serviço à espera de um comando (``Popen.wait``): o serviço
    sai, e o comando com ele, sem ficar preso no trinco do ``wait`` interrompido."""
    from ._contas import esperar

    processo = subprocess.Popen([sys.executable, "-c", SERVICO_A_MEIO, str(tmp_path)])
    try:
        (filho,) = esperar(lambda: _filhos(processo.pid, b"filho-do-servico"), 60, "o comando arrancar")
        processo.send_signal(signal.SIGTERM)
        assert processo.wait(90) == 0
        # o comando morre com o serviço; o init pode demorar um instante a recolhê-lo
        esperar(lambda: _acabou(filho), 30, "o comando a meio acabar com o serviço")
    finally:
        processo.kill()
