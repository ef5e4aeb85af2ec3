"""Configuração comum dos testes: o fixture ``nb``, marcas, a guarda contra a rede e o limite de
tempo que diz o que o teste estava a esperar."""

import os
import shutil
import signal
import socket
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import settings

# As provas não podem depender da sorte: as propriedades da hypothesis geram os mesmos exemplos em
# cada corrida (e nos dois modos da correção), senão um mutante que só às vezes se apanha faria a
# prova passar ou falhar por acaso. Tem de vir antes de qualquer módulo de verificações ser
# importado: os ``settings(...)`` deles leem o perfil quando são criados. (No caderno do aluno,
# fora do pytest, os exemplos continuam a variar.)
settings.register_profile("curso-provas", derandomize=True, database=None)
settings.load_profile("curso-provas")

pytest_plugins = ["curso.pytest_plugin"]

_connect_original = socket.socket.connect
_LOCAIS = ("127.", "::1", "localhost", "0.0.0.0")


def _so_loopback(self, endereco):
    destino = endereco[0] if isinstance(endereco, tuple) else endereco
    if self.family == getattr(socket, "AF_UNIX", None) or str(destino).startswith(_LOCAIS):
        return _connect_original(self, endereco)
    raise OSError(f"os testes não podem sair da máquina: ligação recusada a {endereco!r}")


def pytest_configure(config):
    config.addinivalue_line("markers", "navegador: testes num JupyterLab real, com o Chromium")
    config.addinivalue_line("markers", "lento: testes que arrancam kernels ou o nbgrader")


def sem_chromium() -> str | None:
    """Porque é que os testes no navegador não podem correr aqui (``None`` se podem)."""
    if shutil.which("chromium") or shutil.which("chromium-browser"):
        return None
    return ("falta o Chromium (no PATH não há chromium nem chromium-browser): instala-o com "
            "«apt-get install chromium» para correr os testes no navegador")


def sem_hub() -> str | None:
    """Porque é que o teste da turma num JupyterHub não pode correr aqui (``None`` se pode):
    a razão que o ``iniciar.py testes`` deu (``CURSO_SEM_HUB``), senão a do próprio teste."""
    if os.environ.get("CURSO_SEM_HUB"):
        return os.environ["CURSO_SEM_HUB"]
    from hub._hub import ha_condicoes

    return ha_condicoes()


def pytest_collection_modifyitems(config, items):
    """O que esta máquina não pode correr salta com a razão, antes de arrancar o que quer que seja
    (um JupyterLab, um Hub): sem o Chromium, os testes no navegador; sem root (e o resto), o do
    JupyterHub. Na CI não: lá uma falta é uma falha, e o teste di-lo."""
    if os.environ.get("CI"):
        return
    razoes = {}
    for item in items:
        for marca, razao_de in (("navegador", sem_chromium), ("hub", sem_hub)):
            if item.get_closest_marker(marca) is None:
                continue
            if marca not in razoes:
                razoes[marca] = razao_de()
            if razoes[marca]:
                item.add_marker(pytest.mark.skip(reason=razoes[marca]))


@pytest.fixture(autouse=True)
def _sem_rede(monkeypatch):
    """Nenhum teste abre ligações para fora da máquina (só loopback)."""
    monkeypatch.setattr(socket.socket, "connect", _so_loopback)
    yield


# ---------------------------------------------------------------------------------------------
# o limite de tempo de cada teste (pytest-timeout, método «thread», pyproject.toml)

_RAIZ_REPO = Path(__file__).resolve().parents[1]


def _linha(quadro) -> str:
    import linecache

    codigo = linecache.getline(quadro.f_code.co_filename, quadro.f_lineno).strip()
    ficheiro = quadro.f_code.co_filename
    if ficheiro.startswith(str(_RAIZ_REPO) + os.sep):
        ficheiro = ficheiro[len(str(_RAIZ_REPO)) + 1:]
    return f"{ficheiro}:{quadro.f_lineno}, em {quadro.f_code.co_name}: {codigo}"


def onde_espera() -> str:
    """Onde a thread principal está parada: a linha mais funda e a mais funda do curso."""
    quadro = sys._current_frames().get(threading.main_thread().ident)
    if quadro is None:
        return "(não encontrei a thread principal)"
    linhas, mais_fundo = [f"  parado em {_linha(quadro)}"], quadro
    while quadro is not None:
        ficheiro = quadro.f_code.co_filename
        if ficheiro.startswith(str(_RAIZ_REPO)) and ".venv" not in ficheiro:
            if quadro is not mais_fundo:
                linhas.append(f"  chamado do curso em {_linha(quadro)}")
            break
        quadro = quadro.f_back
    return "\n".join(linhas)


def descendentes(pid: int) -> list[int]:
    """Os processos que descendem de ``pid`` (filhos, netos…), lidos de /proc (só Linux)."""
    pais = {}
    for entrada in Path("/proc").iterdir() if Path("/proc/self/stat").exists() else ():
        if entrada.name.isdigit():
            try:
                # o nome do comando (entre parênteses) pode ter espaços: o PPID vem depois do último «)»
                pais[int(entrada.name)] = int((entrada / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    encontrados, fila = [], [pid]
    while fila:
        atual = fila.pop()
        filhos = [p for p, pai in pais.items() if pai == atual]
        encontrados += filhos
        fila += filhos
    return encontrados


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item, settings):
    """Quando um teste passa o limite: diz onde estava à espera e termina os processos que arrancou.

    O resto é o do pytest-timeout (as pilhas de todas as threads e a saída do processo): sem isto,
    os filhos do teste (um JupyterLab, um kernel, um servidor) ficavam vivos a segurar a saída.
    """
    if settings.method != "thread":
        return None

    def estourou():
        import pytest_timeout

        capman = item.config.pluginmanager.getplugin("capturemanager")
        if capman:
            capman.suspend_global_capture()
        texto = [f"⏱ {item.nodeid}: passou o limite de {settings.timeout:g} s.",
                 f"O teste estava à espera aqui:\n{onde_espera()}"]
        filhos = descendentes(os.getpid())
        for pid in filhos:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        if filhos:
            texto.append(f"Terminei {len(filhos)} processo(s) que o teste tinha arrancado: {filhos}")
        # para o stderr do processo (com o pytest-xdist, é o que chega ao terminal: o relatório do
        # trabalhador que vai morrer perde-se) e depois o relatório do pytest-timeout
        os.write(2, ("\n" + "\n".join(texto) + "\n").encode())
        pytest_timeout.timeout_timer(item, settings)

    temporizador = threading.Timer(settings.timeout, estourou)
    temporizador.name = f"limite de tempo {item.nodeid}"
    temporizador.daemon = True

    def cancelar():
        temporizador.cancel()
        temporizador.join()

    item.cancel_timeout = cancelar
    temporizador.start()
    return True


@pytest.fixture
def caixa_de_areia():
    """Para os testes que arrancam kernels na caixa de areia da correção (bubblewrap): sem ela,
    saltam com a razão, fora da CI (ver ``correcao._turma.sem_caixa``)."""
    from correcao._turma import sem_caixa

    sem_caixa()
