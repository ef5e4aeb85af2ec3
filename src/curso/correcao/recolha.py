"""A recolha das submissões sem nunca seguir uma ligação simbólica.

Quem recolhe (o ``nbgrader collect`` da troca do JupyterHub, o trabalhador do ``curso corrigir``)
corre com as permissões do professor. Uma ligação simbólica no lugar do caderno — ou de uma
pasta — faria-o ler o que o aluno não pode ler (as soluções, o ``gradebook.db``, a chave de
outro serviço) e entregá-lo à correção ou ao retorno. Por isso a cópia anda por descritores
(``O_NOFOLLOW`` em cada passo, nunca um caminho que o aluno possa trocar entre a verificação e a
abertura): uma ligação, um *pipe* ou um dispositivo ficam de fora sem serem abertos, e a
submissão fica sinalizada («⚠ possível adulteração», com o nome e o alvo da ligação); um caderno
que era uma ligação não existe para a correção, por isso vale 0.

- ``RecolhaSegura``: o ``nbgrader collect`` do curso (``ExchangeFactory.collect``, posto por
  ``curso.correcao.configuracao.aplicar``). O que recusou fica escrito em ``RECUSADAS``, na
  pasta da submissão, para o ``curso corrigir`` o mostrar.
- ``recolher``: o trabalhador copia ``submitted/ALUNO/CAP`` para uma pasta só sua e o nbgrader
  corrige essa cópia.
"""

from __future__ import annotations

import errno
import fnmatch
import os
import re
import stat
from pathlib import Path

from nbgrader.exchange.default.collect import ExchangeCollect

from curso.correcao.adulteracao import AVISO
from curso.correcao.relatorio import limpar_texto

RECUSADAS = "ligacoes-recusadas-na-recolha.txt"  # escrito pela RecolhaSegura
RECOLHA_MAXIMA = 100 * 2**20  # bytes de uma submissão copiados (o resto fica de fora, dito)
ALUNO_VALIDO = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.@-]*")
# O que o Python importaria da pasta: um «ipykernel_launcher.py» ou «json.py» ao lado do caderno
# não entra na caixa (só os cadernos entram), mas nas pastas submitted/, autograded/ e feedback/ um
# kernel aberto pelo professor nessa pasta (python -m ipykernel_launcher) corria-o com os direitos
# dele, fora da caixa. Por isso nem é copiado; fica dito no resumo.
CODIGO_PYTHON = ("*.py", "*.pyc", "*.pyo", "*.pyw", "*.so", "*.pyd", "*.pth")
CODIGO_AO_LADO = ("código Python ao lado do caderno (um kernel aberto nesta pasta importá-lo-ia "
                  "fora da caixa de areia)")


def _abrir_pasta(nome: str | Path, dir_fd: int | None = None) -> int:
    return os.open(nome, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=dir_fd)


def _alvo(nome: str, dir_fd: int) -> str:
    try:
        return os.readlink(nome, dir_fd=dir_fd)  # o texto da ligação: não a segue
    except OSError:
        return "?"


class Copia:
    """Uma cópia sem ligações: ``recusadas`` (``(caminho, porquê)``) e ``grandes`` (o que passou
    do limite de bytes)."""

    def __init__(self, ignorar=(), maximo: int = RECOLHA_MAXIMA, ficheiro_maximo: int | None = None,
                 sem_codigo: bool = True):
        self.ignorar, self.maximo, self.ficheiro_maximo = list(ignorar), maximo, ficheiro_maximo
        self.sem_codigo = sem_codigo  # deixar de fora o código Python (ver CODIGO_PYTHON)
        self.total = 0
        self.recusadas: list[tuple[str, str]] = []
        self.grandes: list[str] = []

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
            elif stat.S_ISDIR(info.st_mode):
                try:
                    sub = _abrir_pasta(nome, fd)
                except OSError as erro:
                    self.recusadas.append((caminho, _porque(erro)))
                    continue
                try:
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
            if (self.ficheiro_maximo and info.st_size > self.ficheiro_maximo) or \
                    self.total + info.st_size > self.maximo:
                self.grandes.append(caminho)
                return
            self.total += info.st_size
            with open(destino, "wb") as escritor:
                while bloco := leitor.read(2**20):
                    escritor.write(bloco)


def _porque(erro: OSError) -> str:
    if erro.errno == errno.ELOOP:
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


