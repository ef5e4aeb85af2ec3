"""A nota logo após a entrega: um serviço do JupyterHub que corrige cada entrega nova.

Corre como o professor, na pasta do curso (``c.JupyterHub.services``, ver
``docs/jupyterhub.md``): ``python -m curso.correcao.servico --curso PASTA``. Em cada volta lê a configuração
(o professor liga-o e desliga-o no ``nbgrader_config.py`` do curso, sem reiniciar o Hub) e olha
para a pasta ``inbound/`` da troca do nbgrader.

1. **Escolher** (``Servico.escolher``): cada pasta nova de ``inbound/`` é confirmada como o
   ``nbgrader collect`` do curso a confirmaria (``recolha.ver_entrega``: o nome no formato exato
   do ``nbgrader submit``, a pasta do utilizador Unix que o nome diz, a data que não está no
   futuro). O aluno de uma entrega é o dono da pasta, nunca só o nome. O que não passa fica
   recusado, dito no registo e em ``submitted/.recusadas-na-troca.json`` (o ``curso corrigir``
   mostra-o ao professor), e nunca é corrigido. De cada aluno e capítulo conta a mais recente.
2. Se a correção anterior desse utilizador começou há menos de ``espera`` segundos, devolve-lhe
   já um retorno «na fila» (pelo ``nbgrader release_feedback``) a dizer quanto falta, e espera.
3. Senão, abre a pasta uma só vez (sem seguir ligações; ``recolha.abrir_entrega``), copia-a desse
   descritor para ``submitted/ALUNO/CAP``, corrige-a (``Servico.corrigir_submissao``: o ``curso
   corrigir --alunos``, com um limite de tempo para a submissão inteira) e devolve o retorno
   (``nbgrader release_feedback --student``). Uma submissão que não se corrigiu (kernel morto,
   tempo esgotado, erro) recebe na mesma um retorno, com o motivo. Só então a entrega fica
   «vista»: um reinício a meio volta a corrigi-la (até ``TENTATIVAS`` vezes).

O aluno lê tudo com ``nbgrader fetch_feedback capNN`` (``~/capNN/feedback/DATA/capNN.html``,
uma pasta por entrega). O estado fica em ``correcao_na_entrega.json``, na pasta do curso, e
os retornos escritos pelo serviço (fila, correção falhada) em ``avisos_na_entrega/``.

Configuração (no ``nbgrader_config.py`` do curso)::

    c.CorrecaoNaEntrega.ligada = True
    c.CorrecaoNaEntrega.espera = 300        # segundos entre correções do mesmo aluno
    c.CorrecaoNaEntrega.timeout = 20        # limite por célula (curso corrigir --timeout)
    c.CorrecaoNaEntrega.limite = 300        # segundos para corrigir uma submissão inteira
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
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from curso.correcao.ambiente import ambiente
from curso.correcao.recolha import (RECUSADAS, NomeDaEntrega, Recusada, a_escrever,
                                    abrir_entrega, avisos_da_copia, listar, registar_recusas,
                                    uid_do_aluno, ver_entrega)
from curso.correcao.relatorio import limpar_texto

SECCAO = "CorrecaoNaEntrega"
ESTADO = "correcao_na_entrega.json"
AVISOS = "avisos_na_entrega"  # os retornos escritos pelo serviço (fila, correção falhada)
ESPERA = 300
INTERVALO = 2.0
LIMITE = 300  # segundos para corrigir uma submissão inteira (todas as células juntas)
# o curso corrigir repete as guardas antes de corrigir (o kernel, as soluções com nota máxima):
# isso não conta para o limite da submissão, que começa na linha MARCA_DA_CORRECAO; mas também
# tem fim
PREPARACAO = 600
MARCA_DA_CORRECAO = "A corrigir "  # «A corrigir N submissões com M trabalhador(es)…»
PASSOU_DO_LIMITE = 124  # o código de saída (como o do «timeout» do coreutils)
TENTATIVAS = 3  # correções interrompidas (reinícios, erros do serviço) antes de a pôr de lado
LINHAS_GUARDADAS = 20_000  # da saída de um comando (o resto perde-se; a memória tem teto)
CAPITULO = re.compile(r"cap\d\d")
TROCA = "/srv/nbgrader/exchange"
# o que o nbgrader deixa de fora da recolha por omissão (CourseDirectory.ignore)
IGNORAR = [".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback"]
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
    limite: float = LIMITE
    ignorar: list[str] = field(default_factory=lambda: list(IGNORAR))
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
        intervalo=float(sec.get("intervalo", INTERVALO)), limite=float(sec.get("limite", LIMITE)),
        ignorar=[str(p) for p in cfg.CourseDirectory.get("ignore", IGNORAR)],
        cluster=str(sec.get("cluster") or ""))


@dataclass
class Recibo:
    """O que se leu da entrega aberta e confirmada: o que o retorno do serviço precisa (a data e
    o segredo dão o nome do retorno na troca; os cadernos, um HTML cada)."""

    timestamp: str
    segredo: str
    cadernos: list[str]


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
    """O serviço; ``correr(comando, limite)`` corre um comando na pasta do curso (trocável nos
    testes) e devolve ``(código, saída)``."""

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
        if not isinstance(estado, dict):
            estado = {}
        for chave, tipo in (("vistas", list), ("avisadas", list), ("recusadas", list),
                            ("ultima", dict), ("tentativas", dict)):
            if not isinstance(estado.get(chave), tipo):
                estado[chave] = tipo()
        if not isinstance(estado.get("desde"), (int, float)):
            estado["desde"] = None
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
        feito: list[str] = []
        for entrega in self.escolher(cfg, feito):
            try:
                feito.extend(self._tratar(cfg, entrega))
            except Exception as erro:  # noqa: BLE001 — uma entrega estranha não para as outras
                feito.append(self._erro(entrega, erro))
        return feito

    def escolher(self, cfg: Configuracao, feito: list[str]) -> list[NomeDaEntrega]:
        """As entregas por corrigir: a mais recente de cada aluno e capítulo, confirmada, da mais
        antiga para a mais nova (as anteriores do mesmo aluno e capítulo ficam vistas quando esta
        for corrigida: a recolha traz a mais recente). As recusadas vão para ``feito``."""
        try:
            inbound = os.open(cfg.inbound, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return []
        agora, recusas, ultimas = self.relogio(), {}, {}
        try:
            nomes = listar(inbound)
            ja = {*self.estado["vistas"], *self.estado["recusadas"]}
            for nome in nomes:
                if nome in ja:
                    continue
                try:
                    entrega = ver_entrega(inbound, nome, agora)
                    if not CAPITULO.fullmatch(entrega.capitulo):
                        raise Recusada(f"{entrega.capitulo} não é um capítulo do curso (capNN)")
                except Recusada as recusa:
                    recusas[nome] = recusa
                    continue
                except OSError:
                    continue  # desapareceu entretanto
                if entrega.momento < self.estado["desde"] - 1:
                    continue
                chave = (entrega.aluno, entrega.capitulo)
                if chave not in ultimas or entrega.momento > ultimas[chave].momento:
                    ultimas[chave] = entrega
        finally:
            os.close(inbound)
        presentes = set(nomes)
        for chave in ("vistas", "avisadas", "recusadas"):  # o estado não cresce para sempre
            self.estado[chave] = [n for n in self.estado[chave] if n in presentes]
        self.estado["tentativas"] = {n: v for n, v in self.estado["tentativas"].items() if n in presentes}
        if recusas:
            feito.extend(self._recusar(cfg, recusas, presentes))
        return sorted(ultimas.values(), key=lambda e: e.momento)

    def _recusar(self, cfg: Configuracao, recusas: dict[str, Recusada],
                 presentes: set[str] | None = None) -> list[str]:
        """Recusadas para sempre: ditas uma vez ao professor, nunca corrigidas."""
        registar_recusas(self.raiz / "submitted", recusas, presentes)
        self.estado["recusadas"].extend(n for n in recusas if n not in self.estado["recusadas"])
        self._gravar_estado()
        return [f"⚠ entrega recusada: inbound/{limpar_texto(nome, 200)} — "
                f"{limpar_texto(r.motivo, 300)} (dono: {limpar_texto(r.dono, 80)})"
                for nome, r in recusas.items()]

    def _erro(self, entrega: NomeDaEntrega, erro: Exception) -> str:
        """Um erro do serviço com esta entrega: volta a tentar na volta seguinte, até
        ``TENTATIVAS`` vezes, e depois põe-na de lado (o professor vê-a no registo)."""
        n = self.estado["tentativas"].get(entrega.nome, 0) + 1
        self.estado["tentativas"][entrega.nome] = n
        de_lado = n >= TENTATIVAS
        if de_lado:
            self.estado["vistas"].append(entrega.nome)
        self._gravar_estado()
        return (f"{entrega.aluno} · {entrega.capitulo}: ✘ erro do serviço ({type(erro).__name__}: "
                f"{limpar_texto(erro, 300)}); " + ("entrega posta de lado" if de_lado
                                                  else f"tentativa {n} de {TENTATIVAS}"))

    def _tratar(self, cfg: Configuracao, entrega: NomeDaEntrega) -> list[str]:
        utilizador = str(uid_do_aluno(entrega.aluno))  # o dono da pasta (confirmado ao escolher)
        falta = self.estado["ultima"].get(utilizador, -1e18) + cfg.espera - self.relogio()
        try:
            if falta <= 0:
                return [self._corrigir(cfg, entrega, utilizador)]
            if entrega.nome not in self.estado["avisadas"]:
                return [self._na_fila(cfg, entrega, falta)]
        except Recusada as recusa:  # trocada depois de escolhida, ou sem os ficheiros do submit
            if a_escrever(recusa, entrega.nome, self.relogio()):
                return []  # o nbgrader submit ainda a está a escrever: fica para a volta seguinte
            return self._recusar(cfg, {entrega.nome: recusa})
        return []

    def _abrir(self, cfg: Configuracao, entrega: NomeDaEntrega):
        inbound = os.open(cfg.inbound, os.O_RDONLY | os.O_DIRECTORY)
        try:
            return abrir_entrega(inbound, entrega.nome, self.relogio())
        finally:
            os.close(inbound)

    def _concluir(self, cfg: Configuracao, entrega: NomeDaEntrega, utilizador: str, inicio: float) -> None:
        """Corrigida (ou com o retorno do motivo): esta entrega e as anteriores do mesmo aluno e
        capítulo ficam vistas, e a espera desse utilizador conta a partir de ``inicio``."""
        try:
            inbound = os.open(cfg.inbound, os.O_RDONLY | os.O_DIRECTORY)
            try:
                nomes = listar(inbound)
            finally:
                os.close(inbound)
        except OSError:
            nomes = []
        for nome in {entrega.nome, *nomes} - set(self.estado["vistas"]):
            outra = NomeDaEntrega.de(nome)
            if outra and (outra.aluno, outra.capitulo) == (entrega.aluno, entrega.capitulo) \
                    and outra.momento <= entrega.momento:
                self.estado["vistas"].append(nome)
        self.estado["tentativas"].pop(entrega.nome, None)
        self.estado["ultima"][utilizador] = inicio
        self._gravar_estado()

    # -- na fila -------------------------------------------------------------------------------

    def _na_fila(self, cfg: Configuracao, entrega: NomeDaEntrega, falta: float) -> str:
        with self._abrir(cfg, entrega) as aberta:
            recibo = Recibo(aberta.timestamp, aberta.segredo, aberta.cadernos())
        segundos = int(falta + 0.999)
        inicio = self.relogio() + segundos
        linhas = [
            f"A tua entrega de {entrega.capitulo} ({entrega.data}) está na fila.",
            f"Faltam {segundos} s para ser corrigida (por volta das {_hora(inicio)}): entre duas "
            f"correções do mesmo aluno passam pelo menos {int(cfg.espera)} s.",
            f"Volta a correr «nbgrader fetch_feedback {entrega.capitulo}» depois dessa hora para "
            "veres a nota; se entregares outra vez antes, é a entrega mais recente que conta.",
        ]
        self._devolver_aviso(entrega, recibo, "Entrega na fila", linhas)
        self.estado["avisadas"].append(entrega.nome)
        self._gravar_estado()
        return f"{entrega.aluno} · {entrega.capitulo}: na fila, faltam {segundos} s"

    # -- corrigir ------------------------------------------------------------------------------

    def _corrigir(self, cfg: Configuracao, entrega: NomeDaEntrega, utilizador: str) -> str:
        aluno, cap = entrega.aluno, entrega.capitulo
        inicio = self.relogio()
        tentativa = self.estado["tentativas"].get(entrega.nome, 0) + 1
        submetido = self.raiz / "submitted" / aluno / cap
        with self._abrir(cfg, entrega) as aberta:
            recibo = Recibo(aberta.timestamp, aberta.segredo, aberta.cadernos())
            if tentativa > TENTATIVAS:
                linha = self._falhou(entrega, recibo, [
                    f"a correção foi interrompida {TENTATIVAS} vezes (o serviço parou a meio)"], "")
                self._concluir(cfg, entrega, utilizador, inicio)
                return linha
            self.estado["tentativas"][entrega.nome] = tentativa  # um reinício a meio conta
            self._gravar_estado()
            copia = aberta.recolher_para(submetido, ignorar=cfg.ignorar)
        if avisos := avisos_da_copia(copia):  # o curso corrigir mostra-os no resumo
            (submetido / RECUSADAS).write_text("".join(a + "\n" for a in avisos), encoding="utf-8")
        self.escrever(f"{aluno} · {cap}: a corrigir a entrega de {entrega.data}")
        codigo, saida = self.corrigir_submissao(cfg, aluno, cap)
        linha = self._retorno(cfg, entrega, recibo, submetido, codigo, saida)
        self._concluir(cfg, entrega, utilizador, inicio)
        return linha

    def corrigir_submissao(self, cfg: Configuracao, aluno: str, cap: str) -> tuple[int, str]:
        """Corrige ``submitted/ALUNO/CAP`` (já recolhida e confirmada) e devolve o código e a
        saída do ``curso corrigir``; ``PASSOU_DO_LIMITE`` se passou de ``cfg.limite``."""
        comando = ["curso", "corrigir", "--capitulos", cap, "--alunos", aluno,
                   "--csv", str(self.raiz / "notas_na_entrega.csv")]
        if cfg.timeout:
            comando += ["--timeout", str(cfg.timeout)]
        if cfg.cluster:
            comando += ["--cluster", cfg.cluster]
        return self.correr([*comando, *cfg.argumentos], cfg.limite)

    def _retorno(self, cfg: Configuracao, entrega: NomeDaEntrega, recibo: Recibo, submetido: Path,
                 codigo: int, saida: str) -> str:
        """Devolve o retorno da correção (com os problemas à cabeça) ou o do motivo."""
        aluno, cap = entrega.aluno, entrega.capitulo
        if codigo == PASSOU_DO_LIMITE:
            return self._falhou(entrega, recibo, [
                f"a correção passou do limite de {cfg.limite:g} s por submissão e foi parada "
                "(há células que demoram demais?): sem nota"], saida)
        problemas = [p for p in dict.fromkeys(problemas_na_saida(saida, aluno, cap)
                                              + self._problemas_gravados(aluno, cap))
                     if not p.startswith(SO_PARA_O_PROFESSOR)]
        retornos = self._retornos_desta(aluno, cap, submetido)
        if codigo not in (0, 1) or not retornos:
            motivo = problemas or [f"a correção não terminou (curso corrigir, código {codigo}): "
                                   + _ultima_linha(saida)]
            return self._falhou(entrega, recibo, motivo, saida)
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

    def _falhou(self, entrega: NomeDaEntrega, recibo: Recibo, motivo: list[str], saida: str) -> str:
        self.escrever(saida[-3000:])
        linhas = [f"A tua entrega de {entrega.capitulo} ({entrega.data}) não se conseguiu corrigir.",
                  *(f"Motivo: {m}" for m in motivo), AVISO_MOTIVO]
        self._devolver_aviso(entrega, recibo, "A correção não terminou", linhas)
        return f"{entrega.aluno} · {entrega.capitulo}: não se corrigiu — {'; '.join(motivo)}"

    # -- devolver ------------------------------------------------------------------------------

    def _devolver_aviso(self, entrega: NomeDaEntrega, recibo: Recibo, titulo: str,
                        linhas: list[str]) -> None:
        """Um retorno escrito pelo serviço para a entrega de ``recibo`` (a data e o segredo lidos
        da pasta aberta e confirmada), devolvido pelo nbgrader.

        Fica em ``avisos_na_entrega/ALUNO/CAP/``, fora do ``feedback/`` do curso: lá, a data da
        entrega faria o ``generate_feedback`` julgar o retorno dela já feito (e saltá-lo)."""
        pasta = self.raiz / AVISOS / entrega.aluno / entrega.capitulo
        pasta.mkdir(parents=True, exist_ok=True)
        for antigo in pasta.glob("*.html"):
            antigo.unlink()
        (pasta / "timestamp.txt").write_text(recibo.timestamp, encoding="utf-8")
        (pasta / "submission_secret.txt").write_text(recibo.segredo, encoding="utf-8")
        for caderno in recibo.cadernos or [entrega.capitulo]:
            (pasta / f"{caderno}.html").write_text(pagina(titulo, linhas), encoding="utf-8")
        self._libertar(entrega.aluno, entrega.capitulo, AVISOS)

    def _libertar(self, aluno: str, cap: str, pasta: str | None = None) -> None:
        """``nbgrader release_feedback`` só deste aluno (de ``pasta`` em vez de ``feedback/``)."""
        outra = [f"--CourseDirectory.feedback_directory={pasta}"] if pasta else []
        codigo, saida = self.correr(["nbgrader", "release_feedback", *outra, f"--student={aluno}", cap], None)
        if codigo != 0:
            self.escrever(f"✘ nbgrader release_feedback {cap} para {aluno} falhou ({codigo}):\n{saida[-2000:]}")

    # -- processos -----------------------------------------------------------------------------

    def _correr(self, comando: list[str], limite: float | None = None) -> tuple[int, str]:
        """Corre ``comando``; com ``limite``, para-o (``PASSOU_DO_LIMITE``) se, depois da linha
        ``MARCA_DA_CORRECAO``, passar de ``limite`` segundos (ou a preparação de ``PREPARACAO``)."""
        processo = self.filho = subprocess.Popen(
            comando, cwd=self.raiz, env=ambiente(self.raiz), stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, errors="replace", start_new_session=True)
        linhas: list[str] = []
        marca, mudou = threading.Event(), threading.Event()

        def ler():
            for linha in processo.stdout:
                if len(linhas) < LINHAS_GUARDADAS:
                    linhas.append(linha)
                if linha.startswith(MARCA_DA_CORRECAO):
                    marca.set()
                    mudou.set()
            mudou.set()

        leitor = threading.Thread(target=ler, daemon=True)
        leitor.start()
        try:
            dentro = limite is None or _esperar(processo, marca, mudou, limite)
            if not dentro:
                _terminar(processo)
            processo.wait()
            leitor.join(30)
            saida = "".join(linhas)
            if not dentro:
                return PASSOU_DO_LIMITE, saida + f"\n✘ passou do limite de {limite:g} s por submissão: parado\n"
            return processo.returncode, saida
        finally:
            # interrompido (o SystemExit de ``parar``): o comando para também, e aqui, fora do
            # tratador do sinal (lá, esperar por ele prendia-se no trinco do Popen.wait interrompido)
            if processo.poll() is None:
                _terminar(processo)
            self.filho = None

    def parar(self, *_):
        """SIGTERM do Hub: o serviço sai, e o ``curso corrigir`` a meio para também (o ``_correr``
        em curso termina-o e ele limpa o que é seu); a entrega não fica vista, e é corrigida
        quando o serviço voltar."""
        raise SystemExit(0)


def _esperar(processo: subprocess.Popen, marca: threading.Event, mudou: threading.Event,
             limite: float) -> bool:
    """Espera pelo fim de ``processo``: ``PREPARACAO`` segundos até à ``marca`` e, a partir
    dela, ``limite``. ``False`` se o prazo passou com o processo ainda a correr."""
    prazo, contado = time.monotonic() + PREPARACAO, False
    while processo.poll() is None:
        if marca.is_set() and not contado:
            prazo, contado = time.monotonic() + limite, True
        restante = prazo - time.monotonic()
        if restante <= 0:
            return False
        mudou.wait(min(restante, 1.0))
        mudou.clear()
    return True


def _terminar(processo: subprocess.Popen) -> None:
    """SIGTERM (o ``curso corrigir`` despede os trabalhadores e apaga as caixas e as pastas
    temporárias), até 60 s para sair, e SIGKILL ao que ficar no seu grupo de processos."""
    try:
        processo.terminate()
        processo.wait(timeout=60)
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(processo.pid, signal.SIGKILL)  # o que ficou no grupo (start_new_session)
    except ProcessLookupError:
        pass
    processo.wait()


# o que o resumo diz ao professor mas não vai para o retorno do aluno: os sinais de possível
# adulteração (o aluno não fica a saber o que se vigia) e a pista de «caderno por resolver»
SO_PARA_O_PROFESSOR = ("⚠ possível adulteração", "0 pontos: nenhuma verificação passou")
AVISO_MOTIVO = ("Se achas que o motivo não é do teu código, fala com o professor: ele vê o mesmo "
                "no resumo da correção.")


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
                  f"{cfg.espera:g} s; limite de {cfg.limite:g} s por submissão; troca {cfg.inbound})",
                  flush=True)
            anterior = cfg.ligada
        try:
            linhas = servico.volta(cfg)
        except Exception as erro:  # noqa: BLE001 — nenhuma entrega (nem o disco) para o serviço
            linhas = [f"✘ erro do serviço nesta volta: {type(erro).__name__}: {limpar_texto(erro, 300)}"]
        for linha in linhas:
            print(linha, flush=True)
        time.sleep(cfg.intervalo)


if __name__ == "__main__":
    sys.exit(main())
