"""Alunos hostis contra ``curso corrigir`` com a caixa de areia: nenhum ganha pontos em
silêncio e nenhum muda nada fora da sua própria nota.

Uma turma no capítulo 1: um aluno com as soluções, um em branco, e os atacantes — cada um parte
do caderno em branco e põe numa célula de resposta um dos ataques da revisão de segurança
(ler as soluções, transformadores do IPython, ler o ``gradebook.db``, uma ``str`` que mente,
estragar a submissão de um colega, escrever no repositório, processos destacados, forjar a
resposta do trabalhador, ``SIGSTOP`` ao professor, trancar a base de dados, rede, ambiente,
bombas de memória e de processos, encher o disco, uma saída sem fim…). Depois de uma correção,
para todos:

- o atacante tem 0 pontos (não resolveu nada) e o resumo marca-o «⚠ possível adulteração»;
- os colegas têm a nota de sempre;
- a árvore do curso, fora das saídas da correção, fica igual byte a byte (e o pacote ``curso``);
- não fica nenhum processo, nem pastas temporárias;
- nenhum retorno mostra código dos testes escondidos, nem uma variável secreta do professor;
- o CSV, a base de dados e a tabela impressa dizem o mesmo.
"""

from __future__ import annotations

import csv
import hashlib
import html
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest
from nbgrader.api import Gradebook

from ._turma import RAIZ, celula, copiar_curso, corrigir, exercicios, ler, maximo, resolvido, submeter

pytestmark = pytest.mark.lento

CAP = "cap01"
MARCA = "ataque-i13-marca"  # está na linha de comando de cada processo que um ataque arranca
SEGREDO = "segredo-do-professor-5521"
(SOL_A, _, _), (SOL_B, VER_B, PTS_B) = exercicios(CAP)[:2]
SAIDAS = ("autograded", "feedback", "gradebook.db", "notas.csv", "resultados")

# Um processo destacado que sobrevive ao kernel (se nada o matar), com a MARCA no argv.
DESTACADO = """
import subprocess, sys
codigo = {codigo!r}
subprocess.Popen([sys.executable, "-c", codigo, "{marca}"], start_new_session=True,
                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
"""