def _avisos(copia: Copia, onde: str) -> list[str]:
    avisos = []
    for caminho, porque in copia.recusadas:
        nome = onde if caminho == "." else f"{onde}/{caminho}"
        vale = ("; nenhum caderno foi lido: vale 0" if caminho == "."
                else "; o caderno não foi lido: vale 0" if caminho.endswith(".ipynb") else "")
        if porque.startswith("ligação"):
            avisos.append(f"{AVISO}: {nome} é uma {porque} (não foi seguida){vale}")
        else:
            suspeito = f"{AVISO}: " if porque.startswith("não é") else ""
            avisos.append(f"{suspeito}{nome}: {porque}, não foi lido{vale}")
    if copia.grandes:
        avisos.append(f"a submissão passou de {RECOLHA_MAXIMA // 2**20} MiB: ficaram de fora "
                      + ", ".join(copia.grandes[:5]) + (" …" if len(copia.grandes) > 5 else ""))
    return [limpar_texto(a) for a in avisos]


def recolher(submetidos: Path, aluno: str, capitulo: str, destino: Path) -> list[str]:
    """Copia ``submetidos/ALUNO/CAPITULO`` para ``destino/ALUNO/CAPITULO`` sem seguir ligações
    (nem a pasta do aluno nem a do capítulo podem ser ligações) e devolve os avisos para o
    resumo, com os da troca (``RECUSADAS``)."""
    alvo = Path(destino) / aluno / capitulo
    alvo.mkdir(parents=True, exist_ok=True)
    pasta = Path(submetidos).name
    try:
        raiz = os.open(submetidos, os.O_RDONLY | os.O_DIRECTORY)  # a pasta do professor
    except OSError:
        return []
    try:
        try:
            fd_aluno = _abrir_pasta(aluno, raiz)
        except OSError:
            copia = copiar_sem_ligacoes(aluno, Path(destino) / ".nada", dir_fd=raiz)
            return _avisos(copia, f"{pasta}/{aluno}")
        try:
            copia = copiar_sem_ligacoes(capitulo, alvo, dir_fd=fd_aluno)
        finally:
            os.close(fd_aluno)
    finally:
        os.close(raiz)
    avisos = _avisos(copia, f"{pasta}/{aluno}/{capitulo}")
    troca = alvo / RECUSADAS
    if troca.is_file() and not troca.is_symlink():
        linhas = troca.read_text(encoding="utf-8", errors="replace")[:10_000].splitlines()
        avisos += [limpar_texto(f"{AVISO}: na recolha da troca (inbound/), não foi recolhido {li}")
                   for li in linhas if li.strip()]
        troca.unlink()
    return avisos


class RecolhaSegura(ExchangeCollect):
    """O ``nbgrader collect`` sem seguir ligações simbólicas em ``inbound/`` (nem a pasta
    entregue, nem nada dentro dela) e sem nomes de aluno que saiam de ``submitted/``."""

    def init_src(self):
        super().init_src()
        validos = []
        for rec in self.src_records:
            # o nome da entrega (aluno+cap+data+aleatório) é escolhido pelo aluno e o nbgrader
            # escreve-o no terminal: nada de caracteres de controlo, nem um aluno «..»
            if (ALUNO_VALIDO.fullmatch(rec["username"]) and rec["username"] not in (".", "..")
                    and limpar_texto(rec["filename"], len(rec["filename"])) == rec["filename"]):
                validos.append(rec)
            else:
                self.log.warning("Recusada (nome de aluno inválido): %s",
                                 limpar_texto(rec["filename"], 200))
        self.src_records = validos

    def do_copy(self, src, dest, log=None):
        copia = copiar_sem_ligacoes(
            Path(src), Path(dest), ignorar=self.coursedir.ignore,
            maximo=1000 * self.coursedir.max_dir_size,
            ficheiro_maximo=1000 * self.coursedir.max_file_size)
        avisos = [f"{caminho}: {porque}" for caminho, porque in copia.recusadas]
        avisos += [f"{caminho}: grande demais, ficou de fora" for caminho in copia.grandes]
        if avisos:
            for aviso in avisos:
                self.log.warning("Não recolhido de %s: %s", limpar_texto(src, 300),
                                 limpar_texto(aviso, 300))
            (Path(dest) / RECUSADAS).write_text(
                "".join(limpar_texto(a, 500) + "\n" for a in avisos), encoding="utf-8")
        if self.coursedir.groupshared:
            for pasta, _, ficheiros in os.walk(dest):
                for caminho, modo in ((pasta, 0o2770), *((os.path.join(pasta, f), 0o660) for f in ficheiros)):
                    try:
                        os.chmod(caminho, os.stat(caminho).st_mode | modo)
                    except OSError:
                        self.log.warning("Sem permissões de grupo em %s", caminho)
