"""O subcomando ``curso servidor``: serve o modelo offline por HTTP até Ctrl+C."""

from __future__ import annotations

import signal
import sys
import threading

from .carregamento import carregar_decisor
from .servidor import servir

PORTA_PADRAO = 8765


def _parar(_sinal, _quadro):
    raise KeyboardInterrupt


def _ouvir_sinais_de_paragem() -> None:
    """Ctrl+C (SIGINT) e SIGTERM terminam o servidor com ordem.

    Instala-se mesmo que o SIGINT venha ignorado de quem nos lançou: um processo em segundo plano
    de uma shell não interativa («curso servidor &» num script) herda o SIGINT ignorado, e o
    Python então não o transforma em KeyboardInterrupt — o «kill -INT» que a mensagem promete
    ficava sem efeito e o servidor nunca parava.
    """
    signal.signal(signal.SIGINT, _parar)
    signal.signal(signal.SIGTERM, _parar)
DECISOR_PADRAO = "curso.offline.decisores:decisor_padrao"


def _correr(args) -> int:
    try:
        decisor = carregar_decisor(args.decisor)
    except ModuleNotFoundError as erro:
        print(f"Erro: não encontrei o módulo {erro.name!r} (pedido por --decisor {args.decisor}).",
              file=sys.stderr)
        return 2
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
    _ouvir_sinais_de_paragem()
    try:
        from .perfis import PERFIS

        contexto = servir(decisor, args.host, args.porta, registo=registo, retirados=args.retirado,
                          perfis=PERFIS if args.perfis else None)
        url = contexto.__enter__()
    except OSError as erro:
        print(f"Erro: não consegui abrir {args.host}:{args.porta} ({erro.strerror or erro}).", file=sys.stderr)
        return 1
    try:
        perfis = ", com os perfis dos modelos que o curso conhece" if args.perfis else ""
        print(f"Modelo offline a servir em {url} (decisor {args.decisor}{perfis}).", flush=True)
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
            "Serve o modelo offline do curso por HTTP, compatível com as APIs Chat Completions e "
            "Responses da OpenAI. Aponta o base_url de qualquer cliente (openai, LangChain, OpenAI Agents SDK) "
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
    p.add_argument("--retirado", action="append", default=[], metavar="MODELO",
                   help="finge que MODELO foi retirado: os pedidos com ele respondem 404 "
                        "model_not_found, como a API (pode repetir-se)")
    p.add_argument("--perfis", action="store_true",
                   help="responde como os modelos que o curso conhece (curso.offline.perfis): o "
                        "raciocínio, os 400 que cada um dá e a janela de contexto; sem isto, aceita tudo")
    p.set_defaults(func=_correr)
    return p
