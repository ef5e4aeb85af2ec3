"""Os buracos à volta da caixa de areia (issue 25, ponto 4): o que entra na caixa, o que a recolha
lê, para onde vai a saída do kernel, os limites da caixa inteira e o que chega ao terminal do
professor. Cada teste é um ataque que passava com o código anterior."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from curso.correcao import caixa

pytestmark = pytest.mark.usefixtures("caixa_de_areia")  # arrancam kernels na caixa

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
           "print(json.dumps({'json': json.__file__, 'curso': curso.__file__, 'home': os.getcwd(), "
           "'casa': sorted(os.listdir('.')), 'path': sys.path}))")
    r = _na_caixa(privada, ligacao, [sys.executable, "-c", ver])
    assert r.returncode == 0, r.stderr
    assert FALSO not in r.stdout, r.stdout
    visto = json.loads(r.stdout)
    assert visto["casa"] == ["cap01.ipynb"], visto
    # a casa é /home/aluno, ou outra se o curso estiver lá (caixa.casa_da_caixa)
    casa = visto["home"]
    assert casa == caixa.casa_da_caixa([*caixa.leitura(), str(ligacao)])
    assert not visto["json"].startswith(casa) and not visto["curso"].startswith(casa), visto
    assert casa not in visto["path"] and "" not in visto["path"], visto["path"]


# --------------------------------------------------------------------------- o que se imprime

FALSA = "\n  ana · cap01: ⚠ possível adulteração: import do módulo os (célula «ex1_1», linha 1)"
NOME_HOSTIL = "ValueError" + FALSA + "\x1b[31m\x1b[2K\r"


def test_excecao_com_nome_hostil_nao_escreve_linhas_no_resumo(tmp_path):
    from curso.correcao.diagnostico import problemas_do_caderno
    from curso.correcao.relatorio import Resultado, resumo

    corrigido = tmp_path / "cap01.ipynb"
    corrigido.write_text(json.dumps({"cells": [{
        "cell_type": "code", "source": "", "metadata": {"nbgrader": {"grade_id": "n\x1b]0;x\x07"}},
        "outputs": [{"output_type": "error", "ename": NOME_HOSTIL,
                     "evalue": "\x1b[2J" + FALSA, "traceback": []}]}]}))
    problemas = problemas_do_caderno(corrigido, tmp_path / "nada.ipynb", tmp_path / "nada.ipynb")
    assert len(problemas) == 1  # o erro da célula (o caderno enviado não se lê: nada a dizer)
    resultados = [Resultado("ana", "cap01", 3, 3, [], True),
                  Resultado("eva\n  ana · cap01: ⚠ possível adulteração", "cap01", 0, 3, problemas, True)]
    texto = resumo(resultados, ["cap01"], ["ana", "eva\n  ana · cap01: ⚠ possível adulteração"])
    assert "\x1b" not in texto and "\r" not in texto and "\x07" not in texto
    linhas = texto.splitlines()
    assert not [li for li in linhas if li.startswith("  ana")], texto  # a ana não tem problemas
    (linha,) = [li for li in linhas if NOME_HOSTIL[:10] in li]
    assert linha.startswith("  eva") and "\\n" in linha and "\\x1b[31m" in linha


# --------------------------------------------------------------------------- a saída do kernel

# um «kernel» que diz o que são o seu stdout e stderr e depois escreve 4 MiB em cada um
KERNEL_QUE_ESCREVE = r"""
import os, stat, sys
print("stdout-pipe=%s stderr-pipe=%s" % (stat.S_ISFIFO(os.fstat(1).st_mode),
                                         stat.S_ISFIFO(os.fstat(2).st_mode)), flush=True)
bloco = b"y" * 2**16
for _ in range(64):
    os.write(2, bloco)
    os.write(1, bloco)
