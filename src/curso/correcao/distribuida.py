"""Corrigir num cluster Dask: o coordenador, a tarefa e o resultado (``curso corrigir --cluster``).

::

    coordenador (curso corrigir)            scheduler            trabalhador do Dask (noutra máquina)
    ───────────────────────────             ─────────            ───────────────────────────────────
    pacote do curso (uma tarefa)      ───────────────────────→  oficina: o pacote aberto numa pasta
    pedido: a submissão recolhida,                               sua e N processos
      o hash, o limite (JSON)      ── submit ──→ fila ──────→    ``curso.correcao.trabalhador`` (os de
                                                                 hoje, ``lote.Trabalhador``), cada
                                                                 kernel na caixa de areia
    ←────────────── devolução (JSON): a resposta do protocolo, os cadernos corrigidos, o retorno,
                    as verificações, o trabalhador; nunca pickle de nada que venha do aluno
    trancar → mais recente? → escreve os ficheiros → regista a nota   (um só escritor)

- **A tarefa** (``corrigir_no_trabalhador``) corre no processo do trabalhador do Dask, mas o código
  do aluno nunca: ela entrega a submissão a um processo ``curso.correcao.trabalhador`` (o mesmo
  do ``curso corrigir`` local, com a caixa de areia, a fronteira e os limites de hoje) e devolve
  só texto JSON. Não escreve nada no curso.
- **O limite de tempo é nosso**: o Dask não tem limite por tarefa; o ``lote.Trabalhador`` mata o
  processo (e a caixa) passado o limite da submissão, a tarefa devolve «sem nota» e o trabalhador
  do Dask continua a servir.
- **Um só escritor**: só o coordenador escreve o gradebook, ``resultados/``, ``autograded/``,
  ``feedback/`` e o CSV, um resultado de cada vez, dentro de ``registo.trancar``. Uma tarefa
  repetida pelo Dask (um trabalhador que morreu a meio; dask#7870) não tem efeitos: só o
  resultado que chega ao coordenador conta, uma vez por submissão, com a chave
  (curso, trabalho, aluno, hash da submissão, versão do corretor) — ver ``registo``.
- **Um trabalhador do cluster que não consegue corrigir** (sem caixa de areia, outra versão do
  curso, um trabalhador que não arranca) devolve uma falha do trabalhador: o coordenador
  retira-o do cluster (``retire_workers``) e manda a submissão a outro.
- **Endereços**: ``tls://`` (certificados da configuração do Dask), ou ``tcp://`` só em
  loopback; ``curso`` recusa um ``tcp://`` para outra máquina.

Ver docs/cluster.md (montar o cluster num servidor, num Slurm e num Kubernetes).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import io
import ipaddress
import json
import os
import queue
import shutil
import tarfile
import tempfile
import threading
import time
import uuid
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from curso.correcao.ambiente import Recusa
from curso.correcao.protocolo import MensagemInvalida, Preparar, Resposta, Tarefa, de_linha, para_linha

TOPICO = "curso-correcao"  # os eventos das tarefas no scheduler (``client.get_events``, o painel)
TENTATIVAS = 3  # em quantos trabalhadores do cluster diferentes uma submissão pode falhar
VOLTAS = 20  # quantas vezes, no máximo, uma submissão volta à fila (um retirado que ainda responde)
ESPERA_POR_TRABALHADORES = 600.0  # segundos que se espera por um trabalhador antes de desistir
VOLTA = 30.0  # de quanto em quanto tempo, à espera de resultados, se confirma que há trabalhadores
DEVOLUCAO_MAXIMA = 256 * 2**20  # caracteres da devolução de uma tarefa (cadernos com saídas)
INSTALAR = "instala o extra do curso para o cluster: pip install 'curso[cluster]' (dask, distributed)"


# ---------------------------------------------------------------------------------------------
# endereços


def endereco_permitido(endereco: str) -> str:
    """O endereço do scheduler, se a ligação for cifrada (``tls://``) ou não sair da máquina
    (``tcp://`` em loopback); senão ``Recusa``: sem TLS, as submissões e as notas passariam em
    claro pela rede, e qualquer um que chegasse ao scheduler lhe mandaria código."""
    partes = urlsplit(endereco if "://" in endereco else f"tcp://{endereco}")
    if partes.scheme == "tls" and partes.hostname:
        return endereco
    if partes.scheme == "tcp" and partes.hostname and _loopback(partes.hostname):
        return endereco if "://" in endereco else f"tcp://{endereco}"
    raise Recusa(
        f"Não ligo ao cluster em {endereco!r}: entre máquinas, o scheduler tem de falar TLS "
        "(tls://ENDEREÇO:PORTA, com os certificados na configuração do Dask); tcp:// só serve "
        "para um scheduler nesta máquina (127.0.0.1). Ver docs/cluster.md.")


def _loopback(nome: str) -> bool:
    if nome == "localhost":
        return True
    try:
        return ipaddress.ip_address(nome).is_loopback
    except ValueError:
        return False


def ligar(pedido: str):
    """Um ``distributed.Client`` ligado ao scheduler de ``pedido``: um endereço (``tls://…``),
    um ficheiro de configuração do Dask (``.yaml``, com ``scheduler-address`` e
    ``distributed.comm.tls``) ou o ficheiro do scheduler (``.json``, de ``dask scheduler
    --scheduler-file``). Os certificados vêm da configuração do Dask."""
    try:
        import dask.config
        from distributed import Client
        from distributed.security import Security
    except ImportError as erro:
        raise Recusa(f"Para corrigir num cluster falta o {erro.name}: {INSTALAR}.") from None

    caminho = Path(pedido).expanduser()
    if caminho.suffix in (".yaml", ".yml", ".json") and not caminho.is_file():
        raise Recusa(f"Não encontrei o ficheiro do cluster {pedido}.")
    endereco = pedido
    if caminho.suffix in (".yaml", ".yml"):
        import yaml

        dados = yaml.safe_load(caminho.read_text(encoding="utf-8")) or {}
        dask.config.update(dask.config.config, dask.config.expand_environment_variables(dados),
                           priority="new")
        endereco = dask.config.get("scheduler-address", None) or ""
        if not endereco:
            raise Recusa(f"{pedido} não diz onde está o scheduler (scheduler-address: tls://…).")
    elif caminho.suffix == ".json":
        endereco = json.loads(caminho.read_text(encoding="utf-8")).get("address", "")
    endereco = endereco_permitido(endereco)
    seguranca = Security()
    if endereco.startswith("tls://") and not seguranca.tls_ca_file:
        raise Recusa("O scheduler fala TLS, mas a configuração do Dask não tem os certificados "
                     "(distributed.comm.tls.ca-file, client.cert, client.key). Ver docs/cluster.md.")
    try:
        return Client(endereco, security=seguranca, timeout=60)
    except (OSError, TimeoutError) as erro:
        raise Recusa(f"Não consegui ligar ao scheduler em {endereco}: {erro}") from None


# ---------------------------------------------------------------------------------------------
# o que vai e o que volta


def _codificar(pasta: Path) -> dict[str, str]:
    """Os ficheiros de ``pasta`` (caminho relativo → conteúdo em base64), por ordem."""
    pasta = Path(pasta)
    if not pasta.is_dir():
        return {}
    return {p.relative_to(pasta).as_posix(): base64.b64encode(p.read_bytes()).decode("ascii")
            for p in sorted(pasta.rglob("*")) if p.is_file() and not p.is_symlink()}


def _descodificar(ficheiros: dict[str, str], destino: Path) -> None:
    """Escreve ``ficheiros`` em ``destino`` (uma pasta nova). Os nomes vêm de submissões: cada
    parte tem de ser um nome simples (sem ``..``, sem caminhos absolutos) e nada é seguido."""
    destino.mkdir(parents=True, exist_ok=True)
    for nome, conteudo in ficheiros.items():
        partes = nome.split("/")
        if not isinstance(conteudo, str) or any(p in ("", ".", "..") or "\0" in p for p in partes):
            raise ValueError(f"nome de ficheiro recusado: {nome!r}")
        alvo = destino.joinpath(*partes)
        alvo.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(alvo, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(base64.b64decode(conteudo, validate=True))


def hash_da_submissao(ficheiros: dict[str, str]) -> str:
    """O sha256 dos ficheiros de uma submissão (nomes e conteúdos), o mesmo em qualquer máquina."""
    h = hashlib.sha256()
    for nome in sorted(ficheiros):
        h.update(nome.encode() + b"\0" + base64.b64decode(ficheiros[nome]) + b"\0")
    return h.hexdigest()


@functools.cache
def versao_do_codigo() -> str:
    """A versão do pacote ``curso`` e o hash do seu código: o coordenador e cada trabalhador do
    cluster têm de ter o mesmo (senão corrigiriam com outras verificações)."""
    import curso

    try:
        from importlib.metadata import version
        numero = version("curso")
    except Exception:  # noqa: BLE001 — um pacote sem metadados ainda tem código para comparar
        numero = "?"
    h = hashlib.sha256()
    pacote = Path(curso.__file__).parent
    for ficheiro in sorted(pacote.rglob("*.py")):
        h.update(ficheiro.relative_to(pacote).as_posix().encode() + b"\0" + ficheiro.read_bytes())
    return f"{numero}+{h.hexdigest()[:12]}"


@dataclass
class Pacote:
    """O que um trabalhador do cluster precisa do curso, num ``.tar.gz`` (bytes), enviado uma vez
    a cada trabalhador: a configuração, as soluções dos capítulos (com os testes escondidos), os
    cadernos publicados, as verificações públicas e um gradebook só com os capítulos (sem notas
    nem alunos). ``corretor`` muda quando muda o que corrige (não com a base de dados)."""

    dados: bytes
    hash: str
    corretor: str

    @classmethod
    def do_curso(cls, raiz: Path, fonte: Path, publicado: Path, caps: list[str], db: Path) -> Pacote:
        entradas = [("nbgrader_config.py", raiz / "nbgrader_config.py")]
        entradas += _arvore(raiz / "tests" / "exercicios", "tests/exercicios")
        for cap in caps:
            entradas += _arvore(fonte / cap, f"fonte/{cap}") + _arvore(publicado / cap, f"publicado/{cap}")
        h = hashlib.sha256()
        for nome, caminho in entradas:
            h.update(nome.encode() + b"\0" + caminho.read_bytes() + b"\0")
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
            for nome, caminho in [*entradas, ("gradebook.db", db)]:
                info = tar.gettarinfo(str(caminho), arcname=nome)
                info.uid = info.gid = 0
                info.uname = info.gname = ""
                with open(caminho, "rb") as f:
                    tar.addfile(info, f)
        dados = buffer.getvalue()
        return cls(dados, hashlib.sha256(dados).hexdigest(), f"{versao_do_codigo()}.{h.hexdigest()[:12]}")


def _arvore(pasta: Path, prefixo: str) -> list[tuple[str, Path]]:
    return [(f"{prefixo}/{p.relative_to(pasta).as_posix()}", p) for p in sorted(Path(pasta).rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts]


# ---------------------------------------------------------------------------------------------
# do lado do trabalhador do Dask: a oficina e a tarefa


class _Oficina:
    """O pacote do curso aberto numa pasta deste trabalhador do Dask e os processos
    ``curso.correcao.trabalhador`` que o usam (um por tarefa a correr ao mesmo tempo)."""

    def __init__(self, pacote: bytes, pedido: dict):
        from curso.correcao.ambiente import ambiente
        from curso.correcao.lote import ambiente_isolado

        self.tmp = Path(tempfile.mkdtemp(prefix="curso-oficina-"))
        self.raiz = self.tmp / "curso"
        self.falha: str | None = None
        self.ativas = 0  # tarefas a usá-la agora
        self.usada = time.monotonic()
        self.livres: queue.SimpleQueue = queue.SimpleQueue()
        self.todos: list = []
        self.cadeado = threading.Lock()
        with tarfile.open(fileobj=io.BytesIO(pacote), mode="r:gz") as tar:
            tar.extractall(self.raiz, filter="data")
        self.env = ambiente(self.raiz)
        kernel = pedido["kernel"]
        if pedido["versao"] != versao_do_codigo():
            self.falha = (f"este trabalhador do cluster tem outra versão do curso "
                          f"({versao_do_codigo()}; o coordenador tem {pedido['versao']})")
        elif pedido["isolado"]:
            from curso.correcao import caixa

            motivo = caixa.motivo_sem_caixa()
            if motivo:
                self.falha = f"este trabalhador do cluster não tem caixa de areia: {motivo}"
            else:
                kernel = ambiente_isolado(self.env, self.raiz, self.tmp, kernel)
        self.preparar = Preparar(raiz=str(self.raiz), db=str(self.raiz / "gradebook.db"),
                                 fonte=str(self.raiz / "fonte"), timeout=pedido["timeout"],
                                 kernel=kernel)

    def tirar(self):
        """Um trabalhador preparado (um livre, ou um novo); ``None`` se não arrancar."""
        from curso.correcao.lote import Trabalhador

        try:
            return self.livres.get_nowait()
        except queue.Empty:
            pass
        with self.cadeado:
            trab = Trabalhador(self.tmp / f"trabalhador{len(self.todos) + 1}", self.env, self.raiz)
            self.todos.append(trab)
        if trab.pedir(self.preparar, 300) is None:
            self._despedir(trab)
            return None
        return trab

    def devolver(self, trab) -> None:
        if trab.morto:  # passou do limite (ou morreu): o próximo pedido arranca outro
            self._despedir(trab)
        else:
            self.livres.put(trab)

    def _despedir(self, trab) -> None:
        trab.terminar()
        with self.cadeado:
            if trab in self.todos:
                self.todos.remove(trab)

    def fechar(self, interrompido: bool = False) -> None:
        from curso.correcao import caixa

        with self.cadeado:
            todos = list(self.todos)
        for trab in todos:
            if interrompido:
                trab.matar()
            trab.terminar()
        if self.env.get("CURSO_CAIXA_GRUPO"):
            caixa.remover_grupos(self.env["CURSO_CAIXA_GRUPO"])
        for pasta in (self.env.get("CURSO_CAIXAS"), self.tmp):
            if pasta:
                shutil.rmtree(pasta, ignore_errors=True)


_oficinas: dict[str, _Oficina] = {}  # pelo hash do pacote: uma por correção (coordenador) em curso
_cadeado_das_oficinas = threading.Lock()
OFICINAS_PARADAS = 2  # oficinas sem tarefas que se guardam (as mais antigas fecham-se)


@contextmanager
def _na_oficina(pacote: bytes, pedido: dict):
    """A oficina do pacote ``pedido["pacote"]`` (aberta à primeira tarefa), enquanto uma tarefa a
    usa. Dois coordenadores no mesmo cluster (o professor e o serviço da correção na entrega) têm
    cada um a sua; uma oficina com tarefas nunca é fechada por outro pacote."""
    with _cadeado_das_oficinas:
        oficina = _oficinas.get(pedido["pacote"])
        if oficina is None:
            oficina = _oficinas[pedido["pacote"]] = _Oficina(pacote, pedido)
        oficina.ativas += 1
        oficina.usada = time.monotonic()
        _arrumar()
    try:
        yield oficina
    finally:
        with _cadeado_das_oficinas:
            oficina.ativas -= 1
            oficina.usada = time.monotonic()
            _arrumar()


def _arrumar() -> None:
    """Fecha as oficinas sem tarefas a mais, as usadas há mais tempo primeiro; com o cadeado."""
    paradas = sorted((o.usada, h) for h, o in _oficinas.items() if not o.ativas)
    for _, h in paradas[:max(0, len(paradas) - OFICINAS_PARADAS)]:
        _oficinas.pop(h).fechar()


def _fechar_este_trabalhador(falha: str, dask_worker=None) -> None:
    """Corre no trabalhador do Dask que o coordenador retira: fecha as oficinas e fecha-o, com
    o *nanny*."""
    with _cadeado_das_oficinas:
        oficinas = list(_oficinas.values())
        _oficinas.clear()
    for oficina in oficinas:
        oficina.fechar(interrompido=True)
    dask_worker.loop.add_callback(dask_worker.close, nanny=True,
                                  reason=f"curso: não consegue corrigir ({falha[:200]})")


def fechar_oficinas(pacote: str, interrompido: bool = False) -> bool:
    """Fecha a oficina do pacote ``pacote`` neste trabalhador do Dask (os processos, as caixas,
    as pastas); o coordenador chama-a em todos no fim (``client.run``). Interrompido, mata as
    correções a meio (são dele). Devolve se havia uma."""
    with _cadeado_das_oficinas:
        oficina = _oficinas.pop(pacote, None)
    if oficina is not None:
        oficina.fechar(interrompido)
    return oficina is not None


def _evento(estado: str, pedido: dict, **mais) -> dict:
    """Um evento no scheduler (tópico ``TOPICO``): quem está a corrigir o quê; também
    identifica este trabalhador na devolução."""
    try:
        from distributed import get_worker

        trabalhador = get_worker()
    except ValueError:  # fora de um trabalhador do Dask (os testes da tarefa sozinha)
        trabalhador = None
    dados = {"estado": estado, "id": pedido["id"], "aluno": pedido["aluno"],
             "capitulo": pedido["capitulo"], "tentativa": pedido["tentativa"],
             "trabalhador": trabalhador.address if trabalhador else "", "pid": os.getpid(), **mais}
    if trabalhador is not None:
        trabalhador.log_event(TOPICO, dados)
    return dados


def o_pacote(dados: bytes) -> bytes:
    """A tarefa do pacote do curso: os bytes que o coordenador lhe deu."""
    return dados


def corrigir_no_trabalhador(pacote: bytes, pedido_json: str) -> str:
    """A tarefa: corrige uma submissão num trabalhador do cluster e devolve JSON (texto).

    ``pacote`` são os bytes de ``Pacote`` (o resultado da tarefa ``o_pacote``);
    ``pedido_json`` o pedido do coordenador. A correção é a de hoje: um processo
    ``curso.correcao.trabalhador`` com a caixa de areia e o limite de tempo da submissão."""
    inicio = time.perf_counter()
    pedido = json.loads(pedido_json)
    quem = _evento("a corrigir", pedido)
    devolucao = {"id": pedido["id"], "trabalhador": quem["trabalhador"], "pid": quem["pid"],
                 "falha": None, "resposta": None, "corrigidos": {}, "retorno": {},
                 "verificacoes": None}
    pasta = ""
    try:
        with _na_oficina(pacote, pedido) as oficina:
            pasta = str(oficina.tmp)
            devolucao["falha"] = oficina.falha or _corrigir(oficina, pedido, devolucao)
    except Exception as erro:  # noqa: BLE001 — uma falha deste trabalhador, dita ao coordenador
        devolucao["falha"] = f"erro no trabalhador do cluster: {type(erro).__name__}: {erro}"
    devolucao["segundos"] = round(time.perf_counter() - inicio, 3)
    _evento("falhou" if devolucao["falha"] else "corrigida", pedido, falha=devolucao["falha"],
            oficina=pasta)
    return json.dumps(devolucao, ensure_ascii=False)


def _corrigir(oficina: _Oficina, pedido: dict, devolucao: dict) -> str | None:
    trab = oficina.tirar()
    if trab is None:
        return ("o processo curso.correcao.trabalhador não arrancou neste trabalhador do cluster "
                f"(ver {oficina.tmp}/trabalhador*/trabalhador.log)")
    aluno, cap = pedido["aluno"], pedido["capitulo"]
    pasta = oficina.tmp / "tarefas" / uuid.uuid4().hex
    verificacoes = oficina.raiz / "resultados" / aluno / f"{cap}.json"
    try:
        _descodificar(pedido["ficheiros"], pasta / "submitted" / aluno / cap)
        tarefa = Tarefa(id=pedido["id"], capitulo=cap, aluno=aluno,
                        submetidos=str(pasta / "submitted"), corrigidos=str(pasta / "autograded"),
                        retorno=str(pasta / "feedback"), publicado=str(oficina.raiz / "publicado" / cap),
                        retorno_ativo=pedido["retorno_ativo"])
        verificacoes.unlink(missing_ok=True)  # de uma tarefa anterior que não acabou
        _evento("no trabalhador", pedido, processo=trab.proc.pid, oficina=str(oficina.tmp))
        resposta = trab.pedir(tarefa, pedido["limite"])
        if resposta is not None and resposta.id != tarefa.id:
            trab.matar()
            resposta = None
        if resposta is not None:
            devolucao["resposta"] = para_linha(resposta)
            devolucao["corrigidos"] = _codificar(pasta / "autograded" / aluno / cap)
            devolucao["retorno"] = _codificar(pasta / "feedback" / aluno / cap)
            if verificacoes.is_file():
                devolucao["verificacoes"] = json.loads(verificacoes.read_text(encoding="utf-8"))
        return None
    finally:
        oficina.devolver(trab)
        verificacoes.unlink(missing_ok=True)
        shutil.rmtree(pasta, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# do lado do coordenador


@dataclass
class Entrega:
    """O que uma tarefa devolveu para o curso, por escrever: só o coordenador o escreve
    (``escrever``), depois de ``registo.trancar`` e de confirmar que não é antigo."""

    chave: object  # registo.Chave
    corrigidos: Path  # autograded/ALUNO/CAP
    retorno: Path  # feedback/ALUNO/CAP
    verificacoes: Path  # resultados/ALUNO/CAP.json
    avisos: list[str] = field(default_factory=list)  # da recolha, feita pelo coordenador
    devolucao: dict = field(default_factory=dict)

    def escrever(self) -> None:
        for destino, chave in ((self.corrigidos, "corrigidos"), (self.retorno, "retorno")):
            ficheiros = self.devolucao.get(chave) or {}
            if ficheiros:
                shutil.rmtree(destino, ignore_errors=True)  # como o nbgrader com --force
                _descodificar(ficheiros, destino)
        novas = self.devolucao.get("verificacoes")
        if isinstance(novas, dict):
            # como a fronteira do trabalhador local: junta os cadernos ao que lá estiver
            try:
                dados = json.loads(self.verificacoes.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                dados = {}
            dados = dados if isinstance(dados, dict) else {}
            cadernos = novas.get("cadernos") if isinstance(novas.get("cadernos"), dict) else {}
            dados.setdefault("cadernos", {}).update(cadernos)
            dados.update({k: novas[k] for k in ("aluno", "capitulo", "versao") if k in novas})
            self.verificacoes.parent.mkdir(parents=True, exist_ok=True)
            temporario = self.verificacoes.with_suffix(".tmp")
            temporario.write_text(json.dumps(dados, ensure_ascii=False, indent=1), encoding="utf-8")
            temporario.replace(self.verificacoes)


class LoteNoCluster:
    """O coordenador: a mesma interface do ``lote.Lote`` (``preparar``, ``correr``, ``fechar``),
    com as tarefas num cluster Dask. ``ao_terminar(tarefa, resposta, chave)`` é chamada uma vez
    por tarefa, neste processo, depois de os ficheiros do resultado estarem escritos."""

    def __init__(self, pedido: str, *, raiz: Path, caps: list[str], publicado: Path, db_url: str,
                 curso: str, isolado: bool, espera: float = ESPERA_POR_TRABALHADORES):
        self.cliente = ligar(pedido)
        self.raiz, self.caps, self.publicado = Path(raiz), list(caps), Path(publicado)
        self.db_url, self.curso, self.isolado, self.espera = db_url, curso, isolado, espera
        self.tmp = Path(tempfile.mkdtemp(prefix="curso-coordenador-"))
        self.pacote: Pacote | None = None
        self._pacote_no_cluster = None
        self._preparar: Preparar | None = None
        self._retirados: dict[str, str] = {}
        self.endereco = self.cliente.scheduler.address

    @property
    def trabalhadores(self) -> list[str]:
        """Um lugar por fio de cada trabalhador do cluster (o que corre ao mesmo tempo)."""
        return [w for w, n in self.cliente.nthreads().items() for _ in range(n)]

    def preparar(self, mensagem: Preparar) -> None:
        """Faz o pacote do curso e entrega-o ao cluster, como uma tarefa de que as correções
        dependem: os bytes ficam na descrição da tarefa, e o scheduler volta a fazê-la se o
        trabalhador que a tinha morrer (dados espalhados com ``scatter`` perder-se-iam com ele)."""
        self._preparar = mensagem
        self.pacote = Pacote.do_curso(Path(mensagem.raiz), Path(mensagem.fonte), self.publicado,
                                      self.caps, Path(mensagem.db))
        self._pacote_no_cluster = self.cliente.submit(
            o_pacote, self.pacote.dados, pure=False,
            key=f"curso-pacote-{self.pacote.hash[:16]}-{uuid.uuid4().hex[:8]}")

    # -- uma tarefa --------------------------------------------------------------------------

    def _pedido(self, tarefa: Tarefa, limite: float, tentativa: int) -> tuple[str, Entrega]:
        from curso.correcao.recolha import recolher
        from curso.correcao.registo import Chave

        copia = self.tmp / "recolhidas" / uuid.uuid4().hex
        try:
            avisos = recolher(Path(tarefa.submetidos), tarefa.aluno, tarefa.capitulo, copia)
            ficheiros = _codificar(copia / tarefa.aluno / tarefa.capitulo)
        finally:
            shutil.rmtree(copia, ignore_errors=True)
        submissao = hash_da_submissao(ficheiros)
        pedido = {"id": tarefa.id, "aluno": tarefa.aluno, "capitulo": tarefa.capitulo,
                  "ficheiros": ficheiros, "submissao": submissao, "pacote": self.pacote.hash,
                  "versao": versao_do_codigo(), "kernel": self._preparar.kernel,
                  "isolado": self.isolado, "timeout": self._preparar.timeout, "limite": limite,
                  "retorno_ativo": tarefa.retorno_ativo, "tentativa": tentativa}
        entrega = Entrega(
            chave=Chave(self.curso, tarefa.capitulo, tarefa.aluno, submissao, self.pacote.corretor),
            corrigidos=Path(tarefa.corrigidos) / tarefa.aluno / tarefa.capitulo,
            retorno=Path(tarefa.retorno) / tarefa.aluno / tarefa.capitulo,
            verificacoes=self.raiz / "resultados" / tarefa.aluno / f"{tarefa.capitulo}.json",
            avisos=avisos)
        return json.dumps(pedido, ensure_ascii=False), entrega

    def correr(self, tarefas: list[Tarefa], limite, ao_terminar) -> None:
        """Corre as tarefas no cluster, com no máximo duas por lugar em voo (uma turma de
        90 000 cadernos não vai toda para a memória do scheduler)."""
        from distributed import wait
        from distributed.client import FIRST_COMPLETED

        fila = deque((t, 1, frozenset()) for t in tarefas)
        voo: dict = {}
        sem_trabalhadores_desde = None
        while fila or voo:
            janela = max(4, 2 * len(self.trabalhadores))
            while fila and len(voo) < janela:
                tarefa, tentativa, falharam = fila.popleft()
                try:
                    pedido, entrega = self._pedido(tarefa, limite(tarefa), tentativa)
                except OSError as erro:
                    ao_terminar(tarefa, Resposta(tarefa.id, ok=False,
                                                 erro=f"não consegui ler a submissão: {erro}"))
                    continue
                futuro = self.cliente.submit(
                    corrigir_no_trabalhador, self._pacote_no_cluster, pedido, pure=False,
                    key=f"curso-corrigir-{tarefa.aluno}-{tarefa.capitulo}-{uuid.uuid4().hex[:12]}")
                voo[futuro] = (tarefa, tentativa, falharam, entrega)
            try:
                feitos, _ = wait(list(voo), timeout=VOLTA, return_when=FIRST_COMPLETED)
            except TimeoutError:
                if self.cliente.nthreads():
                    sem_trabalhadores_desde = None
                    continue
                sem_trabalhadores_desde = sem_trabalhadores_desde or time.monotonic()
                if time.monotonic() - sem_trabalhadores_desde < self.espera:
                    continue
                motivo = (f"o cluster ficou sem trabalhadores durante {self.espera:g} s"
                          + self._porque_retirados())
                for futuro, (tarefa, *_) in list(voo.items()):
                    futuro.cancel()
                    ao_terminar(tarefa, Resposta(tarefa.id, ok=False, erro=motivo))
                for tarefa, *_ in fila:
                    ao_terminar(tarefa, Resposta(tarefa.id, ok=False, erro=motivo))
                return
            sem_trabalhadores_desde = None
            for futuro in feitos:
                tarefa, tentativa, falharam, entrega = voo.pop(futuro)
                falhou = self._receber(futuro, tarefa, tentativa, falharam, entrega, ao_terminar)
                if falhou:
                    fila.appendleft((tarefa, tentativa + 1, falharam | {falhou}))

    def _receber(self, futuro, tarefa: Tarefa, tentativa: int, falharam: frozenset, entrega: Entrega,
                 ao_terminar) -> str | None:
        """Trata o resultado de uma tarefa; devolve o trabalhador do cluster que falhou, se a
        submissão tem de ir a outro (conta-se cada trabalhador uma vez: um que acabou de ser
        retirado pode ainda receber a mesma submissão antes de sair)."""
        if futuro.status != "finished":
            # o scheduler desistiu (KilledWorker: a tarefa esteve em trabalhadores que morreram)
            erro = futuro.exception() if futuro.status == "error" else futuro.status
            ao_terminar(tarefa, Resposta(tarefa.id, ok=False, erro=(
                f"a tarefa não acabou no cluster: {type(erro).__name__}: {erro}")))
            return None
        texto = futuro.result()
        futuro.release()
        try:
            devolucao = _ler_devolucao(texto)
        except ValueError as erro:
            ao_terminar(tarefa, Resposta(tarefa.id, ok=False,
                                         erro=f"devolução do cluster recusada: {erro}"))
            return None
        if devolucao["falha"]:
            quem = devolucao["trabalhador"] or f"?{tentativa}"
            self._retirar(devolucao["trabalhador"], devolucao["falha"])
            if len(falharam | {quem}) < TENTATIVAS and tentativa < VOLTAS:
                return quem
            ao_terminar(tarefa, Resposta(tarefa.id, ok=False, erro=(
                f"nenhum trabalhador do cluster a conseguiu corrigir ({len(falharam | {quem})} "
                f"trabalhador(es), {tentativa} tentativa(s)): {devolucao['falha']}")))
            return None
        resposta = None
        if devolucao["resposta"]:
            try:
                resposta = de_linha(devolucao["resposta"], Resposta)
            except MensagemInvalida:
                resposta = None
        if resposta is not None and resposta.id != tarefa.id:
            resposta = None  # uma resposta a outra tarefa nunca é registada
        entrega.devolucao = devolucao
        self._entregar(tarefa, resposta, entrega, ao_terminar)
        return None

    def _entregar(self, tarefa: Tarefa, resposta: Resposta | None, entrega: Entrega, ao_terminar) -> None:
        """O escritor: dentro de ``registo.trancar``, escreve os ficheiros se o resultado não for
        de uma submissão mais antiga do que a registada, e depois a nota (``ao_terminar``)."""
        from curso.correcao.registo import motivo_para_ignorar, trancar

        if resposta is not None:
            resposta.problemas = [*entrega.avisos, *resposta.problemas]
        with trancar(self.db_url, tarefa.capitulo, tarefa.aluno):
            if resposta is not None and resposta.notas is not None and not motivo_para_ignorar(
                    self.db_url, tarefa.aluno, tarefa.capitulo, resposta.notas.timestamp):
                entrega.escrever()
            ao_terminar(tarefa, resposta, entrega.chave)

    def _retirar(self, trabalhador: str, falha: str) -> None:
        """Um trabalhador do cluster que não consegue corrigir deixa de receber trabalho: é
        fechado, com o seu *nanny* (o ``retire_workers`` do Dask recusaria, por ter o resultado
        da tarefa do pacote, que o scheduler volta a fazer noutro)."""
        if not trabalhador or trabalhador in self._retirados:
            return
        self._retirados[trabalhador] = falha
        print(f"⚠ trabalhador do cluster {trabalhador} retirado: {falha}", flush=True)
        try:
            self.cliente.run(_fechar_este_trabalhador, falha, workers=[trabalhador])
        except Exception as erro:  # noqa: BLE001 — já pode ter saído; a correção continua
            print(f"⚠ não consegui retirar {trabalhador}: {erro}", flush=True)

    def _porque_retirados(self) -> str:
        if not self._retirados:
            return ""
        return " (retirados: " + "; ".join(f"{w}: {f}" for w, f in self._retirados.items()) + ")"

    def fechar(self, interrompido: bool = False) -> None:
        """Fecha as oficinas nos trabalhadores do cluster e a ligação ao scheduler."""
        try:
            if self.pacote is not None:
                self.cliente.run(fechar_oficinas, self.pacote.hash, interrompido)
        except (OSError, TimeoutError, ValueError) as erro:
            print(f"⚠ não consegui fechar as oficinas nos trabalhadores do cluster: {erro}", flush=True)
        finally:
            self.cliente.close()
            shutil.rmtree(self.tmp, ignore_errors=True)


def _ler_devolucao(texto) -> dict:
    """A devolução de uma tarefa, validada (só JSON, com teto de tamanho e a forma esperada)."""
    if not isinstance(texto, str):
        raise ValueError(f"esperava texto, chegou {type(texto).__name__}")
    if len(texto) > DEVOLUCAO_MAXIMA:
        raise ValueError(f"{len(texto)} caracteres (o máximo é {DEVOLUCAO_MAXIMA})")
    dados = json.loads(texto)
    formas = {"id": (int, str), "trabalhador": str, "falha": (str, type(None)),
              "resposta": (str, type(None)), "corrigidos": dict, "retorno": dict,
              "verificacoes": (dict, type(None))}
    if not isinstance(dados, dict) or any(not isinstance(dados.get(k), t) for k, t in formas.items()):
        raise ValueError("a devolução não tem a forma esperada")
    return dados