# código banal: o limite chega (memória, saída guardada), não há o que assinalar
SO_LIMITES = {"bomba_de_memoria", "saida_sem_fim"}
FIM_DA_INUNDACAO = "a-inundacao-chegou-ao-fim"
ENCHEU = "a-ligacao-encheu"
ATAQUES = {
    # ler as soluções do curso e correr as células de solução
    "solucoes_pela_raiz": """
import json, os
for caminho in (os.environ.get("CURSO_RAIZ", ".") + "/solutions/cap01/cap01.ipynb",
                os.path.join(*[".."] * 3, "solutions/cap01/cap01.ipynb"), os.path.join(*[".."] * 4, "solutions/cap01/cap01.ipynb")):
    try:
        nb = json.load(open(caminho))
    except OSError as erro:
        print("não consegui:", erro)
        continue
    for c in nb["cells"]:
        if c["metadata"].get("nbgrader", {}).get("solution"):
            exec("".join(c["source"]), globals())
""",
    # cada instrução das verificações embrulhada num try/except
    "transformador_ast": """
import ast
class Engolir(ast.NodeTransformer):
    def visit_Module(self, no):
        corpo = [ast.Try(body=[s], handlers=[ast.ExceptHandler(type=ast.Name("BaseException", ast.Load()), name=None, body=[ast.Pass()])], orelse=[], finalbody=[]) for s in no.body]
        return ast.fix_missing_locations(ast.Module(body=corpo, type_ignores=[]))
get_ipython().ast_transformers.append(Engolir())
""",
    "transformador_de_entrada": """
def trocar(linhas):
    return ["pass\\n"] if any("verificar" in l for l in linhas) else linhas
get_ipython().input_transformers_post.append(trocar)
""",
    # o código dos testes escondidos: da base de dados, de um evento, do histórico
    "ler_gradebook": """
import os, sqlite3
for caminho in (os.environ.get("CURSO_RAIZ", ".") + "/gradebook.db", os.path.join(*[".."] * 3, "gradebook.db"),
                os.path.join(*[".."] * 4, "gradebook.db")):
    try:
        print([l for (l,) in sqlite3.connect(caminho).execute("select source from source_cell")])
    except Exception as erro:
        print("não consegui:", erro)
""",
    "evento_pre_run_cell": """
get_ipython().events.register("pre_run_cell", lambda info: print(info.raw_cell))
""",
    "historico_de_celulas": """
def espiar():
    print(In, _ih)
get_ipython().events.register("post_run_cell", lambda r: espiar())
""",
    # uma resposta que diz que é igual a tudo
    "str_mentirosa": """
class Letra(str):
    def __eq__(self, outra):
        return True
    __hash__ = str.__hash__
    def strip(self):
        return self
    def lower(self):
        return self
resposta_1_2 = Letra("x")
""",
    # mexer no que não é seu
    "estragar_colega": """
import os, shutil
raiz = os.environ.get("CURSO_RAIZ", ".")
for destino in (raiz + "/submitted/solucao/cap01/cap01.ipynb", os.path.join(*[".."] * 2, "solucao/cap01/cap01.ipynb"),
                os.path.join(*[".."] * 3, "submitted/solucao/cap01/cap01.ipynb")):
    try:
        shutil.copy(raiz + "/exercises/cap01/cap01.ipynb", destino)
    except OSError as erro:
        print("não consegui:", erro)
""",
    "escrever_no_curso": """
import os, glob, curso
raiz = os.environ.get("CURSO_RAIZ", ".")
alvos = [raiz + "/nbgrader_config.py", raiz + "/solutions/cap01/cap01.ipynb",
         os.path.join(os.path.dirname(curso.__file__), "__init__.py"),
         os.path.join(*[".."] * 3, "nbgrader_config.py"), "/tmp/../" + raiz + "/tests/exercicios/test_cap01.py"]
for alvo in alvos:
    try:
        with open(alvo, "a") as f:
            f.write("\\nprint('adulterado')\\n")
    except OSError as erro:
        print("não consegui:", erro)
""",
    "reescrever_notas_depois": DESTACADO.format(marca=MARCA, codigo="""
import os, time
time.sleep(3)
raiz = os.environ.get("CURSO_RAIZ", ".")
for alvo in (raiz + "/gradebook.db", raiz + "/notas.csv"):
    try:
        open(alvo, "w").write("estragado")
    except OSError:
        pass
"""),
    # o trabalhador e o professor
    "forjar_resposta": """
import json, os, signal
for pid in os.listdir("/proc"):
    if not pid.isdigit() or int(pid) == os.getpid():
        continue
    for fd in os.listdir(f"/proc/{pid}/fd") if os.access(f"/proc/{pid}/fd", os.R_OK) else []:
        try:
            with open(f"/proc/{pid}/fd/{fd}", "w") as f:
                f.write(json.dumps({"id": 0, "aluno": "forjar_resposta", "capitulo": "cap01", "ok": True, "notas": {"pontos": 99}}) + "\\n")
        except OSError:
            pass
for pid in (os.getppid(), 1):
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError as erro:
        print("não consegui:", erro)
""",
    "sigstop_ao_professor": DESTACADO.format(marca=MARCA, codigo="""
import os, signal, time
for _ in range(60):
    for pid in os.listdir("/proc"):
        if pid.isdigit() and int(pid) != os.getpid():
            try:
                os.kill(int(pid), signal.SIGSTOP)
            except OSError:
                pass
    try:
        os.kill(-1, signal.SIGSTOP)
    except OSError:
        pass
    time.sleep(0.5)
"""),
    "trancar_gradebook": DESTACADO.format(marca=MARCA, codigo="""
import os, sqlite3, time
for caminho in (os.environ.get("CURSO_RAIZ", ".") + "/gradebook.db", os.path.join(*[".."] * 3, "gradebook.db")):
    try:
        ligacao = sqlite3.connect(caminho, timeout=0)
        ligacao.execute("BEGIN EXCLUSIVE")
    except Exception:
        pass
time.sleep(120)
"""),
    "duplo_fork": f"""
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv("/bin/sleep", ["/bin/sleep", "300", "{MARCA}"])
    os._exit(0)
time.sleep(0.5)
""",
    # rede e ambiente
    "rede": """
import os, socket
for familia, tipo in ((socket.AF_INET, socket.SOCK_STREAM), (socket.AF_INET, socket.SOCK_DGRAM)):
    try:
        s = socket.socket(familia, tipo)
        s.settimeout(2)
        s.connect(("127.0.0.1", int(os.environ.get("PORTA_ESPIA", PORTA))))
        s.send(b"fuga")
    except OSError as erro:
        print("não consegui:", erro)
""",
    "ler_ambiente": """
import os
print(dict(os.environ))
print(open("/proc/1/environ", "rb").read())
""",
    # limites
    "bomba_de_memoria": """
pedacos = []
try:
    while True:
        pedacos.append(bytearray(2**28))
except MemoryError:
    pedacos.clear()
    print("sem memória")
""",
    "bomba_de_processos": f"""
import os, time
filhos = 0
for _ in range(5000):
    try:
        if os.fork() == 0:
            os.execv("/bin/sleep", ["/bin/sleep", "300", "{MARCA}"])
        filhos += 1
    except OSError:
        break
print("filhos:", filhos)
""",
    # o disco do professor: a pasta de trabalho (tem tamanho fixo) e a de ligação (só sockets)
    "encher_o_disco": f"""
import os, sys
bloco = b"0" * 2**24
for i in range(64):  # a pasta de trabalho: 1 GiB, se a deixassem
    try:
        with open(f"enche-{{i}}", "wb") as f:
            f.write(bloco)
    except OSError as erro:
        print("a pasta de trabalho encheu:", erro, flush=True)
        break
ligacao = os.path.dirname(sys.argv[sys.argv.index("-f") + 1])
for i in range(256):  # a pasta de ligação: 4 GiB, se a vigia deixasse
    with open(os.path.join(ligacao, f"enche-{{i}}"), "wb") as f:
        f.write(bloco)
print("{ENCHEU}")
""",
    # uma saída sem fim: 200 MiB de texto para a memória do trabalhador e para o caderno corrigido
    "saida_sem_fim": f"""
for _ in range(200):
    print("x" * 2**20)
print("{FIM_DA_INUNDACAO}")
""",
    # o interpretador
    "trocar_verificar": """
import sys
sys.modules["curso.verificacao"].verificar = lambda *a, **k: print("Tudo certo")
sys.modules["curso.verificacao"].so_dados = lambda valor, *a, **k: "c"
import builtins
builtins.isinstance = lambda *a: True
builtins.AssertionError = type("Nada", (Exception,), {})
""",
    "excecoes_silenciosas": """
ip = get_ipython()
ip.set_custom_exc((BaseException,), lambda *a, **k: None)
ip.showtraceback = lambda *a, **k: None
type(ip).run_cell = lambda self, *a, **k: None
""",
}