print("fim-da-inundacao", flush=True)
"""


def test_saida_do_kernel_vai_para_um_pipe_lido_e_limitado(tmp_path, capfd, monkeypatch):
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    monkeypatch.setenv("CURSO_CAIXAS", str(tmp_path / "c"))
    caixa.especificacao(tmp_path / "jupyter", [sys.executable, "-c", KERNEL_QUE_ESCREVE,
                                               "{connection_file}"], {})
    specs = KernelSpecManager(kernel_dirs=[str(tmp_path / "jupyter" / "kernels")])
    entrega = tmp_path / "entrega"
    entrega.mkdir()
    km = KernelManager(kernel_name=caixa.NOME, kernel_spec_manager=specs)
    km.start_kernel(cwd=str(entrega))
    try:
        assert km.provisioner.process.wait(timeout=120) == 0
    finally:
        km.shutdown_kernel(now=True)
    _, erro = capfd.readouterr()
    # o stderr de quem corrige (aqui, um ficheiro do pytest) nunca chegou ao kernel
    assert "stdout-pipe=True stderr-pipe=True" in erro, erro[:300]
    assert len(erro.encode()) <= caixa.SAIDA_DO_KERNEL + 1000, len(erro)
    assert erro.count("o resto foi lido e descartado") == 1
    assert "fim-da-inundacao" not in erro


def test_o_stderr_pedido_por_quem_arranca_o_kernel_recebe_a_saida(tmp_path, monkeypatch):
    """A guarda do kernel pede o stderr num ficheiro seu para explicar um kernel que não arranca:
    recebe-o pelo leitor (com o teto), sem que o kernel herde o ficheiro."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    monkeypatch.setenv("CURSO_CAIXAS", str(tmp_path / "c"))
    codigo = ("import os, stat, sys; sys.stderr.write('herdado=%s' % "
              "(not stat.S_ISFIFO(os.fstat(2).st_mode))); sys.exit(1)")
    caixa.especificacao(tmp_path / "jupyter", [sys.executable, "-c", codigo, "{connection_file}"], {})
    specs = KernelSpecManager(kernel_dirs=[str(tmp_path / "jupyter" / "kernels")])
    (tmp_path / "entrega").mkdir()
    km = KernelManager(kernel_name=caixa.NOME, kernel_spec_manager=specs)
    with open(tmp_path / "registo", "w+", encoding="utf-8") as registo:
        km.start_kernel(cwd=str(tmp_path / "entrega"), stderr=registo)
        try:
            assert km.provisioner.process.wait(timeout=120) == 1
        finally:
            km.shutdown_kernel(now=True)
    assert (tmp_path / "registo").read_text(encoding="utf-8") == "herdado=False"


# --------------------------------------------------------------------------- a recolha

SEGREDO = "conteudo-das-solucoes-7781"


def _segredo(tmp_path):
    """Um ficheiro que só o professor lê (as soluções) e uma pasta com ele."""
    pasta = tmp_path / "professor" / "cap01"
    pasta.mkdir(parents=True)
    (pasta / "cap01.ipynb").write_text(json.dumps({"cells": [], "segredo": SEGREDO}))
    return pasta


def _tudo(pasta) -> str:
    return "".join(p.read_text(errors="replace") for p in pasta.rglob("*") if p.is_file())


