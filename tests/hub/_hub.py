"""Um JupyterHub a sério numa pasta temporária, para o teste de ponta a ponta e o benchmark.

Utilizadores Unix criados aqui (e removidos no fim, mesmo com falhas), o ``configurable-http-proxy``
do npm (instalado pelo ``.ci/run`` em ``.ci/node``), o ``LocalProcessSpawner`` e o
``SharedPasswordAuthenticator`` (nenhum serviço externo), e uma pasta de troca do nbgrader
partilhada. Tudo o que os utilizadores fazem passa pelo Hub: a API REST do Hub para arrancar e
parar servidores, e, pelo proxy do Hub com um token, a API de conteúdos e os terminais do
servidor de cada utilizador (um comando escrito num terminal, como uma pessoa faria).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import shutil
import signal
import socket
import stat
import subprocess
import sys
from pathlib import Path

import requests

from tests.correcao import _contas
from tests.correcao._contas import criar_utilizador, processos_de, remover_utilizador, sobras_de

# os utilizadores Unix vêm de tests/correcao/_contas.py (as famílias da troca usam-nos também)
nomes = _contas.nomes


def pasta_base() -> Path:
    """Uma pasta temporária que os utilizadores do Hub atravessam (a do pytest é só do root)."""
    return _contas.pasta_base("curso-hub-")

RAIZ = Path(__file__).resolve().parents[2]
PROXY = RAIZ / ".ci" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
# as extensões do servidor que o JupyterLab do aluno não carrega (as mesmas de iniciar.py)
EXTENSOES_DO_PROFESSOR = ("nbgrader.server_extensions.formgrader", "nbgrader.server_extensions.validate_assignment",
                          "nbgrader.server_extensions.assignment_list", "nbgrader.server_extensions.course_list")
CURSO_ID = "curso-agentes"
SENHA = "turma-" + secrets.token_hex(8)  # a palavra-passe partilhada dos alunos (só deste teste)
# a do professor (admin): o SharedPasswordAuthenticator pede ≥ 32 caracteres e diferente da dos alunos
SENHA_ADMIN = "professor-" + secrets.token_hex(16)
FIM = re.compile(r"__FIM__(\d+)__")


class ErroDoHub(Exception):
    pass


def porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def porta_aberta(porta: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", porta)) == 0


def esperar(condicao, limite: float, o_que: str, intervalo: float = 0.2):
    """``_contas.esperar``, a falhar com ``ErroDoHub``."""
    return _contas.esperar(condicao, limite, o_que, intervalo, erro=ErroDoHub)


# ---------------------------------------------------------------------------------------------
# o curso instalado uma vez para todos


def _todos_podem_usar(caminho: Path) -> bool:
    """Qualquer utilizador chega a ``caminho`` (todas as pastas acima com o+x) e lê-o."""
    caminho = caminho.resolve()
    for pasta in caminho.parents:
        if not pasta.stat().st_mode & stat.S_IXOTH:
            return False
    return bool(caminho.stat().st_mode & stat.S_IROTH)


def _pasta_fechada(caminho: Path) -> Path | None:
    """A primeira pasta acima de ``caminho`` que os outros utilizadores não atravessam."""
    for pasta in reversed(caminho.resolve().parents):
        if not pasta.stat().st_mode & stat.S_IXOTH:
            return pasta
    return None


def instalacao_partilhada() -> list[str]:
    """O prefixo com que o Hub arranca para que os utilizadores usem o Python deste ambiente.

    O ``.venv`` do curso é a instalação partilhada (como em ``docs/jupyterhub.md``). Se o
    Python de que ele depende estiver numa pasta fechada (um ``pyenv`` dentro de /root), o Hub
    corre num espaço de montagens próprio (bubblewrap, como root) onde essa pasta é uma pasta
    vazia só com a pasta do Python por cima, só de leitura: os servidores dos utilizadores,
    filhos do Hub, veem o Python e nada mais do que lá havia.
    """
    if _pasta_fechada(RAIZ / "src" / "curso" / "raiz.py"):
        raise ErroDoHub(f"os utilizadores do Hub não conseguem ler o curso em {RAIZ}: as pastas "
                        "acima dele precisam de permissão de passagem (o+x)")
    base = Path(sys.base_prefix).resolve()
    fechada = _pasta_fechada(base)
    if fechada is None:
        return []
    if shutil.which("bwrap") is None:
        raise ErroDoHub(f"o Python deste ambiente está em {base}, dentro de {fechada}, que os "
                        "outros utilizadores não atravessam; instala o bubblewrap (apt-get install "
                        "bubblewrap) ou cria o .venv com um Python fora dessa pasta")
    # monta-se a pasta logo abaixo da fechada (ex.: /root/.pyenv): as pastas intermédias que o
    # bwrap criaria no tmpfs ficariam só para o root
    visivel = fechada / base.relative_to(fechada).parts[0]
    return ["bwrap", "--dev-bind", "/", "/", "--tmpfs", str(fechada),
            "--ro-bind", str(visivel), str(visivel), "--cap-add", "ALL", "--die-with-parent", "--"]


# ---------------------------------------------------------------------------------------------
# utilizadores Unix


def escrever_como(nome: str, caminho: Path, texto: str) -> None:
    caminho.parent.mkdir(parents=True, exist_ok=True)
    caminho.write_text(texto, encoding="utf-8")
    for p in (caminho.parent, caminho):
        shutil.chown(p, nome, nome)


CONFIG_NBGRADER = """\
# o curso e a pasta de troca do nbgrader (a mesma para o professor e para os alunos)
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = {curso!r}
c.Exchange.root = {troca!r}
"""

CONFIG_HUB = """\
c = get_config()  # noqa: F821
c.JupyterHub.bind_url = "http://127.0.0.1:{porta}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{porta_hub}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{porta_proxy}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.JupyterHub.db_url = "sqlite:///{pasta}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{pasta}/jupyterhub_cookie_secret"
c.JupyterHub.pid_file = "{pasta}/jupyterhub.pid"
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = {senha!r}
c.SharedPasswordAuthenticator.admin_password = {senha_admin!r}
c.Authenticator.allowed_users = set({utilizadores!r})
c.Authenticator.admin_users = set({admins!r})
c.JupyterHub.spawner_class = "localprocess"
c.Spawner.cmd = [{python!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.default_url = "/lab"
c.Spawner.environment = {{"PATH": {path!r}, "PYTHONUTF8": "1"}}
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
# o JupyterLab dos alunos sem as ferramentas do professor do nbgrader nem o aviso das notícias,
# como o de «python3 iniciar.py» (docs/jupyterhub.md, passo 6); o professor (admin) tem tudo
def _jupyterlab_do_aluno(spawner):
    if spawner.user.name not in c.Authenticator.admin_users:
        spawner.environment = {{**spawner.environment, "JUPYTER_CONFIG_PATH": {config_aluno!r}}}
        spawner.args = [*spawner.args, *{args_aluno!r}]
c.Spawner.pre_spawn_hook = _jupyterlab_do_aluno
c.JupyterHub.services = [{{"name": "turma", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [{{"name": "turma", "services": ["turma"],
                            "scopes": ["admin:users", "admin:servers", "access:servers"]}}]
c.JupyterHub.services += {servicos!r}
"""


class Hub:
    """Um JupyterHub com ``utilizadores``; ``with Hub(...) as hub`` arranca e para tudo."""

    def __init__(self, base: Path, utilizadores: list[str], envoltorio: list[str] = (),
                 admins: list[str] = (), servicos: list[dict] = ()):
        self.base, self.utilizadores, self.envoltorio = base, list(utilizadores), list(envoltorio)
        self.servicos = list(servicos)  # mais serviços geridos pelo Hub (c.JupyterHub.services)
        self.admins = list(admins)  # entram com SENHA_ADMIN (como o professor do guia)
        self.python = Path(sys.executable)
        self.pasta = base / "hub"
        self.troca = base / "troca"
        self.token = secrets.token_hex(32)
        self.porta, self.porta_hub, self.porta_proxy = porta_livre(), porta_livre(), porta_livre()
        self.url = f"http://127.0.0.1:{self.porta}"
        self.processo: subprocess.Popen | None = None
        self.sessao = requests.Session()
        self.sessao.headers["Authorization"] = f"token {self.token}"

    # -- arranque e paragem --------------------------------------------------------------------

    def __enter__(self) -> "Hub":
        try:
            self._arrancar()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _arrancar(self) -> None:
        if not PROXY.exists():
            raise ErroDoHub(f"falta o configurable-http-proxy em {PROXY}: corre «bash .ci/run» "
                            "ou «npm ci --prefix .ci/node»")
        self.pasta.mkdir(parents=True)
        self.troca.mkdir(mode=0o777)
        os.chmod(self.troca, 0o777)  # como nos documentos do nbgrader: todos escrevem na troca
        bin_ = str(Path(self.python).parent)
        for nome in self.utilizadores:
            criar_utilizador(nome, self.casa(nome))
            escrever_como(nome, self.casa(nome) / ".jupyter" / "nbgrader_config.py",
                          CONFIG_NBGRADER.format(curso=CURSO_ID, troca=str(self.troca)))
            # os terminais abrem uma shell de login, que repõe o PATH: o do curso vai à frente
            escrever_como(nome, self.casa(nome) / ".bash_profile", f'export PATH="{bin_}:$PATH"\n')
        (self.pasta / "jupyterhub_config.py").write_text(CONFIG_HUB.format(
            porta=self.porta, porta_hub=self.porta_hub, porta_proxy=self.porta_proxy,
            proxy=str(PROXY), pasta=self.pasta, senha=SENHA, senha_admin=SENHA_ADMIN,
            utilizadores=self.utilizadores, admins=self.admins,
            config_aluno=str(RAIZ / "ferramentas" / "jupyter_aluno"),
            args_aluno=[f"--ServerApp.jpserver_extensions={e}=False" for e in EXTENSOES_DO_PROFESSOR],
            python=str(self.python), path=f"{bin_}:/usr/local/bin:/usr/bin:/bin",
            token=self.token, servicos=self.servicos), encoding="utf-8")
        self.registo = open(self.pasta / "jupyterhub.log", "w")  # noqa: SIM115 — fecha em __exit__
        self.processo = subprocess.Popen(
            [*self.envoltorio, sys.executable, "-m", "jupyterhub", "-f",
             str(self.pasta / "jupyterhub_config.py")],
            cwd=self.pasta, stdout=self.registo, stderr=subprocess.STDOUT,
            env={k: v for k, v in os.environ.items() if k not in ("CURSO_RAIZ", "VIRTUAL_ENV")})
        esperar(self._hub_responde, 120, "o Hub responder em /hub/api/")

    def _hub_responde(self) -> bool:
        if self.processo.poll() is not None:
            raise ErroDoHub(f"o Hub terminou ao arrancar:\n{self.log()}")
        try:
            return self.sessao.get(f"{self.url}/hub/api/", timeout=2).ok
        except requests.ConnectionError:
            return False

    def log(self) -> str:
        caminho = self.pasta / "jupyterhub.log"
        return caminho.read_text(errors="replace")[-6000:] if caminho.exists() else ""

    def portas(self) -> list[int]:
        return [self.porta, self.porta_hub, self.porta_proxy]

    def __exit__(self, *erro) -> None:
        try:
            if self.processo and self.processo.poll() is None:
                for nome in self.utilizadores:
                    try:
                        self.parar_servidor(nome)
                    except Exception:  # para o resto na mesma
                        pass
                # o Hub (talvez dentro do bwrap) para o proxy ao sair
                try:
                    os.kill(int((self.pasta / "jupyterhub.pid").read_text()), signal.SIGTERM)
                except (OSError, ValueError):
                    self.processo.terminate()
                try:
                    self.processo.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    self.processo.kill()
                    self.processo.wait(timeout=30)
        finally:
            if getattr(self, "registo", None):
                self.registo.close()
            self.sobras = {nome: sobras_de(nome) for nome in self.utilizadores}
            for nome in self.utilizadores:
                remover_utilizador(nome)

    # -- API REST do Hub ----------------------------------------------------------------------

    def entrar(self, nome: str, senha: str) -> bool:
        """A página de login do Hub, como num navegador: ``True`` se deixou entrar."""
        sessao = requests.Session()
        sessao.get(f"{self.url}/hub/login", timeout=30).raise_for_status()
        r = sessao.post(f"{self.url}/hub/login", timeout=60, allow_redirects=False,
                        data={"username": nome, "password": senha,
                              "_xsrf": sessao.cookies.get("_xsrf", "")})
        if r.status_code not in (302, 403):
            raise ErroDoHub(f"login de {nome}: {r.status_code} {r.text[:300]}")
        return r.status_code == 302

    def api(self, metodo: str, caminho: str, **kwargs) -> requests.Response:
        r = self.sessao.request(metodo, f"{self.url}/hub/api{caminho}", timeout=30, **kwargs)
        if r.status_code >= 400:
            raise ErroDoHub(f"{metodo} {caminho}: {r.status_code} {r.text}")
        return r

    def casa(self, nome: str) -> Path:
        return self.base / "casas" / nome

    def _servidor(self, nome: str) -> dict | None:
        return self.api("GET", f"/users/{nome}").json().get("servers", {}).get("")

    def iniciar_servidores(self, nomes: list[str], limite: float = 300) -> None:
        """Pede todos os servidores de uma vez e espera que fiquem prontos."""
        for nome in nomes:
            self.api("POST", f"/users/{nome}/server")
        for nome in nomes:
            esperar(lambda nome=nome: (self._servidor(nome) or {}).get("ready"), limite,
                    f"o servidor de {nome} ficar pronto")

    def parar_servidor(self, nome: str, limite: float = 60) -> None:
        if self._servidor(nome) is None:
            return
        self.api("DELETE", f"/users/{nome}/server")
        esperar(lambda: self._servidor(nome) is None, limite, f"o servidor de {nome} parar")

    def memoria_do_servidor(self, nome: str) -> int:
        """Memória residente (bytes) de todos os processos de ``nome`` (servidor, kernels, terminais)."""
        total = 0
        for pid in processos_de(nome):
            try:
                for linha in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if linha.startswith("VmRSS:"):
                        total += int(linha.split()[1]) * 1024
            except OSError:
                pass
        return total

    # -- o servidor de cada utilizador, pelo proxy do Hub --------------------------------------

    def servidor(self, nome: str, metodo: str, caminho: str, **kwargs) -> requests.Response:
        r = self.sessao.request(metodo, f"{self.url}/user/{nome}{caminho}", timeout=60, **kwargs)
        if r.status_code >= 400:
            raise ErroDoHub(f"{nome}: {metodo} {caminho}: {r.status_code} {r.text[:500]}")
        return r

    def ler_caderno(self, nome: str, caminho: str) -> dict:
        return self.servidor(nome, "GET", f"/api/contents/{caminho}").json()["content"]

    def gravar_caderno(self, nome: str, caminho: str, caderno: dict) -> None:
        self.servidor(nome, "PUT", f"/api/contents/{caminho}",
                      json={"type": "notebook", "format": "json", "content": caderno})

    def executar(self, nome: str, comando: str, limite: float = 300) -> tuple[int, str]:
        """Escreve ``comando`` num terminal novo do servidor de ``nome``; devolve (código, saída)."""
        terminal = self.servidor(nome, "POST", "/api/terminals").json()["name"]
        try:
            return asyncio.run(asyncio.wait_for(self._no_terminal(nome, terminal, comando), limite))
        finally:
            self.servidor(nome, "DELETE", f"/api/terminals/{terminal}")

    def executar_no_kernel(self, nome: str, kernel: str, codigo: str, limite: float = 120) -> None:
        """Corre ``codigo`` no kernel ``kernel`` de ``nome`` (o canal do JupyterLab) até acabar."""
        asyncio.run(asyncio.wait_for(self._no_kernel(nome, kernel, codigo), limite))

    async def _no_kernel(self, nome: str, kernel: str, codigo: str) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        ws = await websocket_connect(HTTPRequest(
            f"ws://127.0.0.1:{self.porta}/user/{nome}/api/kernels/{kernel}/channels",
            headers={"Authorization": f"token {self.token}"}))
        ident = secrets.token_hex(8)
        try:
            await ws.write_message(json.dumps({
                "header": {"msg_id": ident, "msg_type": "execute_request", "username": nome,
                           "session": secrets.token_hex(8), "version": "5.3"},
                "parent_header": {}, "metadata": {}, "channel": "shell",
                "content": {"code": codigo, "silent": False, "store_history": False,
                            "user_expressions": {}, "allow_stdin": False}}))
            while True:
                mensagem = await ws.read_message()
                if mensagem is None:
                    raise ErroDoHub(f"o kernel de {nome} fechou o canal")
                m = json.loads(mensagem)
                if m.get("parent_header", {}).get("msg_id") != ident:
                    continue
                if m["msg_type"] == "error":
                    raise ErroDoHub(f"erro no kernel de {nome}: {m['content'].get('evalue')}")
                if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                    return
        finally:
            ws.close()

    async def _no_terminal(self, nome: str, terminal: str, comando: str) -> tuple[int, str]:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        pedido = HTTPRequest(f"ws://127.0.0.1:{self.porta}/user/{nome}/terminals/websocket/{terminal}",
                             headers={"Authorization": f"token {self.token}"})
        ws = await websocket_connect(pedido)
        try:
            # o marcador sai partido em dois no eco do comando, e inteiro só no fim
            await ws.write_message(json.dumps(["stdin", f"{comando}; echo __FIM__$?_\"\"_\r"]))
            saida = ""
            while True:
                mensagem = await ws.read_message()
                if mensagem is None:
                    raise ErroDoHub(f"o terminal de {nome} fechou a meio:\n{saida}")
                tipo, *resto = json.loads(mensagem)
                if tipo == "stdout":
                    saida += resto[0]
                    achado = FIM.search(saida)
                    if achado:
                        return int(achado.group(1)), saida[:achado.start()]
        finally:
            ws.close()


def ha_condicoes() -> str | None:
    """Porque é que este ambiente não consegue correr o Hub (ou None)."""
    if os.name != "posix" or os.geteuid() != 0:
        return "o teste do JupyterHub cria utilizadores Unix: corre como root (como a CI)"
    for comando in ("useradd", "userdel", "pgrep", "node"):
        if shutil.which(comando) is None:
            return f"falta o comando {comando}"
    return None
