"""O transporte da fronteira: uma sessão ``servir()`` por célula, os pedidos pelo canal stdin.

As corridas que o transporte tem de aguentar, provocadas de propósito num kernel ``python3``:

- o «pronto» do kernel perde-se (o zmq deita-o fora quando o canal stdin do cliente ainda não
  está ligado): o eco que o corretor manda logo a seguir basta para começar;
- um pedido passa do prazo e o código do aluno apanha o Ctrl+C e responde na mesma: essa resposta
  atrasada nunca passa pela do pedido seguinte, que corre numa sessão nova;
- à saída o kernel fica livre para as células seguintes do caderno, com o mesmo cliente da
  fronteira a servir várias células, como na correção;
- uma mensagem de 200 MB do kernel fica à porta do socket (``zmq.MAXMSGSIZE``): não entra na
  memória do corretor e o pedido falha (na correção, a célula vale 0 e o kernel é reiniciado).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from jupyter_client import KernelManager

from curso.fronteira.dados import ErroDaFronteira
from curso.fronteira.sessao import abrir, cliente_da_fronteira

pytestmark = pytest.mark.lento

CODIGO = """
import time

def somar(a, b):
    return a + b

def teimoso():
    try:
        time.sleep(30)
    except KeyboardInterrupt:
        return "resposta atrasada"

def enorme():
    import curso.fronteira.kernel as _k
    _k._enviar_texto('"' + "x" * 200_000_000 + '"')
"""

# o «pronto» nunca sai (como quando o zmq o deita fora): o kernel fica logo à espera dos pedidos
SEM_PRONTO = """
import curso.fronteira.kernel as _k

def _servir_sem_pronto(novo=True, sessao=""):
    if novo:
        _k.reiniciar()
    _k._sessao[0] = sessao
    mensagem = _k._receber()
    while mensagem.get("tipo") == "operar":
        mensagem = _k._responder(_k._atender_um(mensagem.get("pedido")), mensagem.get("n"))

_k.servir = _servir_sem_pronto
"""


@pytest.fixture
def kernel():
    km = KernelManager(kernel_name="python3")
    km.start_kernel(extra_arguments=["--HistoryManager.enabled=False"])
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=120)
    correr(kc, CODIGO)
    try:
        yield km, kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def correr(kc, codigo: str) -> dict:
    resposta = kc.execute_interactive(codigo, timeout=60, output_hook=lambda _m: None)
    assert resposta["content"]["status"] == "ok", resposta["content"]
    return resposta


def test_pronto_perdido_o_eco_basta(kernel):
    km, kc = kernel
    correr(kc, SEM_PRONTO)
    with abrir(km.get_connection_info(), km.interrupt_kernel, limite=30) as nb:
        assert nb.somar(2, 3) == 5
    assert not nb.ligacao.perdida and not nb.ligacao.tempo_esgotado
    correr(kc, "x = somar(1, 1)")  # o kernel saiu de servir


def test_resposta_atrasada_nao_passa_pela_seguinte(kernel):
    km, kc = kernel
    with abrir(km.get_connection_info(), km.interrupt_kernel, limite=1) as nb:
        with pytest.raises(ErroDaFronteira):
            nb.teimoso()  # passa do prazo; interrompido, responde «resposta atrasada»
        assert nb.ligacao.tempo_esgotado and not nb.ligacao.perdida
        assert nb.somar(20, 22) == 42  # noutra sessão: a resposta atrasada ficou para trás
        assert nb.somar("a", "b") == "ab"
    assert not nb.ligacao.perdida
    correr(kc, "y = somar(2, 2)")


def test_um_cliente_serve_varias_celulas(kernel):
    km, kc = kernel
    cliente = cliente_da_fronteira(km.get_connection_info())
    try:
        for i in range(20):
            with abrir(km.get_connection_info(), km.interrupt_kernel, cliente=cliente) as nb:
                assert nb.somar(i, 1) == i + 1
            correr(kc, f"z = somar({i}, 0)")  # uma célula do aluno entre duas de verificação
    finally:
        cliente.stop_channels()
    with abrir(km.get_connection_info(), km.interrupt_kernel) as nb:
        assert nb.z == 19


def _pico_de_memoria() -> int:
    """O maior RSS deste processo desde a última vez que se limpou (KiB)."""
    linha = next(li for li in Path("/proc/self/status").read_text().splitlines() if li.startswith("VmHWM:"))
    return int(linha.split()[1])


def test_mensagem_enorme_fica_a_porta(kernel):
    km, _ = kernel
    Path("/proc/self/clear_refs").write_text("5")  # o pico de memória volta a contar daqui
    antes = _pico_de_memoria()
    with abrir(km.get_connection_info(), km.interrupt_kernel, limite=5) as nb:
        with pytest.raises(ErroDaFronteira):
            nb.enorme()  # o corretor nunca a lê: o pedido passa do prazo
    assert nb.ligacao.tempo_esgotado
    assert _pico_de_memoria() - antes < 64 * 1024, "a mensagem enorme entrou na memória do corretor"


def test_os_sockets_do_trabalhador_tem_teto():
    """Todos os sockets que o corretor abre para o kernel têm o teto de cada parte de mensagem:
    o do cliente que executa o caderno, o de controlo do gestor e os do cliente da fronteira."""
    import zmq

    from curso.correcao.fronteira import ExecutarComFronteira
    from curso.fronteira.sessao import TETO_DA_PARTE, ClienteDaFronteira

    km = ExecutarComFronteira(kernel_name="python3").create_kernel_manager()
    cliente, fronteira = km.client(), ClienteDaFronteira()
    try:
        for contexto in (km.context, cliente.context, fronteira.context):
            assert contexto.getsockopt(zmq.MAXMSGSIZE) == TETO_DA_PARTE
    finally:
        for contexto in (km.context, cliente.context, fronteira.context):
            contexto.destroy(linger=0)
