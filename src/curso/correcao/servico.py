"""A nota logo após a entrega: um serviço do JupyterHub que corrige cada entrega nova.

Corre como o professor, na pasta do curso (``c.JupyterHub.services``, ver
``docs/jupyterhub.md``): ``python -m curso.correcao.servico --curso PASTA``. Em cada volta lê a configuração
(o professor liga-o e desliga-o no ``nbgrader_config.py`` do curso, sem reiniciar o Hub) e olha
para a pasta ``inbound/`` da troca do nbgrader. Para cada entrega nova de um aluno:

1. se a anterior desse aluno foi corrigida há menos de ``espera`` segundos, devolve-lhe já um
   retorno «na fila» (pelo ``nbgrader release_feedback``) a dizer quanto falta, e espera;
2. senão, recolhe-a (``nbgrader collect --update --student``), corrige-a com o corretor de
   confiança (``curso corrigir --alunos``) e devolve o retorno (``nbgrader release_feedback
   --student``). Uma submissão que não se corrigiu (kernel morto, tempo esgotado, erro) recebe
   na mesma um retorno, com o motivo.

O aluno lê tudo com ``nbgrader fetch_feedback capNN`` (``~/capNN/feedback/DATA/capNN.html``,
uma pasta por entrega). O estado fica em ``correcao_na_entrega.json``, na pasta do curso, e
os retornos escritos pelo serviço (fila, correção falhada) em ``avisos_na_entrega/``.

Configuração (no ``nbgrader_config.py`` do curso)::

    c.CorrecaoNaEntrega.ligada = True
    c.CorrecaoNaEntrega.espera = 300        # segundos entre correções do mesmo aluno
    c.CorrecaoNaEntrega.timeout = 20        # limite por célula (curso corrigir --timeout)
    c.CorrecaoNaEntrega.argumentos = []     # mais opções do curso corrigir (ex.: --fonte …)
    c.CorrecaoNaEntrega.cluster = ""        # onde corrigir: vazio, nesta máquina; ou um cluster
                                            # Dask (curso corrigir --cluster, docs/cluster.md)
"""

from __future__ import annotations

import html
import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from curso.correcao.ambiente import ambiente
from curso.correcao.recolha import ALUNO_VALIDO
from curso.correcao.relatorio import limpar_texto

SECCAO = "CorrecaoNaEntrega"
ESTADO = "correcao_na_entrega.json"
AVISOS = "avisos_na_entrega"  # os retornos escritos pelo serviço (fila, correção falhada)
ESPERA = 300
INTERVALO = 2.0
TROCA = "/srv/nbgrader/exchange"
ESTILO = ("font-family: sans-serif; border: 3px solid #000; padding: 1em; margin: 1em 0; "
          "background: #fff; color: #000")


@dataclass
class Configuracao:
    """O que o professor escolheu para este curso (``c.CorrecaoNaEntrega`` e a troca)."""

    raiz: Path
    curso_id: str
    troca: Path
    ligada: bool = False
    espera: float = ESPERA
    timeout: int | None = None
    argumentos: list[str] = field(default_factory=list)
    intervalo: float = INTERVALO
    cluster: str = ""  # onde corre a correção de uma entrega: aqui, ou num cluster Dask

    @property
    def inbound(self) -> Path:
        return self.troca / self.curso_id / "inbound"


def ler(raiz: Path) -> Configuracao:
    """A configuração como o nbgrader a leria: a de cada pasta do Jupyter e depois a do curso."""
    from jupyter_core.paths import jupyter_config_path
    from traitlets.config import Config
    from traitlets.config.loader import PyFileConfigLoader

    cfg = Config()
    for pasta in [*reversed(jupyter_config_path()), str(raiz)]:
        if (Path(pasta) / "nbgrader_config.py").is_file():
            cfg.merge(PyFileConfigLoader("nbgrader_config.py", path=pasta).load_config())
    sec = cfg[SECCAO] if SECCAO in cfg else {}
    timeout = sec.get("timeout")
    return Configuracao(
        raiz=Path(raiz), curso_id=cfg.CourseDirectory.get("course_id", ""),
        troca=Path(cfg.Exchange.get("root", TROCA)), ligada=bool(sec.get("ligada", False)),
        espera=float(sec.get("espera", ESPERA)), timeout=int(timeout) if timeout else None,
        argumentos=[str(a) for a in sec.get("argumentos", [])],
        intervalo=float(sec.get("intervalo", INTERVALO)), cluster=str(sec.get("cluster") or ""))


