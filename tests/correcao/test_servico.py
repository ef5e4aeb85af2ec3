"""O serviço de correção na entrega (``curso.correcao.servico``), sem Hub: uma troca do nbgrader
numa pasta temporária, um relógio nosso e os comandos (``nbgrader collect``, ``curso corrigir``,
``nbgrader release_feedback``) trocados por um imitador que faz o que eles fazem nas pastas.
O percurso com o Hub, os utilizadores e os comandos a sério está em ``tests/hub/test_entrega_hub.py``."""

from __future__ import annotations

import os
import re
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from curso.correcao import servico
from curso.correcao.cli import _so_estes
from curso.correcao.servico import Configuracao, Entrega, Servico

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
    """Os três comandos, como os faria o nbgrader e o ``curso corrigir`` nas pastas do curso."""

    def __init__(self, raiz: Path, inbound: Path, corrigir=None):
        self.raiz, self.inbound, self.comandos, self.libertados = raiz, inbound, [], []
        self.corrigir = corrigir or (lambda aluno: (0, "", True))

    def __call__(self, comando: list[str]) -> tuple[int, str]:
        self.comandos.append(comando)
        cap = comando[-1] if comando[0] == "nbgrader" else comando[comando.index("--capitulos") + 1]
        if comando[:2] == ["nbgrader", "collect"]:
            aluno = comando[3].split("=", 1)[1]
            ultima = max(p for p in self.inbound.iterdir() if p.name.startswith(f"{aluno}+{cap}+"))
            destino = self.raiz / "submitted" / aluno / cap
            shutil.rmtree(destino, ignore_errors=True)
            shutil.copytree(ultima, destino)
            return 0, ""
        if comando[:2] == ["curso", "corrigir"]:
            aluno = comando[comando.index("--alunos") + 1]
            codigo, saida, com_retorno = self.corrigir(aluno)
            if com_retorno:
                pasta = self.raiz / "feedback" / aluno / cap
                pasta.mkdir(parents=True, exist_ok=True)
                for nome in ("timestamp.txt", "submission_secret.txt"):
                    shutil.copy(self.raiz / "submitted" / aluno / cap / nome, pasta / nome)
                (pasta / f"{cap}.html").write_text("<html><head></head><body class='x'><p>Score: 6.0 / 6.0"
                                                   "</p></body></html>", encoding="utf-8")
            return codigo, saida
        if comando[:2] == ["nbgrader", "release_feedback"]:
            aluno = comando[-2].split("=", 1)[1]
            outra = [c.split("=", 1)[1] for c in comando if c.startswith("--CourseDirectory.feedback_directory=")]
            pasta = self.raiz / (outra[0] if outra else "feedback") / aluno / cap
            self.libertados.append(((pasta / "timestamp.txt").read_text(),
                                    (pasta / f"{cap}.html").read_text(encoding="utf-8")))
            return 0, ""
        raise AssertionError(comando)

    def tipos(self) -> list[str]:
        return [c[1] for c in self.comandos]


@pytest.fixture
def turma(tmp_path):
    raiz, troca = tmp_path / "curso", tmp_path / "troca"
    raiz.mkdir()
    inbound = troca / "curso-agentes" / "inbound"
    inbound.mkdir(parents=True)
    cfg = Configuracao(raiz=raiz, curso_id="curso-agentes", troca=troca, ligada=True, espera=120)
    relogio = Relogio()
    imitador = Imitador(raiz, inbound)
    return cfg, relogio, imitador, Servico(raiz, correr=imitador, relogio=relogio, escrever=lambda t: None)


def entregar(cfg: Configuracao, aluno: str, quando: float, sufixo: str = "a") -> Entrega:
    data = _data(quando)
    pasta = cfg.inbound / f"{aluno}+{CAP}+{data}+{sufixo}"
    pasta.mkdir()
    (pasta / f"{CAP}.ipynb").write_text("{}", encoding="utf-8")
    (pasta / "timestamp.txt").write_text(data, encoding="utf-8")
    (pasta / "submission_secret.txt").write_text("segredo-" + sufixo, encoding="utf-8")
    return Entrega.de(pasta.name)