@pytest.fixture
def temporarias():
    """O TMPDIR da correção: curto (os sockets Unix das caixas têm um limite de comprimento), e
    tem de ficar vazio."""
    pasta = Path(tempfile.mkdtemp(prefix="adulteracao-", dir="/tmp"))
    yield pasta
    shutil.rmtree(pasta, ignore_errors=True)


def _arvore(pasta: Path, fora: tuple[str, ...] = ()) -> dict[str, str]:
    """O hash de cada ficheiro (e o alvo de cada ligação) debaixo de ``pasta``."""
    hashes = {}
    for caminho in sorted(pasta.rglob("*")):
        relativo = caminho.relative_to(pasta).as_posix()
        if relativo.split("/")[0] in fora or "__pycache__" in relativo:
            continue
        if caminho.is_symlink():
            hashes[relativo] = "-> " + os.readlink(caminho)
        elif caminho.is_file():
            hashes[relativo] = hashlib.sha256(caminho.read_bytes()).hexdigest()
    return hashes


def _processos_com(texto: str) -> list[str]:
    achados = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            linha = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if texto in linha:
            achados.append(f"{pid}: {linha[:200]}")
    return achados


class Espia:
    """Um servidor TCP e UDP em 127.0.0.1: um kernel isolado não lhe pode chegar."""

    def __init__(self):
        self.tcp = socket.socket()
        self.tcp.bind(("127.0.0.1", 0))
        self.tcp.listen()
        self.porta = self.tcp.getsockname()[1]
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.udp.bind(("127.0.0.1", self.porta))
        self.contactos: list[str] = []
        self.fios = [threading.Thread(target=self._tcp, daemon=True),
                     threading.Thread(target=self._udp, daemon=True)]
        for f in self.fios:
            f.start()

    def _tcp(self):
        try:
            while True:
                ligacao, _ = self.tcp.accept()
                self.contactos.append("tcp")
                ligacao.close()
        except OSError:
            return

    def _udp(self):
        try:
            while True:
                self.udp.recvfrom(100)
                self.contactos.append("udp")
        except OSError:
            return

    def fechar(self):
        self.tcp.close()
        self.udp.close()


