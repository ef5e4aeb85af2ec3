"""Arranque do curso «Agentes e Workflows Multi-Step» — dois comandos, em qualquer máquina.

    python3 iniciar.py             prepara o ambiente (se for preciso) e abre o JupyterLab no capítulo 1
    python3 iniciar.py professor   o mesmo, com as ferramentas do nbgrader para o professor
    python3 iniciar.py testes      prepara o ambiente (se for preciso) e corre todos os testes
    python3 iniciar.py atualizar   traz a versão nova do curso sem perder as tuas respostas
    python3 iniciar.py preparar    só prepara o ambiente

Preparar = criar .venv/ e instalar as versões fixadas em requirements.lock. Só se repete quando
requirements.lock ou pyproject.toml mudam, por isso os dois comandos podem correr as vezes que
quiseres. Não precisa de chave de API nem de rede depois de instalado.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parent
VENV = RAIZ / ".venv"
MARCA = VENV / ".curso-instalado"
PRIMEIRA_LICAO = "chapters/01_o_que_e_um_agente.ipynb"
# a configuração do JupyterLab do aluno (sem as ferramentas do professor do nbgrader nem o aviso
# das notícias do Jupyter), acrescentada só a este processo: a de quem usa a máquina não muda
CONFIGURACAO_ALUNO = RAIZ / "ferramentas" / "jupyter_aluno"
# a do professor: as ferramentas do nbgrader, também sem o aviso das notícias do Jupyter
CONFIGURACAO_PROFESSOR = RAIZ / "ferramentas" / "jupyter_professor"
EXTENSOES_DO_PROFESSOR = (
    "nbgrader.server_extensions.formgrader",
    "nbgrader.server_extensions.validate_assignment",
    "nbgrader.server_extensions.assignment_list",
    "nbgrader.server_extensions.course_list",
)
FORMGRADER_EM_PORTUGUES = "curso.correcao.formgrader"
# ao gravar um caderno, a versão do Python no language_info fica a que o ficheiro tinha: abrir
# uma lição com outro Python não a muda (ver src/curso/metadados.py)
GANCHO_AO_GRAVAR = "curso.metadados.manter_versao_gravada"
PROXY_DO_HUB = RAIZ / ".ci" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"


def _python_do_venv() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _assinatura() -> str:
    h = hashlib.sha256()
    for nome in ("requirements.lock", "pyproject.toml"):
        h.update((RAIZ / nome).read_bytes())
    return h.hexdigest()


def _correr(*comando, **opcoes) -> None:
    print("→", " ".join(str(c) for c in comando), flush=True)
    subprocess.run([str(c) for c in comando], check=True, **opcoes)


def preparar() -> Path:
    """Cria o ambiente e instala as dependências, só quando é preciso."""
    if sys.version_info < (3, 11):
        sys.exit(f"O curso precisa de Python 3.11 ou mais recente; este é o {sys.version.split()[0]}.")
    python = _python_do_venv()
    if not python.exists():
        print("A criar o ambiente virtual em .venv/ …")
        _correr(sys.executable, "-m", "venv", VENV)
    if MARCA.exists() and MARCA.read_text() == _assinatura():
        return python
    print(f"A instalar {_pacotes_fixados()} pacotes nas versões fixadas (requirements.lock); só acontece "
          "da primeira vez e, numa máquina nova, demora uns minutos. O pip mostra cada pacote …", flush=True)
    _correr(python, "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar", "on",
            "-r", RAIZ / "requirements.lock")
    print("A instalar o pacote do curso (src/curso) …", flush=True)
    _correr(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
            "--no-deps", "-e", RAIZ)
    MARCA.write_text(_assinatura())
    return python


def _pacotes_fixados() -> int:
    """Quantos pacotes o ``requirements.lock`` fixa (linhas ``nome==versão``)."""
    linhas = (RAIZ / "requirements.lock").read_text(encoding="utf-8").splitlines()
    return sum(1 for linha in linhas if "==" in linha and not linha.startswith((" ", "#")))


def _ambiente() -> dict:
    env = dict(os.environ, CURSO_RAIZ=str(RAIZ), PYTHONUTF8="1")
    # o mesmo que curso.raiz.path_com_este_interpretador, para o .venv visto de fora: este
    # ficheiro corre com o Python do sistema, antes de o pacote estar instalado
    bin_do_venv = str(_python_do_venv().parent)
    env["PATH"] = os.pathsep.join([bin_do_venv, env.get("PATH", "")])
    return env


def comando_jupyterlab(python: Path, professor: bool = False) -> tuple[list[str], dict]:
    """O comando e o ambiente do JupyterLab do aluno (ou do professor, com ``professor=True``).

    O aluno não vê as ferramentas do professor do nbgrader (menu Nbgrader, botão «Validate», barra
    «Create Assignment», painéis Formgrader, Course List e Assignments) nem o aviso das notícias
    do Jupyter: as extensões do navegador ficam desligadas por ``ferramentas/jupyter_aluno``
    (acrescentada a ``JUPYTER_CONFIG_PATH``) e as do servidor por ``--ServerApp.jpserver_extensions``.
    O professor vê as ferramentas, mas também não o aviso (``ferramentas/jupyter_professor``).
    """
    # a raiz do servidor é a do curso (para chegares a exercises/), e abre-se já a lição 1
    comando = [str(python), "-m", "jupyter", "lab", f"--ServerApp.root_dir={RAIZ}",
               f"--LabApp.default_url=/lab/tree/{PRIMEIRA_LICAO}",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
               "--LabApp.news_url=None", f"--ContentsManager.pre_save_hook={GANCHO_AO_GRAVAR}"]
    ambiente = _ambiente()
    if not professor:
        comando += [f"--ServerApp.jpserver_extensions={nome}=False" for nome in EXTENSOES_DO_PROFESSOR]
    else:  # a correção manual no formgrader em português (src/curso/correcao/formgrader.py)
        comando.append(f"--ServerApp.jpserver_extensions={FORMGRADER_EM_PORTUGUES}=True")
    configuracao = CONFIGURACAO_PROFESSOR if professor else CONFIGURACAO_ALUNO
    anteriores = [c for c in ambiente.get("JUPYTER_CONFIG_PATH", "").split(os.pathsep) if c]
    ambiente["JUPYTER_CONFIG_PATH"] = os.pathsep.join([str(configuracao), *anteriores])
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        comando.append("--allow-root")  # num contentor ou numa máquina de testes corre-se como root
    return comando, ambiente


def abrir_jupyterlab(python: Path, professor: bool = False) -> int:
    quem = "do professor, com o nbgrader" if professor else "no capítulo 1"
    print(f"A abrir o JupyterLab {quem} (offline; fecha com Ctrl+C) …")
    comando, ambiente = comando_jupyterlab(python, professor)
    return subprocess.call(comando, cwd=RAIZ, env=ambiente)


def _ha_chromium() -> bool:
    # como tests/conftest.py decide: pelo PATH
    return any(shutil.which(n) for n in ("chromium", "chromium-browser"))


def _instalar_proxy_do_hub() -> str | None:
    """Instala o proxy do JupyterHub em ``.ci/node`` (como o ``.ci/run``); devolve o que falta, ou ``None``."""
    if PROXY_DO_HUB.exists():
        return None
    npm = shutil.which("npm")
    if npm is None:
        return ("Falta o npm para instalar o proxy do JupyterHub (configurable-http-proxy); "
                "instala o Node.js (Debian/Ubuntu: apt-get install npm)")
    print("A instalar o proxy do JupyterHub (configurable-http-proxy, versão fixada em "
          ".ci/node/package-lock.json) em .ci/node …", flush=True)
    try:
        _correr(npm, "ci", "--prefix", RAIZ / ".ci" / "node", "--no-audit", "--no-fund", "--loglevel=error")
    except subprocess.CalledProcessError as erro:
        return f"O «npm ci» do proxy do JupyterHub falhou (código {erro.returncode})"
    return None if PROXY_DO_HUB.exists() else "O «npm ci» não deixou o proxy do JupyterHub em .ci/node"


def _falta_para_o_hub() -> str | None:
    """Porque é que o teste do JupyterHub não pode correr aqui (``None`` se pode)."""
    if os.environ.get("CI"):
        return None  # na CI tem de correr: o .ci/run instalou o que precisa, e uma falta é uma falha
    if os.name != "posix" or os.geteuid() != 0:
        # o teste do JupyterHub cria utilizadores Unix: só corre como root (como na CI)
        return "Sem root (o teste cria utilizadores Unix; corre-o como root, como a CI)"
    if not shutil.which("bwrap"):
        return "Falta o bubblewrap (bwrap), de que o Hub precisa para corrigir; instala-o com «apt-get install bubblewrap»"
    fechada = _pasta_fechada()
    if fechada is not None:
        return (f"Os utilizadores que o teste cria não atravessam {fechada} (falta-lhe o+x), onde está "
                "o curso; clona-o numa pasta aberta (por exemplo /srv/curso) para correr este teste")
    return _instalar_proxy_do_hub()


def _pasta_fechada() -> Path | None:
    """A primeira pasta acima do curso que os outros utilizadores não atravessam (ou ``None``)."""
    import stat

    for pasta in reversed(RAIZ.parents):
        if not pasta.stat().st_mode & stat.S_IXOTH:
            return pasta
    return None


def correr_testes(python: Path, extra: list[str]) -> int:
    """O pytest de todos os testes. O que esta máquina não pode correr (sem Chromium, sem
    bubblewrap, sem root) salta com a razão (``tests/conftest.py``), e o resumo final lista-os."""
    # -rfEs: no resumo final, além das falhas e erros, cada teste saltado com a sua razão
    argumentos = [str(python), "-m", "pytest", "-n", "2", "-q", "-rfEs", "-p", "no:cacheprovider"]
    ambiente = _ambiente()
    if not _ha_chromium() and not os.environ.get("CI"):
        print("⚠ Chromium não encontrado: os testes no navegador saltam, com a razão. Instala-o "
              "(Debian/Ubuntu: apt-get install chromium) para os correr também.", flush=True)
    razao_hub = _falta_para_o_hub()
    if razao_hub:
        print(f"⚠ {razao_hub}: o teste da turma num JupyterHub (tests/hub) salta.", flush=True)
        ambiente["CURSO_SEM_HUB"] = razao_hub  # a razão, para o pytest a dizer no resumo
    if not shutil.which("bwrap"):
        print("⚠ Falta o bubblewrap (bwrap): os testes da caixa de areia da correção saltam, com a "
              "razão. Instala-o (Debian/Ubuntu: apt-get install bubblewrap) para os correr também.",
              flush=True)
    if sys.stdout.isatty():
        argumentos.append("--color=yes")  # a saída passa por um tubo, mas quem a lê é um terminal
    return correr_ate_ao_fim(argumentos + extra, cwd=RAIZ, env=ambiente)


def _quem_segura(tubo: int) -> list[str]:
    """Os processos (PID e comando) que têm aberto o tubo ``tubo`` (só Linux, via /proc)."""
    alvo = os.readlink(f"/proc/self/fd/{tubo}") if Path(f"/proc/self/fd/{tubo}").exists() else None
    encontrados = []
    for pasta in Path("/proc").iterdir() if alvo else ():
        if not pasta.name.isdigit() or int(pasta.name) == os.getpid():
            continue
        try:
            if any(os.readlink(fd) == alvo for fd in (pasta / "fd").iterdir()):
                comando = (pasta / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                encontrados.append(f"{pasta.name} {comando.strip()[:150]}")
        except OSError:
            continue
    return encontrados


def correr_ate_ao_fim(comando: list[str], **opcoes) -> int:
    """Corre ``comando`` e passa a saída dele para a nossa; acaba quando ele acaba.

    Um processo que os testes deixem vivo (um kernel, um servidor) herda a saída do pytest e, se
    ela fosse o terminal ou o registo da CI, seguraria-a aberta depois do fim: quem espera pelo
    fim da saída ficava pendurado. Aqui a saída do pytest é um tubo nosso: quando o pytest
    termina, lê-se o que falta e, se alguém ainda segurar o tubo, diz-se quem e termina-se.
    """
    import signal
    import threading

    leitura, escrita = os.pipe()
    try:
        processo = subprocess.Popen(comando, stdout=escrita, stderr=escrita, **opcoes)
    finally:
        os.close(escrita)
    destino = sys.stdout.buffer

    def passar():
        escrever = True
        while True:
            bloco = os.read(leitura, 65536)
            if not bloco:
                return
            if escrever:
                try:
                    destino.write(bloco)
                    destino.flush()
                except (BrokenPipeError, OSError):
                    escrever = False  # quem lia fechou («… | head»): continua a esvaziar o tubo

    fio = threading.Thread(target=passar, name="saida-dos-testes", daemon=True)
    fio.start()
    try:
        codigo = processo.wait()
    except KeyboardInterrupt:  # o Ctrl+C também chegou ao pytest (mesmo grupo de processos)
        codigo = processo.wait()
    fio.join(timeout=10)
    if fio.is_alive():
        restos = _quem_segura(leitura)
        print(f"\n⚠ Os testes acabaram (código {codigo}), mas {len(restos)} processo(s) que eles "
              "arrancaram ficaram vivos a segurar a saída; termino-os:", flush=True)
        for linha in restos:
            print(f"   {linha}", flush=True)
            try:
                os.kill(int(linha.split()[0]), signal.SIGKILL)
            except OSError:
                pass
        fio.join(timeout=5)
    return codigo


def main(argv: list[str]) -> int:
    if argv[:1] in ([], ["lab"]):
        return abrir_jupyterlab(preparar())
    if argv[0] == "professor":
        return abrir_jupyterlab(preparar(), professor=True)
    if argv[0] == "atualizar":
        codigo = subprocess.call([str(preparar()), "-m", "curso", "atualizar", *argv[1:]],
                                 cwd=RAIZ, env=_ambiente())
        if codigo == 0:
            preparar()  # a versão nova pode ter mudado requirements.lock
        return codigo
    if argv[0] == "testes":
        return correr_testes(preparar(), argv[1:])
    if argv[0] == "preparar":
        preparar()
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