def test_desligado_nao_mexe_em_nada(turma):
    cfg, relogio, imitador, s = turma
    cfg.ligada = False
    entregar(cfg, "ana", T0 + 1)
    relogio.agora += 5
    assert s.volta(cfg) == [] and imitador.comandos == []


def test_so_corrige_as_entregas_feitas_depois_de_ligado(turma):
    cfg, relogio, imitador, s = turma
    entregar(cfg, "velha", T0 - 3600)
    relogio.agora += 1
    assert s.volta(cfg) == [] and imitador.comandos == []
    entregar(cfg, "ana", T0 + 2)
    relogio.agora += 2
    assert s.volta(cfg) == ["ana · cap01: corrigido"]


def test_entrega_corrigida_e_devolvida_so_a_esse_aluno(turma):
    cfg, relogio, imitador, s = turma
    s.volta(cfg)  # ligado em T0
    entregar(cfg, "ana", T0 + 1)
    relogio.agora += 2
    assert s.volta(cfg) == ["ana · cap01: corrigido"]
    assert imitador.comandos == [
        ["nbgrader", "collect", "--update", "--student=ana", CAP],
        ["curso", "corrigir", "--capitulos", CAP, "--alunos", "ana", "--csv",
         str(cfg.raiz / "notas_na_entrega.csv")],
        ["nbgrader", "release_feedback", "--student=ana", CAP]]
    (_, html), = imitador.libertados
    assert "Score: 6.0 / 6.0" in html and "curso-aviso" not in html
    # uma segunda volta sem entregas novas não faz nada
    relogio.agora += 500
    imitador.comandos.clear()
    assert s.volta(cfg) == [] and imitador.comandos == []


def test_segunda_entrega_antes_da_espera_fica_na_fila_e_diz_quanto_falta(turma):
    cfg, relogio, imitador, s = turma
    s.volta(cfg)
    entregar(cfg, "ana", T0 + 1, "a")
    relogio.agora = T0 + 10
    s.volta(cfg)  # a primeira corrigida em T0 + 10
    segunda = entregar(cfg, "ana", T0 + 40, "b")
    entregar(cfg, "rui", T0 + 41, "c")  # outro aluno não espera pela ana
    relogio.agora = T0 + 45
    assert s.volta(cfg) == ["ana · cap01: na fila, faltam 85 s", "rui · cap01: corrigido"]
    data, aviso = imitador.libertados[1]
    assert data == segunda.data  # o aviso vai para a entrega nova (o hash do nbgrader usa-a)
    assert "Entrega na fila" in aviso and "Faltam 85 s" in aviso and "14:02:10 UTC" in aviso
    assert "120 s" in aviso and "Score" not in aviso
    assert (cfg.raiz / "avisos_na_entrega" / "ana" / CAP / "submission_secret.txt").read_text() == "segredo-b"
    # o feedback/ do curso fica como estava: o generate_feedback da segunda entrega não o salta
    assert (cfg.raiz / "feedback" / "ana" / CAP / "submission_secret.txt").read_text() == "segredo-a"
    # enquanto espera, não se repete o aviso nem se corrige
    n = len(imitador.comandos)
    relogio.agora = T0 + 100
    assert s.volta(cfg) == [] and len(imitador.comandos) == n
    # acabada a espera, corrige-se a segunda (a mais recente)
    relogio.agora = T0 + 130
    assert s.volta(cfg) == ["ana · cap01: corrigido"]
    data, html = imitador.libertados[-1]
    assert data == segunda.data and "Score: 6.0 / 6.0" in html
    estado = s._ler_estado()
    assert estado["ultima"]["ana"] == T0 + 130 and segunda.nome in estado["vistas"]


def test_duas_entregas_antes_da_primeira_volta_corrigem_so_a_mais_recente(turma):
    cfg, relogio, imitador, s = turma
    s.volta(cfg)
    entregar(cfg, "ana", T0 + 1, "a")
    ultima = entregar(cfg, "ana", T0 + 2, "b")
    relogio.agora = T0 + 3
    assert s.volta(cfg) == ["ana · cap01: corrigido"]
    assert imitador.tipos() == ["collect", "corrigir", "release_feedback"]
    assert imitador.libertados[0][0] == ultima.data
    relogio.agora = T0 + 1000
    assert s.volta(cfg) == []