def test_recolha_do_corrigir_nao_segue_ligacoes(tmp_path):
    from curso.correcao.recolha import recolher

    solucoes = _segredo(tmp_path)
    sub = tmp_path / "submitted"
    (sub / "eva" / "cap01").mkdir(parents=True)
    (sub / "eva" / "cap01" / "cap01.ipynb").symlink_to(solucoes / "cap01.ipynb")
    (sub / "eva" / "cap01" / "timestamp.txt").write_text("2026-01-01 10:00:00")
    (sub / "eva" / "cap01" / "dados").symlink_to(solucoes)
    (sub / "rui").mkdir()
    (sub / "rui" / "cap01").symlink_to(solucoes)
    (sub / "ze").symlink_to(tmp_path / "professor")
    (sub / "ana" / "cap01" / "extra").mkdir(parents=True)
    (sub / "ana" / "cap01" / "cap01.ipynb").write_text('{"cells": []}')
    (sub / "ana" / "cap01" / "extra" / "notas.txt").write_text("da ana")
    # código Python ao lado do caderno: um kernel aberto na pasta corrigida importá-lo-ia
    (sub / "gil" / "cap01" / "ipykernel_launcher").mkdir(parents=True)
    (sub / "gil" / "cap01" / "cap01.ipynb").write_text('{"cells": []}')
    for nome in ("ipykernel_launcher.py", "ipykernel_launcher/__main__.py", "JSON.PY", "x.pth"):
        (sub / "gil" / "cap01" / nome).write_text("import os")

    avisos = {aluno: recolher(sub, aluno, "cap01", tmp_path / "copia" / aluno)
              for aluno in ("eva", "rui", "ze", "ana", "gil")}
    copias = {aluno: tmp_path / "copia" / aluno / aluno / "cap01" for aluno in avisos}
    assert SEGREDO not in _tudo(tmp_path / "copia")
    assert sorted(p.name for p in copias["eva"].iterdir()) == ["timestamp.txt"]
    assert list(copias["rui"].iterdir()) == [] and list(copias["ze"].iterdir()) == []
    assert (copias["ana"] / "extra" / "notas.txt").read_text() == "da ana" and avisos["ana"] == []
    (caderno, pasta) = sorted(avisos["eva"])
    assert "⚠ possível adulteração" in caderno and "cap01.ipynb" in caderno and "vale 0" in caderno
    assert str(solucoes) in caderno  # o alvo da ligação, para o professor ver
    assert "⚠ possível adulteração" in pasta and "dados" in pasta
    for aluno in ("rui", "ze"):
        (aviso,) = avisos[aluno]
        assert "⚠ possível adulteração" in aviso and "ligação simbólica" in aviso and "vale 0" in aviso
    copiados = sorted(str(p.relative_to(copias["gil"])) for p in copias["gil"].rglob("*"))
    assert copiados == ["cap01.ipynb", "ipykernel_launcher"], copiados
    assert len(avisos["gil"]) == 4 and all("código Python ao lado do caderno" in a for a in avisos["gil"])


