"""A apresentação: os resultados em texto e em HTML, o ``Relatorio`` e o ``verificar`` do caderno.

``verificar("N.M")`` é o que quem estuda escreve: encontra o caderno de quem o chamou, corre as
verificações (``execucao``), mostra ✔/✘ por verificação e, só na correção (``NBGRADER_EXECUTION``),
faz a célula falhar quando alguma não passou.
"""

from __future__ import annotations

import html
import os
import shutil
import sys
import threading
import time
from dataclasses import asdict, dataclass, field

from curso.caderno import Caderno
from curso.cores import CORES
from curso.raiz import ErroDoCurso
from curso.verificacao.descoberta import selecionar, titulo
from curso.verificacao.execucao import Andamento, Resultado, correr_verificacoes, estado_do_exercicio
from curso.verificacao.tracebacks import ipython_atual
from curso.verificacao.vocabulario import FALHOU, PASSOU, POR_FAZER, PREFIXO_PUBLICAS

SIMBOLO = {PASSOU: "✔", FALHOU: "✘", POR_FAZER: "…"}
COR = {PASSOU: CORES["ok"], FALHOU: CORES["erro"], POR_FAZER: CORES["neutro"]}


def _por_exercicio(resultados: list[Resultado]) -> dict[str, list[Resultado]]:
    grupos: dict[str, list[Resultado]] = {}
    for r in resultados:
        grupos.setdefault(r.exercicio, []).append(r)
    return grupos


def _resumo(resultados: list[Resultado]) -> str:
    passaram, total = sum(r.estado == PASSOU for r in resultados), len(resultados)
    if passaram == total:
        return f"Tudo certo: {total}/{total} verificações públicas passaram."
    return f"{passaram}/{total} verificações públicas passaram."


def formatar(exercicio: str | int, resultados: list[Resultado]) -> str:
    linhas = []
    classes = selecionar(exercicio)
    for ident, lista in _por_exercicio(resultados).items():
        linhas.append(f"Exercício {ident} — {titulo(classes[ident])}")
        if estado_do_exercicio(lista) == POR_FAZER:
            linhas.append(f"  {SIMBOLO[POR_FAZER]} ainda não implementado")
            continue
        for r in lista:
            linhas.append(f"  {SIMBOLO[r.estado]} {r.verificacao}")
            if r.estado != PASSOU:
                linhas.extend("      " + linha for linha in r.mensagem.splitlines())
    linhas.append(_resumo(resultados))
    return "\n".join(linhas)


def _html_mensagem(mensagem: str) -> str:
    """A mensagem de uma verificação em HTML: a dica a negrito, o pormenor por baixo, em letra de código."""
    dica, _, detalhe = mensagem.partition("\nPormenor: ")
    partes = [f"<b>{html.escape(dica)}</b>"]
    if detalhe:
        partes.append(
            f'<div style="color:{CORES["neutro"]}">Pormenor: <span style="font-family:monospace;'
            f'white-space:pre-wrap">{html.escape(detalhe)}</span></div>'
        )
    return f'<div style="margin:0 0 4px 1.6em;white-space:pre-wrap">{"".join(partes)}</div>'


def _html_linha(estado: str, texto: str) -> str:
    return (f'<div class="curso-verificacao-{estado}" style="color:{COR[estado]}">'
            f"{SIMBOLO[estado]} {html.escape(texto)}</div>")


def formatar_html(exercicio: str | int, resultados: list[Resultado]) -> str:
    """O mesmo relatório que ``formatar``, em HTML para o Jupyter: ✔ a verde, ✘ a vermelho, dicas a negrito."""
    classes = selecionar(exercicio)
    partes = []
    for ident, lista in _por_exercicio(resultados).items():
        partes.append(f'<div style="font-weight:600">Exercício {html.escape(ident)} — '
                      f"{html.escape(titulo(classes[ident]))}</div>")
        if estado_do_exercicio(lista) == POR_FAZER:
            partes.append(_html_linha(POR_FAZER, "ainda não implementado"))
            continue
        for r in lista:
            partes.append(_html_linha(r.estado, r.verificacao))
            if r.estado != PASSOU:
                partes.append(_html_mensagem(r.mensagem))
    partes.append(f'<div style="margin-top:4px">{html.escape(_resumo(resultados))}</div>')
    return f'<div class="curso-verificacao" style="line-height:1.45">{"".join(partes)}</div>'


@dataclass
class Relatorio:
    """O que ``verificar`` devolve: ``r.passou``, ``r.falhas`` (as que falharam), ``r.por_fazer``.

    No Jupyter mostra-se como HTML com cores; num terminal, como texto. ``verificar`` já o mostra
    uma vez; se for o valor da célula, não aparece segunda vez no ``Out[]``.
    """

    exercicio: str
    resultados: list[Resultado]
    erro: str | None = None  # um pedido que não se pôde fazer (exercício que não existe, ...)
    # a célula (contagem de execução) onde verificar já o mostrou
    _mostrado_em: int | None = field(default=None, repr=False, compare=False)

    @property
    def passou(self) -> bool:
        return self.erro is None and estado_do_exercicio(self.resultados) == PASSOU

    @property
    def falhas(self) -> list[Resultado]:
        return [r for r in self.resultados if r.estado == FALHOU]

    @property
    def por_fazer(self) -> list[Resultado]:
        return [r for r in self.resultados if r.estado == POR_FAZER]

    @property
    def texto(self) -> str:
        return f"✘ {self.erro}" if self.erro else formatar(self.exercicio, self.resultados)

    @property
    def html(self) -> str:
        if self.erro:
            return _html_linha(FALHOU, self.erro)
        return formatar_html(self.exercicio, self.resultados)

    def __repr__(self) -> str:
        passaram = sum(r.estado == PASSOU for r in self.resultados)
        return f"<Relatorio {self.exercicio}: {passaram}/{len(self.resultados)} verificações passaram>"

    def _repr_pretty_(self, impressora, ciclo: bool) -> None:
        impressora.text(self.texto)

    def _ipython_display_(self) -> None:
        shell = ipython_atual()
        if shell is None or self._mostrado_em == shell.execution_count:
            return  # já mostrado nesta célula por verificar: não repetir no Out[]
        self._mostrado_em = shell.execution_count
        from IPython.display import display

        display({"text/plain": self.texto, "text/html": self.html}, raw=True)

    def mostrar(self) -> None:
        """Mostra o relatório: HTML num kernel do Jupyter, texto em qualquer outro sítio."""
        if ipython_atual() is None:
            print(self.texto)
        else:
            self._ipython_display_()


