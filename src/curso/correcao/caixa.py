"""A caixa de areia onde corre o kernel de cada submissão (bubblewrap, só em Linux).

Só o kernel é código não confiável: o trabalhador, o nbgrader e tudo o que decide ou regista uma
nota ficam de fora. O kernel arranca pelo ponto de extensão do ``jupyter_client`` — um
*kernel provisioner* (``ProvisionadorIsolado``, registado como ``curso-isolado``) — e o
nbclient/nbgrader continuam a executar o caderno como sempre. Dentro da caixa:

- rede, processos, IPC e nome da máquina próprios (``--unshare-all``): sem rede, e todos os
  processos que o aluno arrancar morrem com o kernel (``--die-with-parent``, PID próprio);
- o utilizador 1000, não o 0, sem capacidades nem novos namespaces;
- só leitura: o sistema (``/usr``), o ambiente Python, o pacote ``curso``, as verificações
  públicas e a própria raiz da caixa; escrita: a pasta de trabalho (``/home/aluno``, ou
  ``/run/aluno`` se o curso estiver lá; com a cópia do caderno) e um ``/tmp``, ambos em memória
  e com tamanho fixo — o disco do professor não enche. Não se veem
  ``solutions/``, ``gradebook.db``, os outros alunos, a configuração, a pasta pessoal do
  professor, nem as pastas temporárias da correção;
- variáveis de ambiente de uma lista fechada; limites de memória e de processos.

O kernel fala com o trabalhador por sockets Unix (ZMQ ``ipc``) numa pasta partilhada só para
isso: com a rede isolada, o ``tcp`` em 127.0.0.1 não chegaria cá fora. É a única pasta do disco
onde o kernel pode escrever; a ``VigiaDaLigacao`` termina o kernel que lá ponha outra coisa.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from jupyter_client.provisioning import LocalProvisioner
from traitlets import Dict, Integer, List, Unicode

NOME = "curso-isolado"
UID = 1000
CASA = "/home/aluno"
# o que o kernel pode ver do ambiente do trabalhador (nada de chaves, tokens ou caminhos)
VARIAVEIS = ("LANG", "LC_ALL", "PYTHONUTF8", "NBGRADER_EXECUTION", "PYTHONHASHSEED")
MEMORIA = 4 * 2**30  # bytes de memória virtual do kernel: uma bomba de memória dá MemoryError
PROCESSOS = 64  # processos e fios de execução ao mesmo tempo dentro da caixa
TMP = 256 * 2**20  # o /tmp da caixa vive em memória: tem de ter tamanho
SHM = 64 * 2**20  # o /dev/shm também (semáforos e memória partilhada do multiprocessing)
CASA_MAXIMA = 256 * 2**20  # a pasta de trabalho também (tmpfs): um ciclo a escrever não enche o disco
ENTREGA = "/run/entrega"  # a cópia da submissão, só de leitura; o lançador copia-a para a CASA
# o kernel carrega a blindagem (ver curso.correcao.blindagem) antes da primeira célula
ARGUMENTOS_DO_KERNEL = ["--IPKernelApp.kernel_class=curso.correcao.blindagem.KernelBlindado"]
COPIA_MAXIMA = 50 * 2**20  # bytes dos cadernos da submissão copiados para a caixa
SISTEMA = ("/usr", "/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime",
           "/etc/nsswitch.conf", "/etc/passwd", "/etc/group", "/etc/mime.types")
INSTALAR = ("Debian/Ubuntu: sudo apt-get install bubblewrap · "
            "Fedora: sudo dnf install bubblewrap")
# onde os kernels da correção ficam, cada um no seu grupo de controlo de processos (só como root:
# para um utilizador normal o limite de processos é o RLIMIT_NPROC, contado dentro da caixa)
CGROUP_PIDS = Path("/sys/fs/cgroup/pids")
CGROUP_MEMORIA = Path("/sys/fs/cgroup/memory")
MEMORIA_DA_CAIXA = 2 * 2**30  # bytes de memória da caixa inteira (processos e tmpfs), como root


def motivo_sem_caixa() -> str | None:
    """Porque é que não há caixa de areia nesta máquina (``None`` quando há)."""
    if not sys.platform.startswith("linux"):
        onde = "Windows" if sys.platform == "win32" else "macOS" if sys.platform == "darwin" else sys.platform
        return (f"a correção isolada precisa de Linux (com o bubblewrap) e isto é {onde}: corrige "
                "num Linux ou no WSL (Windows), onde os kernels dos alunos correm numa caixa de areia")
    if shutil.which("bwrap") is None:
        return f"o bubblewrap (bwrap) não está instalado — {INSTALAR}"
    teste = ["bwrap", "--unshare-all", "--unshare-user", "--uid", str(UID), "--gid", str(UID),
             "--die-with-parent", "--ro-bind", "/", "/", "--", "/bin/true"]
    try:
        r = subprocess.run(teste, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as erro:
        return f"o bubblewrap não correu: {erro}"
    if r.returncode != 0:
        return ("o bubblewrap não consegue criar uma caixa — os namespaces de utilizador estão "
                "desligados ou proibidos: num chroot não os há (corre num sistema a sério ou num "
                "contentor que os permita); «sysctl user.max_user_namespaces» tem de ser > 0; no "
                "Ubuntu ≥ 23.10 a AppArmor proíbe-os («sysctl "
                "kernel.apparmor_restrict_unprivileged_userns=0», ou um perfil para o bwrap); em "
                "núcleos Debian antigos, «sysctl kernel.unprivileged_userns_clone=1». O bwrap "
                f"disse: {r.stderr.strip()[:300]}")
    return None


def _existentes(caminhos) -> list[str]:
    vistos: list[str] = []
    for c in caminhos:
        c = str(c)
        if c and os.path.exists(c) and c not in vistos:
            vistos.append(c)
    return vistos


def leitura(extra: list[str] = ()) -> list[str]:
    """As pastas que o kernel lê: o sistema, o Python (o do ambiente e o de base) e o curso."""
    import curso

    python = [sys.prefix, sys.base_prefix, os.path.dirname(os.path.realpath(sys.executable))]
    pacote = os.path.dirname(os.path.realpath(curso.__file__))
    return _existentes([*SISTEMA, *python, pacote, *extra])


def _dentro(caminho: str, pasta: str) -> bool:
    pasta = pasta.rstrip("/") or "/"
    return caminho == pasta or caminho.startswith(pasta if pasta == "/" else pasta + "/")


def casa_da_caixa(montadas: list[str]) -> str:
    """A pasta de trabalho do kernel (a sua ``HOME``, um tmpfs): ``CASA``, a não ser que uma das
    pastas que a caixa monta esteja lá dentro ou acima dela — o curso clonado em ``/home/aluno``,
    ou o seu ``.venv`` —; aí, ``/run/aluno`` (ou ``/run/aluno-2``, …). Assim a pasta do aluno só
    tem os seus cadernos, e nenhum módulo que o kernel importa vem de uma pasta onde ele escreve."""
    caminhos = {c for m in montadas for c in (str(m), os.path.realpath(m))}
    for casa in (CASA, *(f"/run/aluno{'' if n == 1 else f'-{n}'}" for n in range(1, 100))):
        if not any(_dentro(c, casa) or _dentro(casa, c) for c in caminhos):
            return casa
    raise RuntimeError("não há onde pôr a pasta de trabalho do kernel na caixa")


def comando(kernel: list[str], privada: Path, ligacao: Path, leitura: list[str],
            env: dict[str, str], memoria: int = MEMORIA, processos: int = PROCESSOS,
            casa: str | None = None) -> list[str]:
    """O ``bwrap … -- python -m curso.correcao.interior … -- KERNEL`` que arranca o kernel.

    ``casa`` é a pasta de trabalho (por omissão, a de ``casa_da_caixa``); ``HOME`` e companhia
    apontam para ela, seja o que for que ``env`` diga."""
    casa = casa or casa_da_caixa([*leitura, str(ligacao)])
    # os tmpfs primeiro: montado depois, um tmpfs tapava o que lá estivesse (o .venv de um curso
    # clonado em /home/aluno, uma pasta de ligação em /tmp); o que se monta por cima fica visível
    argv = ["bwrap", "--unshare-all", "--unshare-user", "--uid", str(UID), "--gid", str(UID),
            "--disable-userns", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
            "--proc", "/proc", "--dev", "/dev", "--size", str(SHM), "--tmpfs", "/dev/shm",
            "--size", str(TMP), "--tmpfs", "/tmp",
            "--size", str(CASA_MAXIMA), "--perms", "0700", "--tmpfs", casa]
    for caminho in leitura:
        argv += ["--ro-bind", caminho, caminho]
    for ligacao_usr in ("bin", "lib", "lib64", "sbin"):
        if os.path.islink(f"/{ligacao_usr}"):
            argv += ["--symlink", os.readlink(f"/{ligacao_usr}"), f"/{ligacao_usr}"]
        elif os.path.isdir(f"/{ligacao_usr}"):
            argv += ["--ro-bind", f"/{ligacao_usr}", f"/{ligacao_usr}"]
    # a raiz da caixa e o /dev são tmpfs do bwrap sem tamanho (na raiz ficam as pastas que ele
    # cria para montar as outras): só de leitura, o kernel só escreve nos tmpfs com tamanho (a
    # casa, o /tmp, o /dev/shm) e na ligação; /dev/null e companhia continuam a aceitar escrita
    argv += ["--ro-bind", str(privada), ENTREGA, "--bind", str(ligacao), str(ligacao),
             "--remount-ro", "/dev", "--remount-ro", "/", "--chdir", casa, "--clearenv"]
    env = {**env, "HOME": casa, "IPYTHONDIR": f"{casa}/.ipython",
           "HYPOTHESIS_STORAGE_DIRECTORY": f"{casa}/.hypothesis"}
    for nome, valor in env.items():
        argv += ["--setenv", nome, valor]
    interior = [sys.executable, "-m", "curso.correcao.interior", str(memoria), str(processos),
                ENTREGA, casa]
    return [*argv, "--", *interior, "--", *kernel]


def ambiente_da_caixa(env: dict[str, str], raiz_publica: str | None) -> dict[str, str]:
    """A lista fechada de variáveis que o kernel vê."""
    novo = {k: env[k] for k in VARIAVEIS if k in env}
    # HOME, IPYTHONDIR e HYPOTHESIS_STORAGE_DIRECTORY põe-nos o ``comando``: dependem da casa
    novo.update(PATH=os.pathsep.join([os.path.dirname(sys.executable), "/usr/bin", "/bin"]),
                TMPDIR="/tmp", PYTHONUTF8="1", PYTHONDONTWRITEBYTECODE="1", PYTHONSAFEPATH="1")
    if raiz_publica:
        novo["CURSO_RAIZ"] = raiz_publica
    return novo


def copiar_submissao(origem: Path | None, destino: Path) -> None:
    """Só os cadernos (``*.ipynb``, ficheiros normais) da pasta da submissão, até ``COPIA_MAXIMA``.

    Nada mais entra na caixa: um ``ipykernel_launcher.py``, um ``json.py`` ou um ``curso.py`` ao
    lado do caderno seriam importados pelo kernel no lugar dos verdadeiros. As ligações
    simbólicas não são seguidas (``O_NOFOLLOW``: nem entre a verificação e a abertura)."""
    if origem is None or not origem.is_dir():
        return
    total = 0
    for f in sorted(origem.iterdir()):
        if f.suffix != ".ipynb":
            continue
        try:
            fd = os.open(f, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:  # uma ligação simbólica (ELOOP), ou desapareceu
            continue
        with open(fd, "rb") as leitor:
            info = os.fstat(leitor.fileno())
            total += info.st_size
            if not stat.S_ISREG(info.st_mode) or total > COPIA_MAXIMA:
                continue
            with open(destino / f.name, "wb") as escritor:
                shutil.copyfileobj(leitor, escritor)


AQUECER_HYPOTHESIS = ("from hypothesis.internal.charmap import charmap, intervals_from_codec\n"
                      "charmap()\nintervals_from_codec('utf-8')\n")


def tabelas_unicode(base: Path) -> Path | None:
    """As tabelas Unicode que a hypothesis calcula na primeira utilização (~10 s num kernel):
    calculadas uma vez, fora da caixa, e copiadas para cada caixa (uma pasta partilhada com
    escrita seria um canal entre alunos). ``None`` sem a hypothesis instalada."""
    pasta = base / "hypothesis"
    tabelas = pasta / "unicode_data"
    if not tabelas.is_dir():
        env = {**os.environ, "HYPOTHESIS_STORAGE_DIRECTORY": str(pasta)}
        try:
            subprocess.run([sys.executable, "-c", AQUECER_HYPOTHESIS], env=env, timeout=120,
                           capture_output=True, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return None
    return tabelas if tabelas.is_dir() else None


SOCKET_DO_KERNEL = re.compile(r"k-\d+")  # os sockets ipc do kernel: o ``ip`` (``k``) e a porta
LIGACAO_MAXIMA = 64 * 2**10  # o kernel.json tem umas centenas de bytes
SOCKETS_MAXIMOS = 64  # sockets k-N na pasta de ligação (o kernel usa 5: shell, iopub, stdin…)
INODES_MAXIMOS = 20_000  # ficheiros e pastas em cada tmpfs da caixa (casa, /tmp, /dev/shm)
_violacoes: list[str] = []
_trinco_violacoes = threading.Lock()


def violacoes() -> list[str]:
    """O que as vigias registaram desde a última chamada (e esquece-o): uma linha por kernel."""
    with _trinco_violacoes:
        vistas = list(_violacoes)
        _violacoes.clear()
    return vistas


def estranhos_na_ligacao(pasta: Path) -> list[str]:
    """O que há na pasta de ligação além do ``kernel.json`` e dos sockets do kernel — e os
    sockets a mais do que ``SOCKETS_MAXIMOS`` (um kernel usa cinco)."""
    estranhos, sockets = [], []
    with os.scandir(pasta) as entradas:
        for entrada in entradas:
            try:
                modo = entrada.stat(follow_symlinks=False)
            except FileNotFoundError:  # apagada entretanto: já não ocupa nada
                continue
            if entrada.name == "kernel.json" and stat.S_ISREG(modo.st_mode) and modo.st_size <= LIGACAO_MAXIMA:
                continue
            if SOCKET_DO_KERNEL.fullmatch(entrada.name) and stat.S_ISSOCK(modo.st_mode):
                sockets.append(entrada.name)
                continue
            estranhos.append(entrada.name)
    sockets.sort(key=lambda nome: int(nome[2:]))
    return estranhos + sockets[SOCKETS_MAXIMOS:]


def _apagar(pasta: Path, nomes: list[str]) -> None:
    for nome in nomes:
        caminho = pasta / nome
        if caminho.is_dir() and not caminho.is_symlink():
            shutil.rmtree(caminho, ignore_errors=True)  # não segue ligações simbólicas
        else:
            try:
                caminho.unlink()
            except OSError:
                pass


class VigiaDaLigacao(threading.Thread):
    """Vigia a pasta de ligação, a única do disco onde o kernel escreve (os seus sockets).

    Um kernel que lá ponha outra coisa — ficheiros para encher o disco, pastas, ligações
    simbólicas — é terminado logo (o trabalhador reinicia-o, como a um kernel que morreu), o que
    lá pôs é apagado e a violação fica registada para o resumo do professor (``violacoes``). Entre
    duas olhadelas (``intervalo``) o kernel escreve no máximo o que o disco aguenta nesse tempo.
    """

    def __init__(self, pasta: Path, processo: subprocess.Popen, intervalo: float = 0.1,
                 inodes: int = INODES_MAXIMOS, casa: str = CASA):
        super().__init__(daemon=True, name=f"vigia-{pasta.parent.name}")
        self.pasta, self.processo, self.intervalo, self.inodes = pasta, processo, intervalo, inodes
        self.casa = casa  # a pasta de trabalho da caixa (ver casa_da_caixa), um dos seus tmpfs
        self._fim = threading.Event()
        self._raiz: str | None = None  # /proc/PID/root de um processo dentro da caixa

    def parar(self) -> None:
        self._fim.set()

    def run(self) -> None:
        while not self._fim.wait(self.intervalo) and self.processo.poll() is None:
            try:
                estranhos = estranhos_na_ligacao(self.pasta)
            except FileNotFoundError:
                return  # a própria pasta foi apagada: a caixa acabou
            except OSError as erro:  # o kernel tirou-nos a leitura (chmod): também não pode
                estranhos = [f"a pasta ficou ilegível ({erro.strerror})"]
            if estranhos:
                self._terminar(estranhos)
                return
            if demasiados := self._inodes_a_mais():
                self._terminar([], demasiados)
                return

    def _inodes_a_mais(self) -> str | None:
        """O bwrap não sabe pôr ``nr_inodes=`` nos tmpfs da caixa (só ``size=``): sem teto, um
        ciclo a criar ficheiros vazios gasta memória do núcleo sem ocupar bytes. Conta-se de
        fora (``statvfs`` pela raiz de um processo da caixa) e acima de ``inodes`` é violação."""
        if self._raiz is None:
            try:
                filhos = Path(f"/proc/{self.processo.pid}/task/{self.processo.pid}/children").read_text().split()
            except OSError:
                return None
            if not filhos:
                return None
            self._raiz = f"/proc/{filhos[0]}/root"
        try:  # antes do pivot_root do bwrap, a raiz do filho ainda é a da máquina
            if os.stat(self._raiz).st_dev == os.stat("/").st_dev:
                return None
        except OSError:
            return None
        for pasta in (self.casa, "/tmp", "/dev/shm"):
            try:
                info = os.statvfs(self._raiz + pasta)
            except OSError:
                continue  # a caixa ainda a montar, ou já a acabar
            if info.f_files - info.f_ffree > self.inodes:
                return (f"o kernel criou mais de {self.inodes} ficheiros e pastas em {pasta} "
                        "e foi terminado")
        return None

    def _terminar(self, estranhos: list[str], motivo: str | None = None) -> None:
        try:
            self.processo.kill()  # o bwrap: com ele morre o PID 1 da caixa, e tudo o que lá está
        except OSError:
            pass
        limite = time.monotonic() + 5
        while self.processo.poll() is None and time.monotonic() < limite:
            time.sleep(0.02)
        try:
            os.chmod(self.pasta, 0o700)  # a pasta é do trabalhador: se o kernel a fechou, reabre-a
            for _ in range(2):  # duas passagens: o que um processo a morrer ainda tenha escrito
                _apagar(self.pasta, estranhos_na_ligacao(self.pasta))
                time.sleep(0.05)
        except OSError:
            pass  # a caixa é apagada no fim da correção de qualquer maneira
        mostrados = ", ".join(sorted(estranhos)[:3]) + (" …" if len(estranhos) > 3 else "")
        with _trinco_violacoes:
            _violacoes.append(motivo or (
                f"o kernel escreveu na pasta de ligação ({len(estranhos)} entrada(s) que não são "
                f"os seus sockets: {mostrados}) e foi terminado"))


SAIDA_DO_KERNEL = 2**20  # bytes do stdout e stderr de cada kernel que chegam ao registo
SAIDA_CORTADA = ("\n[… o kernel escreveu mais de {limite} bytes no stdout/stderr: o resto foi lido "
                 "e descartado pela correção …]\n")


class LeitorDaSaida(threading.Thread):
    """Lê o *pipe* do stdout e stderr do kernel até ao fim.

    O kernel nunca recebe um descritor de um ficheiro do professor (o registo do trabalhador, um
    terminal): escreve num *pipe* cuja outra ponta é só nossa. Os primeiros ``limite`` bytes vão
    para ``destino`` (o ``stderr`` que quem arrancou o kernel pediu, como o registo da guarda do
    kernel; por omissão o stderr do trabalhador, o seu registo); o resto é lido e deitado fora,
    com uma nota — o kernel não fica bloqueado à espera de quem leia, nem enche o disco de
    ninguém."""

    def __init__(self, pipe, limite: int = SAIDA_DO_KERNEL, destino=None):
        super().__init__(daemon=True, name="saida-do-kernel")
        self.pipe, self.limite, self.destino = pipe, limite, destino
        self.lidos = 0  # bytes lidos ao todo (guardados ou não)

    def _escrever(self, texto: str) -> None:
        destino = self.destino
        if destino == subprocess.DEVNULL:
            return
        if isinstance(destino, int):
            os.write(destino, texto.encode("utf-8", "replace"))
            return
        destino = destino if destino is not None else sys.stderr
        destino.write(texto)
        destino.flush()

    def run(self) -> None:
        fd = self.pipe.fileno()
        try:
            while bloco := os.read(fd, 2**16):
                guardar = bloco[:max(0, self.limite - self.lidos)]
                cortou = self.lidos <= self.limite < self.lidos + len(bloco)
                self.lidos += len(bloco)
                texto = guardar.decode("utf-8", "replace")
                if cortou:
                    texto += SAIDA_CORTADA.format(limite=self.limite)
                if texto:
                    try:
                        self._escrever(texto)
                    except (OSError, ValueError):
                        pass  # sem registo: continua a ler, para o kernel não parar
        except OSError:
            pass
        finally:
            try:
                self.pipe.close()
            except OSError:
                pass


class GrupoDeProcessos:
    """Os grupos de controlo (cgroup v1) de uma caixa: ``pids`` com um máximo de processos e,
    com ``base_memoria``, ``memory`` com um máximo de memória para a caixa inteira (todos os
    processos e os seus tmpfs juntos, não cada processo por si). Só como root."""

    def __init__(self, base: Path, maximo: int, memoria: int = MEMORIA_DA_CAIXA,
                 base_memoria: Path | None = None):
        nome = f"kernel-{uuid.uuid4().hex[:12]}"
        self.pasta = base / nome
        self.pasta.mkdir(parents=True)
        (self.pasta / "pids.max").write_text(str(maximo))
        self.pastas = [self.pasta]
        if base_memoria is not None:
            memoria_pasta = base_memoria / nome
            memoria_pasta.mkdir(parents=True)
            self.pastas.append(memoria_pasta)
            (memoria_pasta / "memory.limit_in_bytes").write_text(str(memoria))
            try:  # com swap, o limite conta também o que for para lá
                (memoria_pasta / "memory.memsw.limit_in_bytes").write_text(str(memoria))
            except OSError:
                pass

    def prefixo(self) -> list[str]:
        """Um ``sh`` que entra nos grupos antes de dar lugar ao bwrap (os filhos herdam-nos)."""
        entrar = " && ".join(f'echo $$ > "${i + 1}/cgroup.procs"' for i in range(len(self.pastas)))
        return ["/bin/sh", "-c", f'{entrar} && shift {len(self.pastas)} && exec "$@"', "sh",
                *map(str, self.pastas)]

    def remover(self) -> None:
        for pasta in self.pastas:
            _matar_grupo(pasta)
        for pasta in self.pastas:
            _apagar_grupo(pasta)


def _apagar_grupo(pasta: Path, tentativas: int = 50) -> None:
    """``rmdir`` de um grupo, à espera (até 1 s) que o núcleo tire de lá os processos mortos."""
    for _ in range(tentativas):
        try:
            pasta.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.02)


def remover_grupos(nome: str) -> None:
    """No fim da correção: apaga os grupos que um trabalhador morto tenha deixado, e a base."""
    for raiz in (CGROUP_PIDS, CGROUP_MEMORIA):
        base = raiz / nome
        if not base.is_dir():
            continue
        for grupo in base.iterdir():
            if grupo.is_dir():
                _matar_grupo(grupo)
                _apagar_grupo(grupo)
        _apagar_grupo(base)


def _matar_grupo(grupo: Path) -> None:
    import signal

    try:
        pids = [int(p) for p in (grupo / "cgroup.procs").read_text().split()]
    except (OSError, ValueError):
        return
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def sem_limite_de_processos() -> str | None:
    """Porque é que a caixa não vai ter limite de processos (``None`` quando vai ter)."""
    if os.geteuid() != 0 or (CGROUP_PIDS / "cgroup.procs").is_file() and os.access(CGROUP_PIDS, os.W_OK):
        return None
    return ("a correção corre como root e não há cgroup «pids» com escrita (/sys/fs/cgroup/pids): "
            "o RLIMIT_NPROC não vale para o root, por isso uma bomba de processos só para no fim "
            "da célula. Corre «curso corrigir» como um utilizador normal")


def base_de_grupos(raiz: Path = CGROUP_PIDS) -> Path | None:
    """A pasta de grupos desta correção no controlador ``raiz`` (``pids`` ou ``memory``), se
    formos root e o cgroup v1 a permitir."""
    if os.geteuid() != 0:
        return None
    nome = os.environ.get("CURSO_CAIXA_GRUPO")
    if not nome or not (raiz / "cgroup.procs").is_file():
        return None
    base = raiz / nome
    try:
        base.mkdir(exist_ok=True)
    except OSError:
        return None
    return base


class ProvisionadorIsolado(LocalProvisioner):
    """``LocalProvisioner`` que arranca o kernel dentro da caixa, com ligação ZMQ ``ipc``."""

    leitura_extra = List(Unicode(), help="Pastas extra que o kernel pode ler.").tag(config=True)
    raiz_publica = Unicode("", help="CURSO_RAIZ dentro da caixa (com tests/exercicios).").tag(config=True)
    memoria = Integer(MEMORIA, help="Memória virtual máxima do kernel, em bytes.").tag(config=True)
    processos = Integer(PROCESSOS, help="Processos ao mesmo tempo na caixa.").tag(config=True)
    memoria_da_caixa = Integer(MEMORIA_DA_CAIXA, help="Memória da caixa inteira, em bytes (cgroup, "
                               "só como root).").tag(config=True)
    extra = Dict(help="Reservado.").tag(config=True)

    privada: Path | None = None
    ligacao: Path | None = None
    casa: str = CASA
    grupo: GrupoDeProcessos | None = None
    vigia: VigiaDaLigacao | None = None
    leitor: LeitorDaSaida | None = None
    _destino_da_saida: Any = None

    async def pre_launch(self, **kwargs: Any) -> dict[str, Any]:
        km = self.parent
        if self.privada is None:  # um reinício reutiliza a caixa: o cliente já tem os endereços
            base = Path(os.environ.get("CURSO_CAIXAS") or tempfile.gettempdir())
            base.mkdir(parents=True, exist_ok=True)
            raiz = Path(tempfile.mkdtemp(prefix="caixa-", dir=base))
            self.privada, self.ligacao = raiz / "trabalho", raiz / "ligacao"
            self.privada.mkdir()
            self.ligacao.mkdir()
            copiar_submissao(Path(kwargs["cwd"]) if kwargs.get("cwd") else None, self.privada)
            if tabelas := tabelas_unicode(base):
                shutil.copytree(tabelas, self.privada / ".hypothesis" / "unicode_data")
            km.transport = "ipc"
            km.ip = str(self.ligacao / "k")
            km.connection_file = str(self.ligacao / "kernel.json")
            grupos = base_de_grupos()
            self.grupo = GrupoDeProcessos(grupos, self.processos, self.memoria_da_caixa,
                                          base_de_grupos(CGROUP_MEMORIA)) if grupos else None
        kwargs = await super().pre_launch(**kwargs)
        env = ambiente_da_caixa(kwargs.get("env") or {}, self.raiz_publica or None)
        pastas = leitura([*self.leitura_extra, self.kernel_spec.resource_dir])
        self.casa = casa_da_caixa([*pastas, str(self.ligacao)])
        argv = comando(kwargs["cmd"], self.privada, self.ligacao, pastas, env, self.memoria,
                       self.processos, self.casa)
        kwargs["cmd"] = [*(self.grupo.prefixo() if self.grupo else []), *argv]
        kwargs["env"] = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        kwargs["cwd"] = str(self.ligacao)
        # o stdout e o stderr do kernel vão para um pipe que só nós lemos (LeitorDaSaida), nunca
        # para um descritor herdado de um ficheiro do professor (o registo, um terminal); o que
        # quem arrancou o kernel pediu para o stderr recebe o que o leitor deixa passar
        self._destino_da_saida = kwargs.get("stderr")
        kwargs["stdout"], kwargs["stderr"] = subprocess.PIPE, subprocess.STDOUT
        return kwargs

    async def post_launch(self, **kwargs: Any) -> None:
        await super().post_launch(**kwargs)
        self.leitor = LeitorDaSaida(self.process.stdout, destino=self._destino_da_saida)
        self.leitor.start()
        self.vigia = VigiaDaLigacao(self.ligacao, self.process, casa=self.casa)
        self.vigia.start()

    async def cleanup(self, restart: bool = False) -> None:
        if self.vigia is not None:
            self.vigia.parar()
            self.vigia = None
        if self.leitor is not None:
            self.leitor.join(2)  # o kernel morreu: o pipe chega ao fim logo a seguir
            self.leitor = None
        await super().cleanup(restart=restart)
        if restart:
            return
        if self.grupo is not None:
            self.grupo.remover()
        if self.privada is not None:
            shutil.rmtree(self.privada.parent, ignore_errors=True)
            self.privada = None


def especificacao(pasta: Path, argv: list[str], config: dict) -> Path:
    """Escreve o kernel spec ``curso-isolado`` em ``pasta/kernels``: o ``argv`` do kernel do
    curso, interrupção por mensagem (um sinal não atravessaria o ``bwrap``) e o provisionador."""
    destino = Path(pasta) / "kernels" / NOME
    destino.mkdir(parents=True, exist_ok=True)
    (destino / "kernel.json").write_text(json.dumps({
        "argv": argv, "display_name": "Python 3 (correção isolada)", "language": "python",
        "interrupt_mode": "message",
        "metadata": {"kernel_provisioner": {"provisioner_name": NOME, "config": config}},
    }, ensure_ascii=False), encoding="utf-8")
    return destino