def _tabela(saida: str) -> dict[tuple[str, str], str]:
    """A tabela impressa: (aluno, capítulo) -> «pontos/máximo»."""
    linhas = saida.splitlines()
    inicio = next(i for i, li in enumerate(linhas) if li.startswith("aluno "))
    caps = linhas[inicio].split()[1:-1]
    tabela = {}
    for linha in linhas[inicio + 2:]:
        if not linha.strip():
            break
        partes = linha.split()
        for cap, valor in zip(caps, partes[1:]):
            tabela[(partes[0], cap)] = valor
    return tabela


def _saidas(caderno: Path) -> str:
    """O texto de todas as saídas de um caderno corrigido (sem o código das células)."""
    partes = []
    for c in ler(caderno)["cells"]:
        for saida in c.get("outputs", []):
            texto = saida.get("text") or saida.get("evalue") or ""
            partes.append("".join(texto) if isinstance(texto, list) else texto)
    return "\n".join(partes)


def _numero(texto: str) -> float:
    return float(texto.replace(",", "."))


@pytest.mark.timeout(900)
def test_alunos_hostis(tmp_path, temporarias):
    curso = tmp_path / "curso"
    curso.mkdir()
    copiar_curso(curso, [CAP])
    submeter(curso, "solucao", CAP, resolvido(CAP))
    submeter(curso, "branco", CAP, ler(curso / "exercises" / CAP / f"{CAP}.ipynb"))
    submeter(curso, "parcial", CAP, resolvido(CAP, so={SOL_B}))
    espia = Espia()
    for aluno, codigo in ATAQUES.items():
        nb = ler(curso / "exercises" / CAP / f"{CAP}.ipynb")
        codigo = codigo.replace("PORTA", str(espia.porta))
        if aluno == "str_mentirosa":
            celula(nb, "ex1_2")["source"] = codigo
        else:  # o ataque ao nível do módulo, depois do esboço por resolver
            c = celula(nb, SOL_A)
            c["source"] = "".join(c["source"]) + "\n\n" + codigo.strip() + "\n"
        submeter(curso, aluno, CAP, nb)
    antes = _arvore(curso, SAIDAS)
    pacote = _arvore(RAIZ / "src" / "curso")

    try:
        r = corrigir(curso, "--timeout", "20", "--csv", "notas.csv",
                     env={"TMPDIR": str(temporarias), "CURSO_SEGREDO_DO_TESTE": SEGREDO})
    finally:
        espia.fechar()
    saida = r.stdout
    (tmp_path / "saida.txt").write_text(saida + r.stderr, encoding="utf-8")
    assert r.returncode == 0, saida + r.stderr

    # ninguém ficou: nem processos dos ataques, nem kernels, nem pastas temporárias
    assert _processos_com(MARCA) == []
    assert _processos_com(str(temporarias)) == []
    assert list(temporarias.iterdir()) == []  # com as caixas dos kernels (o TMPDIR é curto)
    assert espia.contactos == [], "um kernel chegou à rede do professor"
    # o curso e o pacote ficaram como estavam
    assert _arvore(curso, SAIDAS) == antes
    assert _arvore(RAIZ / "src" / "curso") == pacote

    with Gradebook(f"sqlite:///{curso / 'gradebook.db'}") as gb:
        notas = {s.student_id: s.score for s in gb.assignment_submissions(CAP)}
    assert notas["solucao"] == maximo(CAP)
    assert notas["branco"] == 0
    assert notas["parcial"] == PTS_B
    problemas = saida.split("Problemas")[1]
    for aluno in ATAQUES:
        assert notas[aluno] == 0, (aluno, notas[aluno], saida)
        linhas = [li for li in problemas.splitlines() if f" {aluno} · {CAP}:" in li]
        if aluno in SO_LIMITES:  # sem nada de suspeito no código: basta não ganhar nada
            continue
        assert any("⚠ possível adulteração" in li and "linha" in li for li in linhas), (aluno, linhas)

    # o CSV, a base de dados e a tabela impressa dizem o mesmo
    with open(curso / "notas.csv", encoding="utf-8") as f:
        csv_notas = {li["student_id"]: float(li["score"]) for li in csv.DictReader(f)}
    tabela = _tabela(saida)
    assert csv_notas == notas
    for aluno, pontos in notas.items():
        assert _numero(tabela[(aluno, CAP)].split("/")[0]) == pontos, aluno

    # os retornos: nem testes escondidos nem segredos do professor
    escondidas = set()
    for c in ler(curso / "solutions" / CAP / f"{CAP}.ipynb")["cells"]:
        fonte = "".join(c["source"])
        if "BEGIN HIDDEN TESTS" in fonte:
            bloco = fonte.split("BEGIN HIDDEN TESTS")[1].split("END HIDDEN TESTS")[0]
            escondidas |= {li.strip() for li in bloco.splitlines()[1:-1] if len(li.strip()) >= 8}
    assert escondidas
    retornos = list((curso / "feedback").rglob("*.html"))
    assert len(retornos) == len(ATAQUES) + 3
    for caminho in retornos:
        texto = html.unescape(re.sub(r"<[^>]+>", "", caminho.read_text(encoding="utf-8")))
        for linha in escondidas:
            assert linha not in texto, (caminho, linha)
        assert SEGREDO not in texto, caminho
    for caminho in (curso / "autograded").rglob("*.ipynb"):
        assert SEGREDO not in caminho.read_text(encoding="utf-8"), caminho

    # o disco e a memória do professor: a pasta de trabalho encheu no seu limite, a vigia
    # terminou o kernel que escrevia na pasta de ligação, e a saída guardada tem teto
    saidas = _saidas(curso / "autograded" / "encher_o_disco" / CAP / f"{CAP}.ipynb")
    assert "a pasta de trabalho encheu:" in saidas and "No space left on device" in saidas
    assert ENCHEU not in saidas
    assert any("encher_o_disco" in li and "pasta de ligação" in li and "terminado" in li
               for li in problemas.splitlines()), problemas
    inundado = curso / "autograded" / "saida_sem_fim" / CAP / f"{CAP}.ipynb"
    assert inundado.stat().st_size < 3 * 2**20, inundado.stat().st_size
    assert "foi cortado pela correção" in _saidas(inundado)
    assert FIM_DA_INUNDACAO not in _saidas(inundado)


@pytest.mark.timeout(600)
def test_interrompida_nao_deixa_nada(tmp_path, temporarias):
    """Um SIGTERM a meio da correção: sai, e não ficam kernels nem cópias das soluções."""
    curso = tmp_path / "curso"
    curso.mkdir()
    copiar_curso(curso, [CAP])
    for i in range(4):
        submeter(curso, f"aluno{i}", CAP, resolvido(CAP))
    base = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "CURSO_RAIZ")}
    base.update(PATH="/usr/bin:/bin", TMPDIR=str(temporarias))
    proc = subprocess.Popen([sys.executable, "-m", "curso", "corrigir", "--timeout", "20"],
                            cwd=curso, env=base, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    linhas = []
    for linha in proc.stdout:  # espera até a correção das soluções já ter kernels a correr
        linhas.append(linha)
        if "importa o curso" in linha:
            break
    proc.send_signal(signal.SIGTERM)
    saida, erros = proc.communicate(timeout=120)
    assert proc.returncode == 130, "".join(linhas) + saida + erros
    assert "interrompida" in erros
    assert list(temporarias.iterdir()) == []
    assert _processos_com(str(temporarias)) == []
    assert _processos_com(str(curso)) == []