def como_dicionarios(resultados: list[Resultado]) -> list[dict]:
    return [asdict(r) for r in resultados]


class _Espera:
    """Enquanto uma verificação demora, mostra «⏳ A verificar 1.1 («…»)… 5 s (o limite são 20 s)»,
    atualizado a cada segundo: num kernel do Jupyter numa saída própria da célula, que no fim
    fica vazia; num terminal, numa linha do stderr que no fim se apaga. Sem nada disto (a correção
    no nbgrader, uma saída que não é um terminal), não mostra nada.

    Uma thread só lê ``Andamento.atual``; a verificação continua na thread principal, com o seu
    alarme (um ciclo sem fim no código do aluno não a deixa mostrar nada)."""

    ATRASO = 1.0  # segundos: as verificações rápidas passam sem nada no ecrã
    OLHAR = 0.2  # de quanto em quanto tempo a thread olha para a verificação em curso

    def __init__(self, andamento: Andamento):
        self.andamento = andamento
        self.mostrado: str | None = None
        self._parar = threading.Event()
        self._fio: threading.Thread | None = None
        self._saida = None  # o DisplayHandle do Jupyter

    @staticmethod
    def _onde() -> str | None:
        if os.environ.get("NBGRADER_EXECUTION"):
            return None
        if getattr(ipython_atual(), "kernel", None) is not None:
            return "jupyter"
        return "terminal" if getattr(sys.stderr, "isatty", lambda: False)() else None

    def __enter__(self) -> _Espera:
        self._destino = self._onde()
        if self._destino is not None:
            self._fio = threading.Thread(target=self._olhar, name="curso-espera", daemon=True)
            self._fio.start()
        return self

    def __exit__(self, *_):
        if self._fio is not None:
            self._parar.set()
            self._fio.join()
            if self.mostrado is not None:
                self._escrever("")

    def _olhar(self) -> None:
        while not self._parar.wait(self.OLHAR):
            atual = self.andamento.atual
            if atual is None:
                continue
            ident, nome, inicio, limite = atual
            segundos = int(time.monotonic() - inicio)
            if segundos < self.ATRASO and self.mostrado is None:
                continue
            texto = self._texto(ident, nome, segundos, limite)
            if texto != self.mostrado:
                self._escrever(texto)

    def _texto(self, ident: str, nome: str, segundos: int, limite: float) -> str:
        fim = f"… {segundos} s (o limite são {limite:g} s)"
        if self._destino == "terminal":  # numa só linha: o «\r» só volta ao começo da última
            cabe = shutil.get_terminal_size().columns - 1 - len(f"⏳ A verificar {ident} («»){fim}")
            nome = nome if len(nome) <= cabe else nome[:max(cabe - 1, 10)] + "…"
        return f"⏳ A verificar {ident} («{nome}»){fim}"

    def _escrever(self, texto: str) -> None:
        self.mostrado = texto
        if self._destino == "terminal":
            sys.stderr.write(f"\r{texto}\033[K" if texto else "\r\033[K")
            sys.stderr.flush()
            return
        from IPython.display import display

        dados = {"text/plain": texto}
        if self._saida is None:
            self._saida = display(dados, raw=True, display_id=True)
        else:
            self._saida.update(dados, raw=True)


def correr_com_espera(exercicio: str | int, nb: Caderno) -> list[Resultado]:
    """``correr_verificacoes``, a mostrar a espera quando uma verificação demora (ver ``_Espera``)."""
    andamento = Andamento()
    with _Espera(andamento):
        return correr_verificacoes(exercicio, nb, andamento)


def verificar(exercicio: str | int, nb: Caderno | dict | None = None) -> Relatorio:
    """Corre as verificações públicas de ``exercicio`` (``"1.1"`` ou ``1``) sobre este caderno.

    Mostra ✔/✘ por verificação, com a dica primeiro, e devolve um ``Relatorio`` (``r.passou``,
    ``r.falhas``). Na correção automática (nbgrader) uma falha lança ``AssertionError`` para a
    célula valer zero; no teu caderno não lança, para que «Run All» chegue ao fim.
    """
    if nb is None:
        nb = Caderno(sys._getframe(1).f_globals, "<este caderno>")
    elif isinstance(nb, dict):
        nb = Caderno(nb)
    try:
        resultados = correr_com_espera(exercicio, nb)
    except ErroDoCurso as erro:
        relatorio = Relatorio(str(exercicio), [], erro=str(erro))
        relatorio.mostrar()
        if os.environ.get("NBGRADER_EXECUTION"):
            raise AssertionError(str(erro)) from None
        return relatorio
    relatorio = Relatorio(str(exercicio), resultados)
    relatorio.mostrar()
    if os.environ.get("NBGRADER_EXECUTION") and any(r.estado != PASSOU for r in resultados):
        raise AssertionError(f"{PREFIXO_PUBLICAS} no exercício {exercicio}.")
    return relatorio