def test_kernel_morto_o_retorno_diz_o_motivo(turma):
    cfg, relogio, imitador, s = turma
    saida = ("Problemas («!» na tabela):\n"
             "  ana · cap01: cap01.ipynb, célula sol-1.2: o kernel morreu (os._exit ou crash); vale 0\n"
             "  ana · cap01: ⚠ possível adulteração: cap01.ipynb traz marcas das soluções\n"
             "  rui · cap01: outra coisa\n")
    imitador.corrigir = lambda aluno: (0, saida, True)
    s.volta(cfg)
    entregar(cfg, "ana", T0 + 1)
    relogio.agora += 2
    assert s.volta(cfg) == ["ana · cap01: corrigido (1 problema(s))"]
    (_, html), = imitador.libertados
    assert "o kernel morreu (os._exit ou crash)" in html and "outra coisa" not in html
    assert "adulteração" not in html  # os sinais de adulteração são só para o professor
    # o aviso vai dentro do <body>, antes da nota
    assert re.search(r"<body class='x'><div class=\"curso-aviso\".*kernel morreu.*Score", html)


def test_submissao_que_nao_se_corrige_recebe_retorno_com_o_motivo(turma):
    cfg, relogio, imitador, s = turma
    saida = "  ana · cap01: sem nota: a correção parou (o trabalhador excedeu o tempo ou morreu)\n"
    imitador.corrigir = lambda aluno: (1, saida, False)
    s.volta(cfg)
    entrega = entregar(cfg, "ana", T0 + 1)
    relogio.agora += 2
    (linha,) = s.volta(cfg)
    assert linha.startswith("ana · cap01: não se corrigiu — sem nota: a correção parou")
    data, html = imitador.libertados[-1]
    assert data == entrega.data
    assert "A correção não terminou" in html and "excedeu o tempo" in html and "Score" not in html


def test_correcao_recusada_sem_problemas_diz_a_ultima_linha(turma):
    cfg, relogio, imitador, s = turma
    imitador.corrigir = lambda aluno: (2, "a preparar\n✘ Não comecei a correção. Falta o <kernel>.\n", False)
    s.volta(cfg)
    entregar(cfg, "ana", T0 + 1)
    relogio.agora += 2
    s.volta(cfg)
    _, html = imitador.libertados[-1]
    assert "código 2" in html and "Falta o &lt;kernel&gt;." in html  # escapado


def test_retorno_antigo_de_outra_entrega_nao_conta_como_desta(turma):
    """Se a correção não gerou retorno novo, o de uma entrega anterior não é devolvido como se
    fosse desta: o aluno recebe o motivo."""
    cfg, relogio, imitador, s = turma
    s.volta(cfg)
    entregar(cfg, "ana", T0 + 1, "a")
    relogio.agora = T0 + 2
    s.volta(cfg)
    imitador.corrigir = lambda aluno: (0, "", False)  # nada gerado desta vez
    segunda = entregar(cfg, "ana", T0 + 500, "b")
    relogio.agora = T0 + 501
    (linha,) = s.volta(cfg)
    assert "não se corrigiu" in linha
    data, html = imitador.libertados[-1]
    assert data == segunda.data and "A correção não terminou" in html


def test_problemas_gravados_em_resultados_tambem_contam(turma):
    cfg, relogio, imitador, s = turma
    pasta = cfg.raiz / "resultados" / "ana"
    pasta.mkdir(parents=True)
    (pasta / f"{CAP}.json").write_text('{"problemas": ["excedeu o limite de tempo", "⚠ possível '
                                       'adulteração: x"], "falhou": null}',
                                       encoding="utf-8")
    s.volta(cfg)
    entregar(cfg, "ana", T0 + 1)
    relogio.agora += 2
    s.volta(cfg)
    assert "excedeu o limite de tempo" in imitador.libertados[-1][1]
    assert "adulteração" not in imitador.libertados[-1][1]


@pytest.mark.parametrize("nome", [
    "ana+cap01", "../x+cap01+2026-12-02 14:00:00 UTC+a", "ana+nada+2026-12-02 14:00:00 UTC+a",
    "ana+cap01+2026-12-02\x1b[31m+a", "ana+cap01+d+e+f"])
def test_nomes_de_entrega_estranhos_sao_ignorados(nome):
    assert Entrega.de(nome) is None


