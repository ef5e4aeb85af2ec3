"""A recolha das submissões: sem seguir ligações simbólicas, e só o que o aluno entregou.

Quem recolhe (o ``nbgrader collect`` da troca do JupyterHub, o serviço da correção na entrega,
o trabalhador do ``curso corrigir``) corre com as permissões do professor. Uma ligação simbólica
no lugar do caderno — ou de uma pasta — faria-o ler o que o aluno não pode ler (as soluções, o
``gradebook.db``, a chave de outro serviço) e entregá-lo à correção ou ao retorno. Por isso a
cópia anda por descritores (``O_NOFOLLOW`` em cada passo, nunca um caminho que o aluno possa
trocar entre a verificação e a abertura): uma ligação, um *pipe* ou um dispositivo ficam de fora
sem serem abertos, e a submissão fica sinalizada («⚠ possível adulteração», com o nome e o alvo
da ligação); um caderno que era uma ligação não existe para a correção, por isso vale 0.

Em ``inbound/`` todos os alunos escrevem, e o nome de uma pasta (``ALUNO+CAP+DATA+ALEATÓRIO``)
é escolhido por quem a escreve. O nome não prova nada: o que prova de quem é uma entrega é o
dono da pasta, visto pelo sistema (o ``uid``, que só o próprio aluno consegue ter). Uma entrega só
é recolhida se a pasta e tudo o que lá está forem do aluno que o nome diz, se o nome tiver o
formato exato que o ``nbgrader submit`` escreve, se a data não estiver no futuro e se o
``timestamp.txt`` e o ``submission_secret.txt`` forem os do ``nbgrader submit``. O resto fica
recusado e registado (``RECUSADAS_NA_TROCA``), e o ``curso corrigir`` mostra-o.

- ``abrir_entrega``: abre uma pasta de ``inbound/`` uma só vez, confirma tudo isto sobre o
  descritor aberto e devolve a ``EntregaAberta`` (de onde se copia), ou lança ``Recusada``.
- ``RecolhaSegura``: o ``nbgrader collect`` do curso (``ExchangeFactory.collect``, posto por
  ``curso.correcao.configuracao.aplicar``). O que não copiou de dentro de uma entrega fica escrito
  em ``RECUSADAS``, na pasta da submissão, para o ``curso corrigir`` o mostrar.
- ``recolher``: o trabalhador copia ``submitted/ALUNO/CAP`` para uma pasta só sua e o nbgrader
  corrige essa cópia.
"""

from __future__ import annotations

import errno
import fnmatch
import json
import os
import pwd
import re
import secrets
import shutil
import stat
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from nbgrader.exchange.default.collect import ExchangeCollect

from curso.correcao.adulteracao import AVISO
from curso.correcao.relatorio import limpar_texto

RECUSADAS = "ligacoes-recusadas-na-recolha.txt"  # escrito pela RecolhaSegura
# as entregas de inbound/ que não foram recolhidas (de quem era o nome, quem a escreveu, porquê),
# em submitted/ (o nbgrader e o curso corrigir só olham para as pastas submitted/ALUNO/CAP)
RECUSADAS_NA_TROCA = ".recusadas-na-troca.json"
RECUSAS_MAXIMAS = 2000  # entradas guardadas em RECUSADAS_NA_TROCA (as mais recentes)
RECOLHA_MAXIMA = 100 * 2**20  # bytes de uma submissão copiados (o resto fica de fora, dito)
ALUNO_VALIDO = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.@-]*")
# O nome que o «nbgrader submit» escreve (nbgrader/exchange/default/submit.py): ALUNO+CAP+DATA e,
# com add_random_string (por omissão), +ALEATÓRIO, 9 bytes de os.urandom em base64 para URL (12
# caracteres). A DATA é datetime.now(gettz(Exchange.timezone)).strftime(Exchange.timestamp_format),
# com os valores por omissão «UTC» e «%Y-%m-%d %H:%M:%S.%f %Z».
FORMATO_DA_DATA = "%Y-%m-%d %H:%M:%S.%f UTC"
NOME_DA_ENTREGA = re.compile(
    rf"(?P<aluno>{ALUNO_VALIDO.pattern})\+(?P<capitulo>[A-Za-z0-9_][A-Za-z0-9_.-]*)"
    r"\+(?P<data>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6} UTC)(?:\+[A-Za-z0-9_-]{12})?")
