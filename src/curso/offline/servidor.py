"""O modelo offline por HTTP verdadeiro, em loopback: ``servir(...)`` e ``curso servidor``.

Serve para clientes que não aceitam um transporte ``httpx2`` (LangChain, OpenAI Agents SDK,
ferramentas de linha de comandos): basta apontar o ``base_url`` deles para o URL devolvido.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .motor import Motor

_MAX_CORPO = 32 * 1024 * 1024  # 32 MiB: mais do que isto é recusado
_ESPERA_LIGACAO = 30  # segundos de inatividade antes de fechar uma ligação keep-alive


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

    def _ler_corpo(self) -> bytes | None:
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            partes, total = [], 0
            for _ in range(1_000_000):  # limite de pedaços
                tamanho = int(self.rfile.readline().split(b";", 1)[0].strip() or b"0", 16)
                if tamanho == 0:
                    self.rfile.readline()
                    return b"".join(partes)
                total += tamanho
                if total > _MAX_CORPO:
                    return None
                partes.append(self.rfile.read(tamanho))
                self.rfile.readline()
            return None
        tamanho = int(self.headers.get("Content-Length") or 0)
        if tamanho > _MAX_CORPO:
            return None
        return self.rfile.read(tamanho) if tamanho else b""

    def _responder(self):
        inicio = time.perf_counter()
        try:
            corpo = self._ler_corpo()
        except ValueError:
            corpo = None
        if corpo is None:
            estado, cabecalhos, dados = 413, {"content-type": "application/json"}, (
                b'{"error":{"message":"Request too large.","type":"invalid_request_error",'
                b'"param":null,"code":null}}'
            )
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
           registo=None):
    """Serve o modelo offline por HTTP enquanto o bloco ``with`` corre.

    Devolve o URL base (um ``str``), por exemplo ``"http://127.0.0.1:54321/v1"``, para usares como
    ``base_url`` de qualquer cliente compatível com a OpenAI. ``porta=0`` escolhe uma porta livre.
    ``pedidos``: uma lista onde cada corpo de pedido recebido é acrescentado. ``registo``: função
    chamada com uma linha de texto por pedido. À saída do bloco a porta é fechada.
    """
    servidor = _Servidor((host, porta), Motor(decisor, pedidos), registo)
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


# --------------------------------------------------------------------------- linha de comandos

PORTA_PADRAO = 8765
DECISOR_PADRAO = "curso.offline.decisores:decisor_padrao"


def carregar_decisor(especificacao: str):
    """``modulo:funcao`` ou ``caminho/ficheiro.py:funcao`` → o objeto chamável."""
    modulo, separador, nome = especificacao.partition(":")
    if not separador or not modulo or not nome:
        raise ValueError(f"Decisor inválido {especificacao!r}: usa o formato modulo:funcao.")
    if modulo.endswith(".py"):
        caminho = Path(modulo)
        if not caminho.is_file():
            raise ValueError(f"Não encontrei o ficheiro {caminho}.")
        especificacao_modulo = importlib.util.spec_from_file_location(caminho.stem, caminho)
        objeto_modulo = importlib.util.module_from_spec(especificacao_modulo)
        especificacao_modulo.loader.exec_module(objeto_modulo)
    else:
        if "" not in sys.path and str(Path.cwd()) not in sys.path:
            sys.path.insert(0, str(Path.cwd()))
        objeto_modulo = importlib.import_module(modulo)
    objeto = objeto_modulo
    for parte in nome.split("."):
        if not hasattr(objeto, parte):
            raise ValueError(f"O módulo {modulo!r} não tem {nome!r}.")
        objeto = getattr(objeto, parte)
    if not callable(objeto):
        raise ValueError(f"{especificacao!r} não é chamável: um decisor é uma função (mensagens, ferramentas).")
    return objeto


def _correr(args) -> int:
    try:
        decisor = carregar_decisor(args.decisor)
    except (ValueError, ImportError) as erro:
        print(f"Erro: {erro}", file=sys.stderr)
        return 2
    registo = None if args.silencioso else (lambda linha: print(linha, flush=True))
    # carrega já o tokenizador e o jsonschema, para o primeiro pedido não esperar por eles
    from .tokens import codificador
    from .validacao import validar_pedido

    codificador()
    validar_pedido({"model": "aquecimento", "messages": [{"role": "user", "content": "."}],
                    "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]})
    try:
        contexto = servir(decisor, args.host, args.porta, registo=registo)
        url = contexto.__enter__()
    except OSError as erro:
        print(f"Erro: não consegui abrir {args.host}:{args.porta} ({erro.strerror or erro}).", file=sys.stderr)
        return 1
    try:
        print(f"Modelo offline a servir em {url} (decisor {args.decisor}).", flush=True)
        print(f"Usa base_url={url!r} e uma api_key qualquer. Ctrl+C para terminar.", flush=True)
        threading.Event().wait(timeout=args.duracao)
    except KeyboardInterrupt:
        pass
    finally:
        contexto.__exit__(None, None, None)
    print("Servidor terminado.", flush=True)
    return 0


def registar(sub, ajuda):
    """Regista o subcomando ``curso servidor``."""
    p = sub.add_parser(
        "servidor",
        help=ajuda,
        add_help=False,
        description=(
            "Serve o modelo offline do curso por HTTP, compatível com a API Chat Completions da "
            "OpenAI. Aponta o base_url de qualquer cliente (openai, LangChain, OpenAI Agents SDK) "
            "para o URL indicado. Só escuta em loopback, a não ser que escolhas outro --host."
        ),
        epilog=f"Exemplo: curso servidor --porta {PORTA_PADRAO} --decisor curso.offline.exemplos:decisor_cambio",
    )
    p._optionals.title = "opções"
    p.add_argument("-h", "--help", action="help", help="mostra esta ajuda e sai")
    p.add_argument("--porta", type=int, default=PORTA_PADRAO,
                   help=f"porta TCP (por omissão {PORTA_PADRAO}; 0 escolhe uma livre)")
    p.add_argument("--host", default="127.0.0.1", help="endereço onde escutar (por omissão 127.0.0.1)")
    p.add_argument("--decisor", default=DECISOR_PADRAO, metavar="MODULO:FUNCAO",
                   help="o decisor (mensagens, ferramentas) -> texto | chamadas; aceita também "
                        f"ficheiro.py:funcao (por omissão {DECISOR_PADRAO}, que explica o que recebeu)")
    p.add_argument("--duracao", type=float, default=None, metavar="SEGUNDOS",
                   help="termina sozinho ao fim de SEGUNDOS (por omissão corre até Ctrl+C)")
    p.add_argument("--silencioso", action="store_true", help="não escreve uma linha por pedido")
    p.set_defaults(func=_correr)
    return p