@dataclass(frozen=True)
class Entrega:
    """Uma entrega em ``inbound/``: ``ALUNO+CAP+DATA+ALEATÓRIO``."""

    nome: str
    aluno: str
    capitulo: str
    data: str

    @classmethod
    def de(cls, nome: str) -> Entrega | None:
        partes = nome.split("+")
        if len(partes) not in (3, 4) or not ALUNO_VALIDO.fullmatch(partes[0]) or partes[0] in (".", ".."):
            return None
        if not re.fullmatch(r"cap\d\d", partes[1]) or limpar_texto(nome, len(nome)) != nome:
            return None
        return cls(nome, partes[0], partes[1], partes[2])

    @property
    def momento(self) -> float:
        from nbgrader.utils import parse_utc
        try:
            return parse_utc(self.data).replace(tzinfo=timezone.utc).timestamp()
        except (ValueError, TypeError, OverflowError):
            return 0.0


def _hora(epoca: float) -> str:
    return datetime.fromtimestamp(epoca, timezone.utc).strftime("%H:%M:%S UTC")


def pagina(titulo: str, linhas: list[str]) -> str:
    """Um retorno do serviço (HTML autónomo), legível a preto e branco."""
    corpo = "".join(f"<p>{html.escape(li)}</p>\n" for li in linhas)
    return (f'<!DOCTYPE html>\n<html lang="pt-PT"><head><meta charset="utf-8"><title>{html.escape(titulo)}'
            f'</title></head>\n<body><div class="curso-aviso" style="{ESTILO}">'
            f"<h1>{html.escape(titulo)}</h1>\n{corpo}</div></body></html>\n")


def acrescentar_aviso(texto: str, titulo: str, linhas: list[str]) -> str:
    """O retorno do nbgrader com um aviso à cabeça (logo a seguir a ``<body>``)."""
    itens = "".join(f"<li>{html.escape(li)}</li>" for li in linhas)
    aviso = (f'<div class="curso-aviso" style="{ESTILO}"><strong>{html.escape(titulo)}</strong>'
             f"<ul>{itens}</ul></div>")
    achado = re.search(r"<body[^>]*>", texto)
    if not achado:
        return aviso + texto
    return texto[:achado.end()] + aviso + texto[achado.end():]


def problemas_na_saida(saida: str, aluno: str, cap: str) -> list[str]:
    """Os problemas desta submissão no resumo do ``curso corrigir`` («  aluno · cap: …»)."""
    prefixo = f"  {limpar_texto(aluno, 80)} · {cap}: "
    return [li[len(prefixo):].strip() for li in saida.splitlines() if li.startswith(prefixo)]


