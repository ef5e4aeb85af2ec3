"""O modelo offline por HTTP verdadeiro, em loopback: ``servir(...)`` e ``curso servidor``.

Serve para clientes que não aceitam um transporte ``httpx2`` (LangChain, OpenAI Agents SDK,
ferramentas de linha de comandos): basta apontar o ``base_url`` deles para o URL devolvido.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from .formatos import corpo_de_erro
from .modelos import Catalogo
from .motor import Motor, erro_de_json

_MAX_CORPO = 32 * 1024 * 1024  # 32 MiB: mais do que isto é recusado
_ESPERA_LIGACAO = 30  # segundos de inatividade antes de fechar uma ligação keep-alive


class _CorpoGrande(Exception):
    """O corpo passa de ``_MAX_CORPO``."""


class _Servidor(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, endereco, motor: Motor, registo):
        self.motor = motor
        self.registo = registo
        self.ligacoes: set[socket.socket] = set()
        self.trinco = threading.Lock()
        super().__init__(endereco, _Atendedor)

    def fechar_ligacoes(self):
        with self.trinco:
            ligacoes, self.ligacoes = list(self.ligacoes), set()
        for ligacao in ligacoes:
            with contextlib.suppress(OSError):
                ligacao.shutdown(socket.SHUT_RDWR)


class _Atendedor(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = _ESPERA_LIGACAO
    server_version = "curso-offline/1.0"
    sys_version = ""

    def setup(self):
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with self.server.trinco:
            self.server.ligacoes.add(self.connection)

    def finish(self):
        with contextlib.suppress(OSError):
            super().finish()
        with self.server.trinco:
            self.server.ligacoes.discard(self.connection)

    def log_message(self, formato, *args):  # silencioso: o registo é feito em _responder
        pass

    def _ler_corpo(self) -> bytes:
        """O corpo do pedido; ``ValueError`` se estiver malformado, ``_CorpoGrande`` se for enorme."""
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            partes, total = [], 0
            for _ in range(1_000_000):  # limite de pedaços
                tamanho = int(self.rfile.readline().split(b";", 1)[0].strip() or b"0", 16)
                if tamanho < 0:
                    raise ValueError("tamanho de pedaço negativo")
                if tamanho == 0:
                    self.rfile.readline()
                    return b"".join(partes)
                total += tamanho
                if total > _MAX_CORPO:
                    raise _CorpoGrande
                partes.append(self.rfile.read(tamanho))
                self.rfile.readline()
            raise _CorpoGrande
        tamanho = int(self.headers.get("Content-Length") or 0)
        if tamanho < 0:
            raise ValueError("Content-Length negativo")
        if tamanho > _MAX_CORPO:
            raise _CorpoGrande
        return self.rfile.read(tamanho) if tamanho else b""

    def _responder(self):
        inicio = time.perf_counter()
        try:
            corpo = self._ler_corpo()
        except _CorpoGrande:
            estado, cabecalhos, dados = 413, {"content-type": "application/json"}, corpo_de_erro(
                "Request too large.", "invalid_request_error")
            self.close_connection = True
        except ValueError:
            # um corpo que nem se consegue ler é, para a API, um corpo que não é JSON
            estado, cabecalhos, dados = erro_de_json()
            self.close_connection = True
        else:
            estado, cabecalhos, dados = self.server.motor.tratar(self.command, self.path, corpo)
        self.send_response(estado)
        for nome, valor in cabecalhos.items():
            self.send_header(nome, valor)
        self.send_header("Content-Length", str(len(dados)))
        self.end_headers()
        self.wfile.write(dados)
        if self.server.registo:
            milissegundos = (time.perf_counter() - inicio) * 1000
            self.server.registo(f"{self.command} {self.path} → {estado} ({milissegundos:.1f} ms)")

    do_POST = _responder
    do_GET = _responder
    do_PUT = _responder
    do_DELETE = _responder


@contextlib.contextmanager
def servir(decisor, host: str = "127.0.0.1", porta: int = 0, *, pedidos: list | None = None,
           registo=None, modelos=None, retirados=(), perfis=None):
    """Serve o modelo offline por HTTP enquanto o bloco ``with`` corre.

    Devolve o URL base (um ``str``), por exemplo ``"http://127.0.0.1:54321/v1"``, para usares como
    ``base_url`` de qualquer cliente compatível com a OpenAI. ``porta=0`` escolhe uma porta livre.
    ``pedidos``: uma lista onde cada corpo de pedido recebido é acrescentado. ``registo``: função
    chamada com uma linha de texto por pedido. ``modelos`` e ``retirados``: o catálogo de
    ``GET /v1/models`` e os modelos que respondem 404 ``model_not_found`` (ver
    :class:`~curso.offline.modelos.Catalogo`). ``perfis``: os modelos a imitar, como em
    :func:`~curso.offline.cliente_offline`. À saída do bloco a porta é fechada.
    """
    motor = Motor(decisor, pedidos, Catalogo(modelos, retirados), perfis)
    servidor = _Servidor((host, porta), motor, registo)
    fio = threading.Thread(
        target=servidor.serve_forever, kwargs={"poll_interval": 0.05}, name="curso-servidor", daemon=True
    )
    fio.start()
    endereco = servidor.server_address
    anfitriao = f"[{endereco[0]}]" if ":" in str(endereco[0]) else endereco[0]
    try:
        yield f"http://{anfitriao}:{endereco[1]}/v1"
    finally:
        servidor.shutdown()
        servidor.server_close()
        servidor.fechar_ligacoes()
        fio.join(timeout=5)