SEGREDO = re.compile(r"[0-9a-f]{128}")  # submission_secret.txt: secrets.token_hex(64)
# uma entrega com data até este tanto no futuro ainda é aceite (relógios de máquinas diferentes
# com a troca num disco partilhado); mais do que isso, foi escrita à mão
TOLERANCIA_DO_RELOGIO = 120
FICHEIRO_DA_TROCA = 4096  # bytes de timestamp.txt e submission_secret.txt lidos
# O que o Python importaria da pasta: um «ipykernel_launcher.py» ou «json.py» ao lado do caderno
# não entra na caixa (só os cadernos entram), mas nas pastas submitted/, autograded/ e feedback/ um
# kernel aberto pelo professor nessa pasta (python -m ipykernel_launcher) corria-o com os direitos
# dele, fora da caixa. Por isso nem é copiado; fica dito no resumo.
CODIGO_PYTHON = ("*.py", "*.pyc", "*.pyo", "*.pyw", "*.so", "*.pyd", "*.pth")
CODIGO_AO_LADO = ("código Python ao lado do caderno (um kernel aberto nesta pasta importá-lo-ia "
                  "fora da caixa de areia)")
ESCRITO_POR_OUTRO = "escrito por outro utilizador"


def _abrir_pasta(nome: str | Path, dir_fd: int | None = None) -> int:
    return os.open(nome, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=dir_fd)


def _alvo(nome: str, dir_fd: int) -> str:
    try:
        return os.readlink(nome, dir_fd=dir_fd)  # o texto da ligação: não a segue
    except OSError:
        return "?"