class Servico:
    """O serviço; ``correr(comando)`` corre um comando na pasta do curso (trocável nos testes)
    e devolve ``(código, saída)``."""

    def __init__(self, raiz: Path, correr=None, relogio=time.time, escrever=print):
        self.raiz = Path(raiz)
        self.correr = correr or self._correr
        self.relogio = relogio
        self.escrever = escrever
        self.filho: subprocess.Popen | None = None
        self.caminho_estado = self.raiz / ESTADO
        self.estado = self._ler_estado()

    # -- estado --------------------------------------------------------------------------------

    def _ler_estado(self) -> dict:
        try:
            estado = json.loads(self.caminho_estado.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            estado = {}
        for chave in ("vistas", "avisadas", "ultima"):
            estado.setdefault(chave, {} if chave == "ultima" else [])
        estado.setdefault("desde", None)
        return estado

    def _gravar_estado(self) -> None:
        temporario = self.caminho_estado.with_suffix(".tmp")
        temporario.write_text(json.dumps(self.estado, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(temporario, self.caminho_estado)

    # -- uma volta -----------------------------------------------------------------------------

    def volta(self, cfg: Configuracao) -> list[str]:
        """Uma passagem por ``inbound/``; devolve o que fez (uma linha por ação)."""
        agora = self.relogio()
        if not cfg.ligada:
            if self.estado["desde"] is not None:
                self.estado["desde"] = None
                self._gravar_estado()
            return []
        if self.estado["desde"] is None:  # acabou de ser ligado: só as entregas daqui para a frente
            self.estado["desde"] = agora
            self._gravar_estado()
        feito = []
        for entrega in self._novas(cfg):
            try:
                feito.extend(self._tratar(cfg, entrega))
            except Exception as erro:  # noqa: BLE001 — uma entrega estranha não para as outras
                # vista, para não se repetir a cada volta (nem a cada arranque do serviço)
                self.estado["vistas"].append(entrega.nome)
                self._gravar_estado()
                feito.append(f"{entrega.aluno} · {entrega.capitulo}: ✘ erro do serviço, entrega "
                             f"posta de lado ({type(erro).__name__}: {limpar_texto(erro, 300)})")
        return feito

    def _tratar(self, cfg: Configuracao, entrega: Entrega) -> list[str]:
        falta = self.estado["ultima"].get(entrega.aluno, -1e18) + cfg.espera - self.relogio()
        if falta <= 0:
            return [self._corrigir(cfg, entrega)]
        if entrega.nome not in self.estado["avisadas"]:
            return [self._na_fila(cfg, entrega, falta)]
        return []

    def _novas(self, cfg: Configuracao) -> list[Entrega]:
        """A última entrega por corrigir de cada aluno e capítulo, da mais antiga para a mais nova
        (as anteriores do mesmo aluno e capítulo ficam vistas: a recolha traz a mais recente)."""
        try:
            nomes = [p.name for p in cfg.inbound.iterdir() if p.is_dir() and not p.is_symlink()]
        except OSError:
            return []
        vistas = set(self.estado["vistas"])
        ultimas: dict[tuple[str, str], Entrega] = {}
        for entrega in filter(None, map(Entrega.de, nomes)):
            if entrega.nome in vistas or entrega.momento < self.estado["desde"] - 1:
                continue
            chave = (entrega.aluno, entrega.capitulo)
            if chave not in ultimas or entrega.data > ultimas[chave].data:
                ultimas[chave] = entrega
        return sorted(ultimas.values(), key=lambda e: e.data)

    def _ver(self, cfg: Configuracao, entrega: Entrega) -> None:
        """Esta entrega e as anteriores do mesmo aluno e capítulo ficam vistas."""
        for p in cfg.inbound.iterdir():
            outra = Entrega.de(p.name)
            if outra and (outra.aluno, outra.capitulo) == (entrega.aluno, entrega.capitulo) \
                    and outra.data <= entrega.data and outra.nome not in self.estado["vistas"]:
                self.estado["vistas"].append(outra.nome)

    # -- na fila -------------------------------------------------------------------------------

    def _na_fila(self, cfg: Configuracao, entrega: Entrega, falta: float) -> str:
        segundos = int(falta + 0.999)
        inicio = self.relogio() + segundos
        linhas = [
            f"A tua entrega de {entrega.capitulo} ({entrega.data}) está na fila.",
            f"Faltam {segundos} s para ser corrigida (por volta das {_hora(inicio)}): entre duas "
            f"correções do mesmo aluno passam pelo menos {int(cfg.espera)} s.",
            f"Volta a correr «nbgrader fetch_feedback {entrega.capitulo}» depois dessa hora para "
            "veres a nota; se entregares outra vez antes, é a entrega mais recente que conta.",
        ]
        self._devolver_aviso(cfg, entrega, cfg.inbound / entrega.nome, "Entrega na fila", linhas)
        self.estado["avisadas"].append(entrega.nome)
        self._gravar_estado()
        return f"{entrega.aluno} · {entrega.capitulo}: na fila, faltam {segundos} s"

    # -- corrigir ------------------------------------------------------------------------------

    def _corrigir(self, cfg: Configuracao, entrega: Entrega) -> str:
        aluno, cap = entrega.aluno, entrega.capitulo
        self.estado["ultima"][aluno] = self.relogio()
        self._ver(cfg, entrega)
        self._gravar_estado()
        submetido = self.raiz / "submitted" / aluno / cap
        codigo, saida = self.correr(["nbgrader", "collect", "--update", f"--student={aluno}", cap])
        if codigo != 0 or not (submetido / "timestamp.txt").is_file():
            motivo = [f"a recolha da entrega falhou (nbgrader collect, código {codigo})"]
            return self._falhou(cfg, entrega, cfg.inbound / entrega.nome, motivo, saida)
        comando = ["curso", "corrigir", "--capitulos", cap, "--alunos", aluno,
                   "--csv", str(self.raiz / "notas_na_entrega.csv")]
        if cfg.timeout:
            comando += ["--timeout", str(cfg.timeout)]
        if cfg.cluster:
            comando += ["--cluster", cfg.cluster]
        codigo, saida = self.correr([*comando, *cfg.argumentos])
        problemas = [p for p in dict.fromkeys(problemas_na_saida(saida, aluno, cap)
                                              + self._problemas_gravados(aluno, cap))
                     if not p.startswith(SO_PARA_O_PROFESSOR)]
        retornos = self._retornos_desta(aluno, cap, submetido)
        if codigo not in (0, 1) or not retornos:
            motivo = problemas or [f"a correção não terminou (curso corrigir, código {codigo}): "
                                   + _ultima_linha(saida)]
            return self._falhou(cfg, entrega, submetido, motivo, saida)
        if problemas:
            for caminho in retornos:
                caminho.write_text(acrescentar_aviso(
                    caminho.read_text(encoding="utf-8"),
                    "Nem tudo correu na correção do teu caderno:", [*problemas, AVISO_MOTIVO]),
                    encoding="utf-8")
        self._libertar(aluno, cap)
        return f"{aluno} · {cap}: corrigido" + (f" ({len(problemas)} problema(s))" if problemas else "")

    def _problemas_gravados(self, aluno: str, cap: str) -> list[str]:
        """O motivo gravado pela correção em ``resultados/ALUNO/CAP.json`` (se houver)."""
        try:
            dados = json.loads((self.raiz / "resultados" / aluno / f"{cap}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return []
        if not isinstance(dados, dict):
            return []
        falhou = [f"a correção falhou: {dados['falhou']}"] if dados.get("falhou") else []
        return falhou + [p for p in dados.get("problemas", []) if isinstance(p, str)]

    def _retornos_desta(self, aluno: str, cap: str, submetido: Path) -> list[Path]:
        """Os HTML de ``feedback/ALUNO/CAP/`` gerados para esta submissão (mesma data)."""
        pasta = self.raiz / "feedback" / aluno / cap
        try:
            if (pasta / "timestamp.txt").read_text() != (submetido / "timestamp.txt").read_text():
                return []
        except OSError:
            return []
        return sorted(pasta.glob("*.html"))

    def _falhou(self, cfg: Configuracao, entrega: Entrega, origem: Path, motivo: list[str],
                saida: str) -> str:
        self.escrever(saida[-3000:])
        linhas = [f"A tua entrega de {entrega.capitulo} ({entrega.data}) não se conseguiu corrigir.",
                  *(f"Motivo: {m}" for m in motivo), AVISO_MOTIVO]
        self._devolver_aviso(cfg, entrega, origem, "A correção não terminou", linhas)
        return f"{entrega.aluno} · {entrega.capitulo}: não se corrigiu — {'; '.join(motivo)}"

    # -- devolver ------------------------------------------------------------------------------

    def _devolver_aviso(self, cfg: Configuracao, entrega: Entrega, origem: Path, titulo: str,
                        linhas: list[str]) -> None:
        """Um retorno escrito pelo serviço para a entrega em ``origem`` (a pasta com os cadernos,
        ``timestamp.txt`` e ``submission_secret.txt``), devolvido pelo nbgrader.

        Fica em ``avisos_na_entrega/ALUNO/CAP/``, fora do ``feedback/`` do curso: lá, a data da
        entrega faria o ``generate_feedback`` julgar o retorno dela já feito (e saltá-lo)."""
        pasta = self.raiz / AVISOS / entrega.aluno / entrega.capitulo
        pasta.mkdir(parents=True, exist_ok=True)
        for antigo in pasta.glob("*.html"):
            antigo.unlink()
        for nome in ("timestamp.txt", "submission_secret.txt"):
            _copiar_ficheiro(origem / nome, pasta / nome)
        cadernos = sorted(p.stem for p in origem.glob("*.ipynb")) or [entrega.capitulo]
        for caderno in cadernos:
            (pasta / f"{caderno}.html").write_text(pagina(titulo, linhas), encoding="utf-8")
        self._libertar(entrega.aluno, entrega.capitulo, AVISOS)

    def _libertar(self, aluno: str, cap: str, pasta: str | None = None) -> None:
        """``nbgrader release_feedback`` só deste aluno (de ``pasta`` em vez de ``feedback/``)."""
        outra = [f"--CourseDirectory.feedback_directory={pasta}"] if pasta else []
        codigo, saida = self.correr(["nbgrader", "release_feedback", *outra, f"--student={aluno}", cap])
        if codigo != 0:
            self.escrever(f"✘ nbgrader release_feedback {cap} para {aluno} falhou ({codigo}):\n{saida[-2000:]}")

    # -- processos -----------------------------------------------------------------------------

    def _correr(self, comando: list[str]) -> tuple[int, str]:
        self.filho = subprocess.Popen(comando, cwd=self.raiz, env=ambiente(self.raiz),
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            saida, _ = self.filho.communicate()
            return self.filho.returncode, saida
        finally:
            self.filho = None

    def parar(self, *_):
        """SIGTERM do Hub: o ``curso corrigir`` a meio para também (e limpa o que é seu)."""
        filho = self.filho
        if filho is not None and filho.poll() is None:
            filho.terminate()
            try:
                filho.wait(timeout=60)
            except subprocess.TimeoutExpired:
                filho.kill()
        raise SystemExit(0)


# o que o resumo diz ao professor mas não vai para o retorno do aluno: os sinais de possível
# adulteração (o aluno não fica a saber o que se vigia) e a pista de «caderno por resolver»
SO_PARA_O_PROFESSOR = ("⚠ possível adulteração", "0 pontos: nenhuma verificação passou")
AVISO_MOTIVO = ("Se achas que o motivo não é do teu código, fala com o professor: ele vê o mesmo "
                "no resumo da correção.")


def _copiar_ficheiro(origem: Path, destino: Path, maximo: int = 100_000) -> None:
    """Copia um ficheiro pequeno que veio do aluno (``inbound/``) sem seguir ligações
    simbólicas nem abrir um FIFO (que prenderia o serviço de toda a turma)."""
    import stat

    info = os.lstat(origem)
    if not stat.S_ISREG(info.st_mode) or info.st_size > maximo:
        raise ValueError(f"{origem.name} na entrega não é um ficheiro normal e pequeno")
    fd = os.open(origem, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        dados = f.read(maximo + 1)
    destino.write_bytes(dados)


def _ultima_linha(texto: str) -> str:
    linhas = [li.strip() for li in texto.strip().splitlines() if li.strip()]
    return limpar_texto(linhas[-1], 300) if linhas else "sem mensagem"


def main(argv: list[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m curso.correcao.servico",
                                description="Corrige cada entrega nova da troca do nbgrader.")
    p.add_argument("--curso", default=".", help="a pasta do curso do professor (por omissão, a atual)")
    raiz = Path(p.parse_args(argv).curso).expanduser()
    while not (raiz / "nbgrader_config.py").is_file():  # o Hub pode arrancar antes de o curso existir
        print(f"À espera do curso em {raiz} (falta o nbgrader_config.py)…", flush=True)
        time.sleep(10)
    raiz = raiz.resolve()
    servico = Servico(raiz, escrever=lambda t: print(t, flush=True))
    os.chdir(raiz)
    signal.signal(signal.SIGTERM, servico.parar)
    signal.signal(signal.SIGINT, servico.parar)
    print(f"Correção na entrega: curso em {raiz}", flush=True)
    anterior = None
    while True:
        try:
            cfg = ler(raiz)
        except Exception as erro:  # noqa: BLE001 — um nbgrader_config.py partido não para o serviço
            print(f"✘ não consegui ler a configuração: {type(erro).__name__}: {erro}", flush=True)
            time.sleep(10)
            continue
        if cfg.ligada != anterior:
            print(f"Correção na entrega {'ligada' if cfg.ligada else 'desligada'} (espera de "
                  f"{cfg.espera:g} s; troca {cfg.inbound})", flush=True)
            anterior = cfg.ligada
        for linha in servico.volta(cfg):
            print(linha, flush=True)
        time.sleep(cfg.intervalo)


if __name__ == "__main__":
    sys.exit(main())