def test_configuracao_no_nbgrader_config_do_curso(tmp_path, monkeypatch):
    monkeypatch.setattr("jupyter_core.paths.jupyter_config_path", lambda: [])
    (tmp_path / "nbgrader_config.py").write_text(
        'c = get_config()\nc.CourseDirectory.course_id = "turma-a"\nc.Exchange.root = "/srv/troca"\n'
        "c.CorrecaoNaEntrega.ligada = True\nc.CorrecaoNaEntrega.espera = 45\n"
        'c.CorrecaoNaEntrega.timeout = 20\nc.CorrecaoNaEntrega.argumentos = ["--fonte", "/x"]\n',
        encoding="utf-8")
    cfg = servico.ler(tmp_path)
    assert (cfg.ligada, cfg.espera, cfg.timeout, cfg.argumentos) == (True, 45.0, 20, ["--fonte", "/x"])
    assert cfg.inbound == Path("/srv/troca/turma-a/inbound")
    (tmp_path / "nbgrader_config.py").write_text('c = get_config()\nc.CourseDirectory.course_id = "t"\n')
    cfg = servico.ler(tmp_path)
    assert not cfg.ligada and cfg.espera == servico.ESPERA  # desligado por omissão


def test_timeout_e_argumentos_chegam_ao_curso_corrigir(turma):
    cfg, relogio, imitador, s = turma
    cfg.timeout, cfg.argumentos = 20, ["--fonte", "/privado"]
    s.volta(cfg)
    entregar(cfg, "ana", T0 + 1)
    relogio.agora += 2
    s.volta(cfg)
    assert imitador.comandos[1][-4:] == ["--timeout", "20", "--fonte", "/privado"]


def test_a_entrega_pode_ser_corrigida_num_cluster(turma, tmp_path, monkeypatch):
    """O gancho da issue 40: ``c.CorrecaoNaEntrega.cluster`` escolhe onde corre a correção."""
    cfg, relogio, imitador, s = turma
    cfg.cluster = "tls://servidor.escola.pt:8786"
    s.volta(cfg)
    entregar(cfg, "ana", T0 + 1)
    relogio.agora += 2
    s.volta(cfg)
    assert imitador.comandos[1][-2:] == ["--cluster", "tls://servidor.escola.pt:8786"]
    monkeypatch.setattr("jupyter_core.paths.jupyter_config_path", lambda: [])
    (tmp_path / "nbgrader_config.py").write_text(
        'c = get_config()\nc.CorrecaoNaEntrega.cluster = "/etc/curso/cluster.yaml"\n', encoding="utf-8")
    assert servico.ler(tmp_path).cluster == "/etc/curso/cluster.yaml"
    (tmp_path / "nbgrader_config.py").write_text("c = get_config()\n", encoding="utf-8")
    assert servico.ler(tmp_path).cluster == ""  # por omissão, nesta máquina


def test_corrigir_so_alguns_alunos():
    assert _so_estes(["ana", "rui", "zé"], None) == ["ana", "rui", "zé"]
    assert _so_estes(["ana", "rui", "zé"], ["zé", "outro"]) == ["zé"]


def test_entrega_com_ficheiro_estranho_fica_de_lado_sem_parar_o_servico(turma):
    """Um ``timestamp.txt`` que é um FIFO (ou uma ligação simbólica) prenderia a cópia do aviso
    da fila: a entrega fica de lado, dito no registo, e as dos outros seguem."""
    cfg, relogio, imitador, s = turma
    s.volta(cfg)
    entregar(cfg, "ana", T0 + 1, "a")
    relogio.agora = T0 + 2
    s.volta(cfg)
    segunda = entregar(cfg, "ana", T0 + 3, "b")
    (cfg.inbound / segunda.nome / "timestamp.txt").unlink()
    os.mkfifo(cfg.inbound / segunda.nome / "timestamp.txt")
    entregar(cfg, "rui", T0 + 4, "c")
    relogio.agora = T0 + 5
    linhas = s.volta(cfg)
    assert linhas[0].startswith("ana · cap01: ✘ erro do serviço, entrega posta de lado (ValueError")
    assert linhas[1] == "rui · cap01: corrigido"
    assert s.volta(cfg) == []  # não se repete