def utilizador(uid: int) -> str:
    """O nome do utilizador Unix ``uid`` (ou «uid N», se não houver)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


class Copia:
    """Uma cópia sem ligações: ``recusadas`` (``(caminho, porquê)``) e ``grandes`` (o que passou
    do limite de bytes). Com ``dono``, só se copia o que esse ``uid`` escreveu."""

    def __init__(self, ignorar=(), maximo: int = RECOLHA_MAXIMA, ficheiro_maximo: int | None = None,
                 sem_codigo: bool = True, dono: int | None = None):
        self.ignorar, self.maximo, self.ficheiro_maximo = list(ignorar), maximo, ficheiro_maximo
        self.sem_codigo = sem_codigo  # deixar de fora o código Python (ver CODIGO_PYTHON)
        self.dono = dono
        self.total = 0
        self.recusadas: list[tuple[str, str]] = []
        self.grandes: list[str] = []

    def _de_outro(self, info: os.stat_result, caminho: str) -> bool:
        if self.dono is None or info.st_uid == self.dono:
            return False
        self.recusadas.append((caminho, f"{ESCRITO_POR_OUTRO} ({utilizador(info.st_uid)})"))
        return True

    def pasta(self, fd: int, destino: Path, relativo: str = "") -> None:
        """Copia o conteúdo da pasta aberta em ``fd`` para ``destino`` (criada)."""
        destino.mkdir(parents=True, exist_ok=True)
        with os.scandir(fd) as entradas:
            nomes = sorted(e.name for e in entradas)
        for nome in nomes:
            caminho = relativo + nome
            if any(fnmatch.fnmatch(nome, padrao) for padrao in self.ignorar):
                continue
            try:
                info = os.stat(nome, dir_fd=fd, follow_symlinks=False)
            except OSError:
                continue  # desapareceu entretanto
            if stat.S_ISLNK(info.st_mode):
                self.recusadas.append((caminho, f"ligação simbólica para {_alvo(nome, fd)}"))
            elif self._de_outro(info, caminho):
                continue
            elif stat.S_ISDIR(info.st_mode):
                try:
                    sub = _abrir_pasta(nome, fd)
                except OSError as erro:
                    self.recusadas.append((caminho, _porque(erro)))
                    continue
                try:
                    if not self._de_outro(os.fstat(sub), caminho):  # trocada depois do stat
                        self.pasta(sub, destino / nome, caminho + "/")
                finally:
                    os.close(sub)
            elif stat.S_ISREG(info.st_mode):
                if self.sem_codigo and any(fnmatch.fnmatch(nome.lower(), p) for p in CODIGO_PYTHON):
                    self.recusadas.append((caminho, CODIGO_AO_LADO))
                    continue
                self._ficheiro(fd, nome, destino / nome, caminho)
            else:
                self.recusadas.append((caminho, "não é um ficheiro nem uma pasta"))

    def _ficheiro(self, fd: int, nome: str, destino: Path, caminho: str) -> None:
        try:
            origem = os.open(nome, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
        except OSError as erro:
            self.recusadas.append((caminho, _porque(erro)))
            return
        with open(origem, "rb") as leitor:
            info = os.fstat(leitor.fileno())
            if not stat.S_ISREG(info.st_mode):  # trocado entre o stat e o open
                self.recusadas.append((caminho, "não é um ficheiro"))
                return
            if self._de_outro(info, caminho):
                return
            if (self.ficheiro_maximo and info.st_size > self.ficheiro_maximo) or \
                    self.total + info.st_size > self.maximo:
                self.grandes.append(caminho)
                return
            self.total += info.st_size
            with open(destino, "wb") as escritor:
                while bloco := leitor.read(2**20):
                    escritor.write(bloco)


def _porque(erro: OSError) -> str:
    if erro.errno in (errno.ELOOP, errno.ENOTDIR):
        return "ligação simbólica (trocada durante a recolha)"
    return f"ilegível ({erro.strerror})"


def copiar_sem_ligacoes(origem: str | Path, destino: Path, dir_fd: int | None = None,
                        **opcoes) -> Copia:
    """Copia a pasta ``origem`` (relativa a ``dir_fd``, se dada) para ``destino`` sem seguir
    nenhuma ligação simbólica, nem a própria ``origem``: se esta for uma ligação, ``recusadas``
    tem ``"."`` e ``destino`` fica vazia."""
    copia = Copia(**opcoes)
    try:
        fd = _abrir_pasta(origem, dir_fd)
    except OSError as erro:
        Path(destino).mkdir(parents=True, exist_ok=True)
        try:
            ligacao = stat.S_ISLNK(os.stat(origem, dir_fd=dir_fd, follow_symlinks=False).st_mode)
        except OSError:
            ligacao = False
        copia.recusadas.append((".", f"ligação simbólica para {_alvo(origem, dir_fd)}" if ligacao
                                else _porque(erro)))
        return copia
    try:
        copia.pasta(fd, Path(destino))
    finally:
        os.close(fd)
    return copia


# --------------------------------------------------------------------------- entregas de inbound/

class Recusada(Exception):
    """Uma entrega de ``inbound/`` que não se recolhe: ``motivo`` e ``dono`` (quem a escreveu)."""

    def __init__(self, motivo: str, dono: str = "?"):
        super().__init__(motivo)
        self.motivo, self.dono = motivo, dono


class Incompleta(Recusada):
    """Falta o ``timestamp.txt`` ou o ``submission_secret.txt``: o ``nbgrader submit`` escreve-os
    depois dos cadernos, por isso uma entrega de há menos de ``A_ESCREVER`` segundos pode estar
    a meio; mais velha do que isso, é uma recusa como as outras."""


A_ESCREVER = 60  # segundos (pela data do nome) em que uma entrega incompleta ainda se espera


@dataclass(frozen=True)
class NomeDaEntrega:
    """O nome de uma pasta de ``inbound/`` no formato exato do ``nbgrader submit``."""

    nome: str
    aluno: str
    capitulo: str
    data: str
    momento: float  # a DATA, em segundos desde 1970 (UTC)

    @classmethod
    def de(cls, nome: str) -> NomeDaEntrega | None:
        achado = NOME_DA_ENTREGA.fullmatch(nome)
        if achado is None:
            return None
        try:
            quando = datetime.strptime(achado["data"], FORMATO_DA_DATA).replace(tzinfo=timezone.utc)
        except ValueError:  # 2026-02-30, 25:00…
            return None
        return cls(nome, achado["aluno"], achado["capitulo"], achado["data"], quando.timestamp())

    @property
    def utc(self) -> datetime:
        """A DATA como o nbgrader a compara (``parse_utc``: sem fuso, em UTC)."""
        return datetime.fromtimestamp(self.momento, timezone.utc).replace(tzinfo=None)


def uid_do_aluno(aluno: str) -> int | None:
    try:
        return pwd.getpwnam(aluno).pw_uid
    except KeyError:
        return None


def verificar_entrega(entrega: NomeDaEntrega, info: os.stat_result, agora: float) -> None:
    """Lança ``Recusada`` se a pasta (``info``, do ``lstat`` ou do ``fstat``) não for uma pasta
    do aluno que o nome diz, ou se a data estiver no futuro."""
    dono = utilizador(info.st_uid)
    if stat.S_ISLNK(info.st_mode):
        raise Recusada("é uma ligação simbólica (não foi seguida)", dono)
    if not stat.S_ISDIR(info.st_mode):
        raise Recusada("não é uma pasta", dono)
    esperado = uid_do_aluno(entrega.aluno)
    if esperado is None:
        raise Recusada(f"não há nenhum utilizador «{entrega.aluno}» nesta máquina", dono)
    if info.st_uid != esperado:
        raise Recusada(f"tem o nome de {entrega.aluno}, mas foi escrita por {dono}", dono)
    if entrega.momento > agora + TOLERANCIA_DO_RELOGIO:
        raise Recusada(f"a data do nome ({entrega.data}) está no futuro", dono)


def ver_entrega(inbound: int, nome: str, agora: float) -> NomeDaEntrega:
    """O nome validado e o dono confirmado pelo ``lstat`` (sem abrir a pasta): para escolher.
    Quem copia usa ``abrir_entrega``, que volta a confirmar tudo no descritor que copia."""
    entrega = _nome_ou_recusa(inbound, nome)
    verificar_entrega(entrega, os.stat(nome, dir_fd=inbound, follow_symlinks=False), agora)
    return entrega


def _nome_ou_recusa(inbound: int, nome: str) -> NomeDaEntrega:
    entrega = NomeDaEntrega.de(nome)
    if entrega is None:
        try:
            dono = utilizador(os.stat(nome, dir_fd=inbound, follow_symlinks=False).st_uid)
        except OSError:
            dono = "?"
        raise Recusada("o nome não tem o formato do nbgrader submit "
                       "(ALUNO+CAP+AAAA-MM-DD HH:MM:SS.ffffff UTC+…)", dono)
    return entrega


class EntregaAberta:
    """Uma pasta de ``inbound/`` aberta uma só vez (``fd``), já confirmada: tudo o que se lê dela
    (os cadernos, a data, o segredo do retorno) vem deste descritor. Fecha-se com ``with``."""

    def __init__(self, entrega: NomeDaEntrega, fd: int, uid: int):
        self.entrega, self.fd, self.uid = entrega, fd, uid
        self.timestamp = self.segredo = ""

    def __enter__(self) -> EntregaAberta:
        return self

    def __exit__(self, *_) -> None:
        self.fechar()

    def fechar(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def ler(self, nome: str) -> str:
        """Um ficheiro pequeno da entrega, que tem de ser um ficheiro normal do aluno."""
        try:
            fd = os.open(nome, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=self.fd)
        except OSError as erro:
            classe = Incompleta if erro.errno == errno.ENOENT else Recusada
            raise classe(f"sem {nome} legível ({_porque(erro)}): não veio do nbgrader submit",
                         utilizador(self.uid)) from None
        with open(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_uid != self.uid:
                raise Recusada(f"o {nome} não é um ficheiro de {self.entrega.aluno}",
                               utilizador(info.st_uid))
            return f.read(FICHEIRO_DA_TROCA + 1).decode("utf-8", errors="replace")

    def cadernos(self) -> list[str]:
        """Os nomes (sem ``.ipynb``) dos cadernos da entrega."""
        with os.scandir(self.fd) as entradas:
            return sorted(e.name[:-len(".ipynb")] for e in entradas
                          if e.name.endswith(".ipynb") and e.is_file(follow_symlinks=False))

    def recolher_para(self, destino: Path, **opcoes) -> Copia:
        """Copia a entrega para ``destino`` (``submitted/ALUNO/CAP``), trocando a que lá estava
        só no fim: uma cópia a meio nunca fica no lugar de uma submissão."""
        destino = Path(destino)
        destino.parent.mkdir(parents=True, exist_ok=True)
        marca = secrets.token_hex(4)
        nova = destino.parent / f".{destino.name}.recolha-{marca}"
        velha = destino.parent / f".{destino.name}.anterior-{marca}"
        try:
            copia = Copia(dono=self.uid, **opcoes)
            copia.pasta(self.fd, nova)
            if destino.exists() or destino.is_symlink():
                os.rename(destino, velha)
            try:
                os.rename(nova, destino)
            except OSError:
                if velha.exists() or velha.is_symlink():
                    os.rename(velha, destino)  # a anterior volta ao seu lugar
                raise
        finally:
            shutil.rmtree(nova, ignore_errors=True)
            if velha.is_symlink():
                velha.unlink()
            else:
                shutil.rmtree(velha, ignore_errors=True)
        return copia


def abrir_entrega(inbound: int, nome: str, agora: float | None = None) -> EntregaAberta:
    """Abre ``inbound/NOME`` (``inbound`` é o descritor da pasta) sem seguir ligações e confirma,
    no descritor aberto: o nome no formato do ``nbgrader submit``, a pasta do aluno que o nome
    diz, a data que não está no futuro, e o ``timestamp.txt`` (igual à data do nome) e o
    ``submission_secret.txt`` que o ``nbgrader submit`` lá escreve. Senão, ``Recusada``."""
    agora = time.time() if agora is None else agora
    entrega = _nome_ou_recusa(inbound, nome)
    try:
        fd = os.open(nome, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=inbound)
    except OSError as erro:
        try:
            info = os.stat(nome, dir_fd=inbound, follow_symlinks=False)
        except OSError:
            raise Recusada(f"desapareceu ou é ilegível ({erro.strerror})") from None
        verificar_entrega(entrega, info, agora)  # uma ligação, um ficheiro…: o motivo certo
        raise Recusada(_porque(erro), utilizador(info.st_uid)) from None
    aberta = EntregaAberta(entrega, fd, -1)
    try:
        info = os.fstat(fd)
        verificar_entrega(entrega, info, agora)
        aberta.uid = info.st_uid
        aberta.timestamp = aberta.ler("timestamp.txt")
        if aberta.timestamp != entrega.data:
            raise Recusada(f"o timestamp.txt não é a data do nome ({limpar_texto(aberta.timestamp, 60)}"
                           f" ≠ {entrega.data}): não veio do nbgrader submit", utilizador(aberta.uid))
        aberta.segredo = aberta.ler("submission_secret.txt")
        if not SEGREDO.fullmatch(aberta.segredo):
            raise Recusada("o submission_secret.txt não é o do nbgrader submit", utilizador(aberta.uid))
    except BaseException:
        aberta.fechar()
        raise
    return aberta


def a_escrever(recusa: Recusada, nome: str, agora: float) -> bool:
    """``recusa`` é de uma entrega que o ``nbgrader submit`` pode estar ainda a escrever."""
    entrega = NomeDaEntrega.de(nome)
    return isinstance(recusa, Incompleta) and entrega is not None and agora - entrega.momento < A_ESCREVER


def listar(inbound: int) -> list[str]:
    with os.scandir(inbound) as entradas:
        return sorted(e.name for e in entradas)


def de_quem_diz(nome: str) -> tuple[str, str]:
    """O aluno e o capítulo que um nome diz, mesmo fora do formato (para o registo)."""
    partes = nome.split("+")
    return limpar_texto(partes[0], 100), limpar_texto(partes[1] if len(partes) > 1 else "", 100)


def registar_recusas(submetidos: Path, novas: dict[str, Recusada], presentes: set[str] | None) -> None:
    """Junta ``novas`` (nome → ``Recusada``) ao registo em ``submetidos/RECUSADAS_NA_TROCA`` e
    tira de lá as que já não estão em ``inbound/`` (``presentes``: os nomes lá agora)."""
    caminho = Path(submetidos) / RECUSADAS_NA_TROCA
    registo = _ler_recusas(caminho)
    antes = dict(registo)
    if presentes is not None:
        registo = {nome: r for nome, r in registo.items() if nome in presentes}
    for nome, recusa in novas.items():
        aluno, capitulo = de_quem_diz(nome)
        registo[nome] = {"aluno": aluno, "capitulo": capitulo, "dono": limpar_texto(recusa.dono, 100),
                         "motivo": limpar_texto(recusa.motivo, 300)}
    registo = dict(list(registo.items())[-RECUSAS_MAXIMAS:])
    if registo == antes:
        return
    caminho.parent.mkdir(parents=True, exist_ok=True)
    temporario = caminho.with_name(f"{caminho.name}.{secrets.token_hex(4)}")
    temporario.write_text(json.dumps(registo, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(temporario, caminho)


def _ler_recusas(caminho: Path) -> dict[str, dict]:
    try:
        registo = json.loads(caminho.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {n: r for n, r in registo.items() if isinstance(r, dict)} if isinstance(registo, dict) else {}


def recusas_de(submetidos: Path, aluno: str, capitulo: str) -> list[str]:
    """Os avisos do registo de recusas da troca que tocam a ``aluno`` em ``capitulo``: entregas
    com o nome dele que não foram recolhidas, e as que ele escreveu com outro nome."""
    avisos = []
    for nome, r in _ler_recusas(Path(submetidos) / RECUSADAS_NA_TROCA).items():
        if r.get("capitulo") == capitulo and aluno in (r.get("aluno"), r.get("dono")):
            avisos.append(limpar_texto(f"{AVISO}: na troca (inbound/), a entrega «{nome}» não foi "
                                       f"recolhida: {r.get('motivo')}"))
    return avisos


# --------------------------------------------------------------------------- o curso corrigir

def _avisos(copia: Copia, onde: str) -> list[str]:
    avisos = []
    for caminho, porque in copia.recusadas:
        nome = onde if caminho == "." else f"{onde}/{caminho}"
        vale = ("; nenhum caderno foi lido: vale 0" if caminho == "."
                else "; o caderno não foi lido: vale 0" if caminho.endswith(".ipynb") else "")
        if porque.startswith("ligação"):
            avisos.append(f"{AVISO}: {nome} é uma {porque} (não foi seguida){vale}")
        else:
            suspeito = f"{AVISO}: " if porque.startswith(("não é", ESCRITO_POR_OUTRO)) else ""
            avisos.append(f"{suspeito}{nome}: {porque}, não foi lido{vale}")
    if copia.grandes:
        avisos.append(f"a submissão passou de {RECOLHA_MAXIMA // 2**20} MiB: ficaram de fora "
                      + ", ".join(copia.grandes[:5]) + (" …" if len(copia.grandes) > 5 else ""))
    return [limpar_texto(a) for a in avisos]


def recolher(submetidos: Path, aluno: str, capitulo: str, destino: Path) -> list[str]:
    """Copia ``submetidos/ALUNO/CAPITULO`` para ``destino/ALUNO/CAPITULO`` sem seguir ligações
    (nem a pasta do aluno nem a do capítulo podem ser ligações) e devolve os avisos para o
    resumo, com os da troca (``RECUSADAS`` e ``RECUSADAS_NA_TROCA``)."""
    alvo = Path(destino) / aluno / capitulo
    alvo.mkdir(parents=True, exist_ok=True)
    pasta = Path(submetidos).name
    troca = recusas_de(submetidos, aluno, capitulo)
    try:
        raiz = os.open(submetidos, os.O_RDONLY | os.O_DIRECTORY)  # a pasta do professor
    except OSError:
        return troca
    try:
        try:
            fd_aluno = _abrir_pasta(aluno, raiz)
        except OSError:
            copia = copiar_sem_ligacoes(aluno, Path(destino) / ".nada", dir_fd=raiz)
            return _avisos(copia, f"{pasta}/{aluno}") + troca
        try:
            copia = copiar_sem_ligacoes(capitulo, alvo, dir_fd=fd_aluno)
        finally:
            os.close(fd_aluno)
    finally:
        os.close(raiz)
    avisos = _avisos(copia, f"{pasta}/{aluno}/{capitulo}")
    ficheiro = alvo / RECUSADAS
    if ficheiro.is_file() and not ficheiro.is_symlink():
        linhas = ficheiro.read_text(encoding="utf-8", errors="replace")[:10_000].splitlines()
        avisos += [limpar_texto(f"{AVISO}: na recolha da troca (inbound/), não foi recolhido {li}")
                   for li in linhas if li.strip()]
        ficheiro.unlink()
    return avisos + troca


# --------------------------------------------------------------------------- o nbgrader collect

def avisos_da_copia(copia: Copia) -> list[str]:
    """O que ficou de fora de uma cópia de ``inbound/``, uma linha por ficheiro (``RECUSADAS``)."""
    avisos = [f"{caminho}: {porque}" for caminho, porque in copia.recusadas]
    avisos += [f"{caminho}: grande demais, ficou de fora" for caminho in copia.grandes]
    return [limpar_texto(a, 500) for a in avisos]


class RecolhaSegura(ExchangeCollect):
    """O ``nbgrader collect`` que só recolhe o que cada aluno entregou (ver ``abrir_entrega``),
    sem seguir ligações simbólicas em ``inbound/``. Uma entrega recusada fica de fora (e a mais
    recente que não o foi conta no seu lugar), dita no registo e em ``RECUSADAS_NA_TROCA``; nenhuma
    derruba a recolha das outras."""

    def _submetidos(self) -> Path:
        return Path(self.coursedir.root) / self.coursedir.submitted_directory

    def _abrir_inbound(self) -> int:
        return os.open(self.inbound_path, os.O_RDONLY | os.O_DIRECTORY)  # a pasta da troca

    def _recusar(self, nome: str, recusa: Recusada) -> None:
        self.log.warning("Não recolhida (%s): %s", limpar_texto(recusa.motivo, 300), limpar_texto(nome, 200))

    def init_src(self):
        if self.coursedir.course_id == "":
            self.fail("No course id specified. Re-run with --course flag.")
        self.course_path = os.path.join(self.root, self.coursedir.course_id)
        self.inbound_path = os.path.join(self.course_path, "inbound")
        if not os.path.isdir(self.inbound_path):
            self.fail(f"Course not found: {self.inbound_path}")
        if not os.access(self.inbound_path, os.R_OK | os.X_OK):
            self.fail(f"You don't have read permissions for the directory: {self.inbound_path}")
        padrao_aluno = self.coursedir.student_id or "*"
        agora, recusas, aceites = time.time(), {}, set()
        por_aluno: dict[str, list[NomeDaEntrega]] = {}
        inbound = self._abrir_inbound()
        try:
            nomes = listar(inbound)
            for nome in nomes:
                aluno, capitulo = de_quem_diz(nome)
                if not (fnmatch.fnmatchcase(aluno, padrao_aluno)
                        and fnmatch.fnmatchcase(capitulo, self.coursedir.assignment_id)):
                    continue
                try:
                    try:
                        with abrir_entrega(inbound, nome, agora) as aberta:
                            por_aluno.setdefault(aberta.entrega.aluno, []).append(aberta.entrega)
                            aceites.add(nome)
                    except OSError as erro:  # um disco que falha a meio: só esta fica de fora
                        raise Recusada(f"ilegível ({erro.strerror or erro})") from None
                except Recusada as recusa:
                    if a_escrever(recusa, nome, agora):
                        self.log.info("Ainda a ser entregue (fica para a próxima recolha): %s",
                                      limpar_texto(nome, 200))
                        continue
                    recusas[nome] = recusa
                    self._recusar(nome, recusa)
        finally:
            os.close(inbound)
        # as que agora se aceitam saem do registo (uma que estava a meio, por exemplo)
        registar_recusas(self._submetidos(), recusas, set(nomes) - aceites)
        self.src_records = [self._escolher(entregas) for entregas in por_aluno.values()]

    def _escolher(self, entregas: list[NomeDaEntrega]) -> dict:
        """A entrega a recolher de um aluno, com as regras do nbgrader: a mais recente, ou a mais
        recente antes do prazo (``--before-duedate``)."""
        from nbgrader.api import Gradebook, MissingEntry

        if not hasattr(self, "duedate"):
            with Gradebook(self.coursedir.db_url, self.coursedir.course_id) as gb:
                try:
                    self.duedate = gb.find_assignment(self.coursedir.assignment_id).duedate
                except MissingEntry:
                    self.duedate = None
        entregas = sorted(entregas, key=lambda e: e.momento, reverse=True)
        escolhida = entregas[0]
        if self.duedate is not None and self.before_duedate:
            escolhida = next((e for e in entregas if e.utc <= self.duedate), escolhida)
        return {"username": escolhida.aluno, "filename": escolhida.nome, "timestamp": escolhida.utc}

    def copy_files(self):
        if not self.src_records:
            self.log.warning("No submissions of '%s' for course '%s' to collect",
                             self.coursedir.assignment_id, self.coursedir.course_id)
        inbound = self._abrir_inbound()
        try:
            for rec in self.src_records:
                try:
                    self._copiar(inbound, rec)
                except Exception as erro:  # noqa: BLE001 — uma entrega que falha não para as outras
                    self.log.error("Não consegui recolher %s: %s: %s", limpar_texto(rec["filename"], 200),
                                   type(erro).__name__, limpar_texto(erro, 300))
        finally:
            os.close(inbound)

    def _copiar(self, inbound: int, rec: dict) -> None:
        aluno = rec["username"]
        destino = Path(self.coursedir.format_path(self.coursedir.submitted_directory, aluno,
                                                  self.coursedir.assignment_id))
        if destino.is_dir():
            existente = self.coursedir.get_existing_timestamp(str(destino))
            if not ((self.update and (existente is None or rec["timestamp"] > existente))
                    or (self.before_duedate and existente != rec["timestamp"])):
                self.log.info("No newer submission to collect: %s %s", aluno, self.coursedir.assignment_id)
                return
        try:
            # aberta outra vez: a cópia sai do descritor que se confirmou agora
            with abrir_entrega(inbound, rec["filename"]) as aberta:
                copia = aberta.recolher_para(
                    destino, ignorar=self.coursedir.ignore, maximo=1000 * self.coursedir.max_dir_size,
                    ficheiro_maximo=1000 * self.coursedir.max_file_size)
        except Recusada as recusa:
            self._recusar(rec["filename"], recusa)
            registar_recusas(self._submetidos(), {rec["filename"]: recusa}, None)
            return
        self.log.info("Collected submission: %s %s", aluno, self.coursedir.assignment_id)
        avisos = avisos_da_copia(copia)
        if avisos:
            for aviso in avisos:
                self.log.warning("Não recolhido de %s: %s", limpar_texto(rec["filename"], 300), aviso)
            (destino / RECUSADAS).write_text("".join(a + "\n" for a in avisos), encoding="utf-8")
        if self.coursedir.groupshared:
            for pasta, _, ficheiros in os.walk(destino):
                for caminho, modo in ((pasta, 0o2770), *((os.path.join(pasta, f), 0o660) for f in ficheiros)):
                    try:
                        os.chmod(caminho, os.stat(caminho).st_mode | modo)
                    except OSError:
                        self.log.warning("Sem permissões de grupo em %s", caminho)