def test_nbgrader_collect_da_troca_nao_segue_ligacoes(tmp_path):
    from ._turma import copiar_curso

    curso = tmp_path / "curso"
    curso.mkdir()
    copiar_curso(curso, ["cap01"])
    solucoes = curso / "solutions" / "cap01"
    marca = "### BEGIN SOLUTION"
    assert marca in (solucoes / "cap01.ipynb").read_text()
    inbound = tmp_path / "troca" / "curso" / "inbound"
    data = "2026-01-01 10:00:00.000000 UTC"
    eva, rui, fora = (inbound / f"{n}+cap01+{data}+x1aleatorio0" for n in ("eva", "rui", ".."))
    terminal = inbound / f"ze+cap01+{data}+\x1b[2J\nfalso"  # o nbgrader escreve-o no terminal
    terminal.mkdir(parents=True)
    (terminal / "cap01.ipynb").write_text('{"cells": []}')
    eva.mkdir(parents=True)
    (eva / "cap01.ipynb").symlink_to(solucoes / "cap01.ipynb")
    (eva / "timestamp.txt").write_text(data)
    rui.symlink_to(solucoes)
    fora.mkdir()
    (fora / "cap01.ipynb").write_text('{"cells": []}')
    r = subprocess.run([sys.executable, "-m", "nbgrader", "collect", "cap01",
                        f"--Exchange.root={tmp_path / 'troca'}", "--CourseDirectory.course_id=curso"],
                       cwd=curso, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    recolhido = curso / "submitted"
    assert marca not in _tudo(recolhido)
    assert not (curso / "cap01").exists()  # o aluno «..» não escreve fora de submitted/
    assert not (recolhido / "ze").exists() and "\x1b" not in r.stdout + r.stderr
    # pastas que não são de um aluno desta máquina (aqui, do root) não se recolhem de todo; uma
    # ligação simbólica dentro da entrega de um aluno a sério: tests/correcao/test_troca_hostil.py
    assert not (recolhido / "eva").exists() and not (recolhido / "rui").exists()
    assert not any(p.is_symlink() for p in recolhido.rglob("*"))

    # o curso corrigir mostra o que a troca recusou
    from curso.correcao.recolha import recusas_de

    avisos = recusas_de(recolhido, "eva", "cap01")
    assert any("⚠ possível adulteração" in a and "inbound" in a and "não foi recolhida" in a
               for a in avisos), avisos
    avisos = recusas_de(recolhido, "rui", "cap01")
    assert any("⚠ possível adulteração" in a and "ligação simbólica" in a for a in avisos), avisos


def test_submissao_com_marcas_das_solucoes_e_sinalizada(tmp_path):
    from curso.correcao.diagnostico import problemas_do_caderno

    from ._turma import RAIZ, ler

    fonte = RAIZ / "solutions" / "cap01" / "cap01.ipynb"
    publicado = RAIZ / "exercises" / "cap01" / "cap01.ipynb"
    oculto = next("".join(c["source"]) for c in ler(fonte)["cells"]
                  if "BEGIN HIDDEN TESTS" in "".join(c["source"]))
    escondida = next(li for li in oculto.split("BEGIN HIDDEN TESTS")[1].splitlines()
                     if li.startswith("assert"))
    honesto = ler(publicado)
    copiado = ler(publicado)
    copiado["cells"][-1]["source"] = "# o que achei\n" + escondida + "\n"
    casos = {"solucoes": ler(fonte), "copiado": copiado, "honesto": honesto}
    avisos = {}
    for nome, nb in casos.items():
        (tmp_path / f"{nome}.ipynb").write_text(json.dumps(nb))
        avisos[nome] = [p for p in problemas_do_caderno(tmp_path / "nada.ipynb", tmp_path / f"{nome}.ipynb",
                                                        publicado, fonte) if "adulteração" in p]
    assert avisos["honesto"] == []
    assert any("BEGIN SOLUTION" in a for a in avisos["solucoes"]), avisos
    assert any("testes escondidos" in a for a in avisos["copiado"]), avisos


# --------------------------------------------------------------------------- limites da caixa

def _pastas(tmp_path):
    privada, ligacao = tmp_path / "trabalho", tmp_path / "ligacao"
    privada.mkdir(parents=True)
    ligacao.mkdir()
    return privada, ligacao


CRIAR_FICHEIROS = """
import os, sys
for i in range(100_000):
    open(f"{sys.argv[1]}/f{i}", "w").close()
print("criou-todos", flush=True)
"""


def test_teto_de_inodes_nos_tmpfs_da_caixa(tmp_path):
    caixa.violacoes()
    for nome in ("casa", "/tmp", "/dev/shm"):
        privada, ligacao = _pastas(tmp_path / nome.strip("/").replace("/", "-"))
        casa = caixa.casa_da_caixa([*caixa.leitura(), str(ligacao)])
        pasta = casa if nome == "casa" else nome
        argv = caixa.comando([sys.executable, "-c", CRIAR_FICHEIROS, pasta], privada, ligacao,
                             caixa.leitura(), {"PYTHONUTF8": "1"})
        processo = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
        vigia = caixa.VigiaDaLigacao(ligacao, processo, intervalo=0.02, inodes=2000, casa=casa)
        vigia.start()
        saida, _ = processo.communicate(timeout=120)
        vigia.join(10)
        assert "criou-todos" not in saida
        (violacao,) = caixa.violacoes()
        assert "2000 ficheiros" in violacao and pasta in violacao and "terminado" in violacao


def test_teto_de_sockets_na_pasta_de_ligacao(tmp_path):
    import socket

    processo = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    caixa.violacoes()
    sockets = []
    try:
        vigia = caixa.VigiaDaLigacao(tmp_path, processo, intervalo=0.01)
        vigia.start()
        for n in range(1, caixa.SOCKETS_MAXIMOS + 40):  # nomes permitidos, mas sem fim
            s = socket.socket(socket.AF_UNIX)
            s.bind(str(tmp_path / f"k-{n}"))
            sockets.append(s)
        processo.wait(timeout=10)
        vigia.join(10)
        (violacao,) = caixa.violacoes()
        assert "pasta de ligação" in violacao and "terminado" in violacao
        assert len(list(tmp_path.iterdir())) <= caixa.SOCKETS_MAXIMOS  # os a mais foram apagados
    finally:
        processo.kill()
        processo.wait()
        for s in sockets:
            s.close()


# três processos, cada um com 150 MiB escritos (cada um longe do limite por processo)
TRES_PROCESSOS = """
import os, time
filhos = []
for _ in range(3):
    pid = os.fork()
    if pid == 0:
        dados = b"x" * (150 * 2**20)
        time.sleep(3)
        os._exit(0)
    filhos.append(pid)
print(sorted(os.waitstatus_to_exitcode(os.waitpid(p, 0)[1]) for p in filhos), flush=True)
"""


def test_memoria_limitada_na_caixa_inteira(tmp_path, monkeypatch):
    import os

    if os.geteuid() != 0:
        pytest.skip("o limite de memória da caixa inteira é um cgroup «memory», que só o root "
                    "cria (como utilizador normal valem os limites por processo): corre como root")
    sem = [str(r) for r in (caixa.CGROUP_PIDS, caixa.CGROUP_MEMORIA) if not (r / "cgroup.procs").is_file()]
    if sem and not os.environ.get("CI"):  # na CI (root) tem de haver: uma falta é uma falha
        pytest.skip(f"esta máquina não tem o cgroup v1 {' nem '.join(sem)}, onde a caixa põe o seu "
                    "limite de memória")
    monkeypatch.setenv("CURSO_CAIXA_GRUPO", f"teste-caixa-hostil-{os.getpid()}")
    privada, ligacao = _pastas(tmp_path)
    argv = caixa.comando([sys.executable, "-c", TRES_PROCESSOS], privada, ligacao, caixa.leitura(),
                         {"PYTHONUTF8": "1"})
    grupo = caixa.GrupoDeProcessos(caixa.base_de_grupos(), 64, 256 * 2**20,
                                   caixa.base_de_grupos(caixa.CGROUP_MEMORIA))
    try:
        r = subprocess.run([*grupo.prefixo(), *argv], capture_output=True, text=True, timeout=120)
    finally:
        grupo.remover()
        caixa.remover_grupos(os.environ["CURSO_CAIXA_GRUPO"])
    for raiz in (caixa.CGROUP_MEMORIA, caixa.CGROUP_PIDS):
        assert not (raiz / os.environ["CURSO_CAIXA_GRUPO"]).exists(), raiz
    # o núcleo mata (SIGKILL) quem passar dos 256 MiB da caixa: pelo menos um dos três
    assert r.returncode != 0 or "-9" in r.stdout, (r.returncode, r.stdout, r.stderr[-500:])


# --------------------------------------------------------------------------- o tamanho das saídas

def _mensagem(tipo, conteudo):
    return {"msg_type": tipo, "header": {"msg_type": tipo, "msg_id": "m"},
            "parent_header": {"msg_id": "pedido"}, "metadata": {}, "content": conteudo}


def _execucao():
    from curso.correcao.recuperacao import ExecutarSemParar

    e = ExecutarSemParar()
    e.reset_execution_trackers()
    e.clear_before_next_output = False
    e._saida = {}
    return e


def _guardado(celula) -> int:
    return len(json.dumps(celula["outputs"])) + len(json.dumps(celula.get("metadata", {})))


def test_saida_conta_os_metadados_e_as_atualizacoes():
    from nbformat.v4 import new_code_cell, new_notebook

    from curso.correcao.recuperacao import LIMITE_SAIDA

    execucao, enorme = _execucao(), "m" * (LIMITE_SAIDA // 4)
    celula, outra, erro = new_code_cell("x"), new_code_cell("y"), new_code_cell("z")
    execucao.nb = new_notebook(cells=[celula, outra, erro])
    # imagens minúsculas com metadados enormes: o texto e os dados passavam, os metadados não
    for _ in range(12):
        execucao.process_message(_mensagem("display_data", {
            "data": {"text/plain": "ok"}, "metadata": {"lixo": enorme}}), celula, 0)
    assert _guardado(celula) < 1.1 * LIMITE_SAIDA, _guardado(celula)
    assert "foi cortado pela correção" in celula["outputs"][-1]["text"]

    # uma saída com display_id pequena, e depois atualizações enormes (não passam por output)
    execucao.process_message(_mensagem("display_data", {
        "data": {"text/plain": "ok"}, "metadata": {}, "transient": {"display_id": "d"}}), outra, 1)
    for _ in range(8):
        execucao.process_message(_mensagem("update_display_data", {
            "data": {"text/plain": enorme}, "metadata": {}, "transient": {"display_id": "d"}}), outra, 1)
    assert _guardado(outra) < 1.1 * LIMITE_SAIDA, _guardado(outra)

    # o nome de uma exceção também tem teto
    execucao.process_message(_mensagem("error", {"ename": "E" * (4 * LIMITE_SAIDA), "evalue": "",
                                                 "traceback": []}), erro, 2)
    assert _guardado(erro) < LIMITE_SAIDA // 10, _guardado(erro)


# --------------------------------------------------------------------------- pelo curso corrigir

LANCADOR_FALSO = """
import os, runpy, sys
os.environ["MARCA_DO_LANCADOR"] = "o-lancador-falso-correu"
sys.path = [p for p in sys.path if p not in ("", os.getcwd())]
runpy.run_module("ipykernel_launcher", run_name="__main__")
"""


@pytest.mark.lento
@pytest.mark.timeout(900)
def test_turma_hostil_pelo_curso_corrigir(tmp_path):
    import shutil
    import tempfile

    from nbgrader.api import Gradebook

    from ._turma import celula, copiar_curso, corrigir, exercicios, ler, maximo, resolvido, submeter

    cap = "cap01"
    (sol_a, _, _) = exercicios(cap)[0]
    curso = tmp_path / "curso"
    curso.mkdir()
    copiar_curso(curso, [cap])
    submeter(curso, "ana", cap, resolvido(cap))
    # um lançador do kernel ao lado de um caderno que só diz se ele correu
    nb = ler(curso / "exercises" / cap / f"{cap}.ipynb")
    celula(nb, sol_a)["source"] = 'print(__import__("os").environ.get("MARCA_DO_LANCADOR", "sem-marca"))\n'
    submeter(curso, "lancador", cap, nb)
    (curso / "submitted" / "lancador" / cap / "ipykernel_launcher.py").write_text(LANCADOR_FALSO)
    # o caderno é uma ligação simbólica para as soluções
    (curso / "submitted" / "ligacao" / cap).mkdir(parents=True)
    (curso / "submitted" / "ligacao" / cap / f"{cap}.ipynb").symlink_to(
        curso / "solutions" / cap / f"{cap}.ipynb")
    # uma cópia das soluções, com as marcas do nbgrader
    submeter(curso, "copia", cap, ler(curso / "solutions" / cap / f"{cap}.ipynb"))
    # uma exceção cujo nome acusa a ana
    nb = ler(curso / "exercises" / cap / f"{cap}.ipynb")
    celula(nb, sol_a)["source"] = f"raise type({NOME_HOSTIL!r}, (Exception,), {{}})()\n"
    submeter(curso, "nome_hostil", cap, nb)

    temporarias = Path(tempfile.mkdtemp(prefix="caixa-hostil-", dir="/tmp"))
    try:
        r = corrigir(curso, "--timeout", "20", env={"TMPDIR": str(temporarias)})
        assert list(temporarias.iterdir()) == []
    finally:
        shutil.rmtree(temporarias, ignore_errors=True)
    assert r.returncode == 0, r.stdout + r.stderr
    with Gradebook(f"sqlite:///{curso / 'gradebook.db'}") as gb:
        notas = {s.student_id: s.score for s in gb.assignment_submissions(cap)}
    assert notas["ana"] == maximo(cap)
    assert notas["ligacao"] == 0 and notas["lancador"] == 0 and notas["nome_hostil"] == 0, notas

    saidas = json.dumps(ler(curso / "autograded" / "lancador" / cap / f"{cap}.ipynb"))
    assert "sem-marca" in saidas and "o-lancador-falso-correu" not in saidas
    assert not (curso / "autograded" / "ligacao" / cap / f"{cap}.ipynb").exists()

    linhas = r.stdout.split("Problemas")[1].splitlines()
    assert "\x1b" not in r.stdout
    assert not [li for li in linhas if li.startswith("  ana")], linhas
    assert any(li.startswith("  ligacao · cap01: ⚠ possível adulteração") and "ligação simbólica" in li
               for li in linhas), linhas
    assert any(li.startswith("  copia · cap01: ⚠ possível adulteração") and "marcas das soluções" in li
               for li in linhas), linhas
    assert any(li.startswith("  nome_hostil · cap01:") and "\\n" in li for li in linhas), linhas
