"""A execução da correção com a fronteira: as células de verificação nunca entram no kernel.

As células do aluno correm no kernel isolado, como sempre (``ExecutarSemParar``). Uma célula de
verificação (``verificar("N.M")`` e os testes escondidos, reposta pelo nbgrader a partir do
*gradebook*) corre aqui, no processo do corretor: as verificações públicas e os testes escondidos
chegam às funções do aluno por ``curso.fronteira`` e as saídas da célula — que o nbgrader lê para
dar a nota — são escritas por este processo. O que o kernel faz (imprimir, remendar o IPython,
``sys.settrace``, *threads*) não chega a estas saídas, e nada de um teste escondido lhe é enviado.

Os testes escondidos só tiram do kernel as respostas: os nomes que importam das células
bloqueadas do curso (lidas da base de dados do nbgrader, não do caderno entregue) ligam-se deste
lado (``fronteira.sessao.ligados_deste_lado``). Os clientes Jupyter deste processo (o que
executa o caderno e o da fronteira) recusam no *socket* cada parte de mensagem acima de
``sessao.TETO_DA_PARTE``.

O resultado de cada verificação fica em ``PASTA/ALUNO/CAPITULO.json`` quando a pasta está
configurada (``ExecutarComFronteira.pasta_resultados``), para o professor o consultar.
"""

from __future__ import annotations

import json
import os
import re
import time
import traceback
from pathlib import Path

import zmq
from jupyter_core.utils import run_sync
from nbformat.notebooknode import NotebookNode
from traitlets import Bool, Unicode

from curso.caderno import e_celula_de_verificacao
from curso.correcao.recuperacao import KERNEL_MORREU, NAO_PAROU, ExecutarSemParar
from curso.fronteira.confianca import ErroDaFronteira
from curso.fronteira.sessao import (
    TETO_DA_PARTE,
    abrir,
    cliente_da_fronteira,
    com_tetos,
    correr_escondidos,
    ligacoes_de_confianca,
)
from curso.oraculo import do_lado_de_confianca
from curso.verificacao import DICA_TEMPO, PASSOU, PREFIXO_PUBLICAS, Relatorio, correr_verificacoes

VERIFICAR = re.compile(r"""^\s*verificar\(\s*["'](\d+\.\d+)["']\s*\)\s*(#.*)?$""")
INICIO_ESCONDIDOS = re.compile(r"^[ \t]*###? ?BEGIN HIDDEN TESTS", re.M)
FIM_ESCONDIDOS = re.compile(r"^[ \t]*###? ?END HIDDEN TESTS[^\n]*$", re.M)
LIMITE_MENSAGEM = 2000


def partes(fonte: str) -> tuple[list[str], str]:
    """Os exercícios de ``verificar("N.M")`` e o resto do código (testes escondidos incluídos)."""
    idents, resto = [], []
    for linha in fonte.splitlines():
        m = VERIFICAR.match(linha)
        if m:
            idents.append(m.group(1))
        elif not INICIO_ESCONDIDOS.match(linha) and not FIM_ESCONDIDOS.match(linha):
            resto.append(linha)
    return idents, "\n".join(resto).strip()


def _erro(nome: str, mensagem: str) -> NotebookNode:
    return NotebookNode(output_type="error", ename=nome, evalue=mensagem,
                        traceback=[f"{nome}: {mensagem}"])


def _exibir(relatorio: Relatorio) -> NotebookNode:
    return NotebookNode(output_type="display_data", metadata={},
                        data={"text/plain": relatorio.texto, "text/html": relatorio.html})


class ExecutarComFronteira(ExecutarSemParar):
    """``ExecutarSemParar`` em que as células de verificação correm do lado de confiança."""

    verificacoes_no_kernel = Bool(
        False, help="Só para medir (benchmarks/correcao.py): as células de verificação voltam a "
        "correr no kernel do aluno, como antes da fronteira. Numa turma, nunca."
    ).tag(config=True)

    pasta_resultados = Unicode(
        "", help="Onde guardar o resultado de cada verificação (ALUNO/CAPITULO.json); vazio: não guarda."
    ).tag(config=True)

    def preprocess(self, nb, resources=None, km=None):
        self._resultados: dict = {}
        self._registo: list[str] | None = None
        self._cliente = None  # o cliente da fronteira, um por kernel (ligar custa)
        info = (resources or {}).get("nbgrader", {})
        self._confianca = ligacoes_de_confianca(_celulas_do_curso(nb, info))
        try:
            return super().preprocess(nb, resources, km)
        finally:
            self._fechar_cliente()
            self._guardar(info.get("student"), info.get("assignment"), resources)

    def create_kernel_manager(self):
        """O gestor do kernel como o do nbgrader, com os tetos de ``sessao.com_tetos`` nos
        *sockets* que este processo abre para o kernel (o cliente que executa o caderno e o
        canal de controlo)."""
        km = super().create_kernel_manager()
        km.client_factory = com_tetos(km.client_factory)
        km.context.setsockopt(zmq.MAXMSGSIZE, TETO_DA_PARTE)
        return km

    def _cliente_da_fronteira(self):
        if self._cliente is None:
            self._cliente = cliente_da_fronteira(self.km.get_connection_info())
        return self._cliente

    def _fechar_cliente(self) -> None:
        if self._cliente is not None:
            self._cliente.stop_channels()
            self._cliente = None

    def _reanimar(self, index: int) -> None:
        self._fechar_cliente()  # o kernel novo tem outros sockets
        # e um cliente do caderno novo: um socket que o zmq fechou por causa de uma mensagem acima
        # do teto (uma saída enorme) não volta a ligar-se, e o kernel novo nunca pareceria pronto
        self.kc.stop_channels()
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.allow_stdin = False
        super()._reanimar(index)

    def preprocess_cell(self, cell, resources, index):
        if (not e_celula_de_verificacao(cell) or self.verificacoes_no_kernel
                or self._reinicios > self.max_reinicios):
            return super().preprocess_cell(cell, resources, index)
        idents, codigo = partes(cell.source)
        cell.outputs, cell.execution_count = [], None
        self._tempo_esgotado = False
        perdida = morreu = False
        try:
            with abrir(self.km.get_connection_info(), self._interromper, self._registo,
                       limite=self.timeout or 60, limite_total=self.timeout, vivo=self._vivo,
                       cliente=self._cliente_da_fronteira()) as nb:
                erros, mostrar = self._publicas(idents, nb)
                erros += self._escondidos(codigo, nb, cell.metadata.get("nbgrader", {}).get("grade_id"))
            # lidos à saída: o kernel pode não ter saído de servir() (e então perdeu-se)
            perdida, morreu = nb.ligacao.perdida, nb.ligacao.morreu
            self._tempo_esgotado |= nb.ligacao.tempo_esgotado
        except (ErroDaFronteira, OSError, RuntimeError) as erro:
            aviso = ("O kernel não respondeu à correção desta célula (morreu, ficou preso ou "
                     f"respondeu o que não devia: {str(erro)[:300]}). Esta célula vale 0.")
            erros, mostrar, perdida = [_erro(KERNEL_MORREU, aviso)], [], True
        if morreu:
            erros.insert(0, _erro(KERNEL_MORREU, (
                "O kernel morreu a correr as verificações desta célula (os._exit, sys.exit num "
                "processo filho, falta de memória, um crash). Esta célula vale 0; o resto do "
                "caderno foi corrigido num kernel novo.")))
        elif perdida:
            # o resumo da correção diz que a célula não parou (como quando corria no kernel)
            erros.insert(0, _erro(NAO_PAROU, (
                f"O teu código não respondeu à correção desta célula em {self.timeout} s, nem "
                "depois de interrompido. Vale 0; o resto do caderno foi corrigido num kernel novo.")))
        elif self._tempo_esgotado:
            erros.insert(0, _erro("CellTimeoutError", (
                "Uma verificação desta célula passou do tempo e foi interrompida (um ciclo sem "
                "fim?). Vale 0.")))
        # o erro primeiro: o nbgrader dá 0 a uma célula com um erro nas saídas
        cell.outputs = [*erros[:1], *mostrar]
        if perdida:
            self._reanimar(index + 1)
        return cell, resources

    def _interromper(self) -> None:
        run_sync(self.km.interrupt_kernel)()

    def _vivo(self) -> bool:
        return bool(run_sync(self.km.is_alive)())

    def _publicas(self, idents: list[str], nb) -> tuple[list, list]:
        erros, mostrar = [], []
        for ident in idents:
            resultados = correr_verificacoes(ident, nb)
            self._tempo_esgotado |= any(r.mensagem.startswith(DICA_TEMPO) for r in resultados)
            relatorio = Relatorio(ident, resultados)
            mostrar.append(_exibir(relatorio))
            self._resultados.setdefault(ident, {})["verificacoes"] = [
                {"nome": r.verificacao, "metodo": r.metodo, "estado": str(r.estado),
                 "mensagem": r.mensagem}
                for r in resultados]
            if any(r.estado != PASSOU for r in resultados):
                erros.append(_erro("AssertionError", f"{PREFIXO_PUBLICAS} no exercício {ident}."))
        return erros, mostrar

    def _escondidos(self, codigo: str, nb, grade_id: str | None) -> list:
        ident = _ident(grade_id)
        if not codigo:
            return []
        inicio = time.monotonic()
        try:
            with do_lado_de_confianca(nb, self._solucoes()):  # a solução como oráculo (curso.oraculo)
                correr_escondidos(codigo, nb, f"<testes escondidos de {ident}>", self._confianca)
        except KeyboardInterrupt:
            raise
        except BaseException as erro:  # noqa: BLE001 — um teste escondido que falha, seja como for: 0, nunca «ERRO»
            nome = type(erro).__name__
            mensagem = str(erro)[:LIMITE_MENSAGEM] if not isinstance(erro, AssertionError) else ""
            self._resultados.setdefault(ident, {})["escondidos"] = {
                "passou": False, "erro": nome, "mensagem": mensagem or _ultima_linha(erro)}
            return [_erro(nome, mensagem)]
        self._resultados.setdefault(ident, {})["escondidos"] = {
            "passou": True, "segundos": round(time.monotonic() - inicio, 3)}
        return []

    def _solucoes(self) -> Path:
        """A pasta das soluções que servem de oráculo aos testes escondidos: a fonte do nbgrader
        (as ``solutions/`` do curso, ou a ``--fonte`` do professor)."""
        curso = self.config.CourseDirectory
        fonte = Path(curso.get("source_directory") or "solutions")
        return fonte if fonte.is_absolute() else Path(curso.get("root") or ".") / fonte

    def _guardar(self, aluno, capitulo, resources) -> None:
        if not self.pasta_resultados or not aluno or not capitulo:
            return
        destino = Path(self.pasta_resultados) / str(aluno) / f"{capitulo}.json"
        destino.parent.mkdir(parents=True, exist_ok=True)
        caderno = str((resources or {}).get("unique_key") or capitulo)
        dados = json.loads(destino.read_text(encoding="utf-8")) if destino.is_file() else {}
        dados.setdefault("cadernos", {})[os.path.basename(caderno)] = {"exercicios": self._resultados}
        dados.update({"aluno": str(aluno), "capitulo": str(capitulo), "versao": 1})
        temporario = destino.with_suffix(".tmp")
        temporario.write_text(json.dumps(dados, ensure_ascii=False, indent=1), encoding="utf-8")
        temporario.replace(destino)


def _celulas_do_curso(nb, info: dict) -> list[str]:
    """O texto das células bloqueadas do caderno do curso (sem as de verificação): da base de
    dados do nbgrader, que o aluno não escreve, quando a correção a tem; senão, do caderno (as
    provas que correm o executor sem o nbgrader)."""
    if info.get("db_url") and info.get("notebook") and info.get("assignment"):
        from nbgrader.api import Gradebook, MissingEntry

        try:
            with Gradebook(info["db_url"]) as gb:
                caderno = gb.find_notebook(info["notebook"], info["assignment"])
                corrigidas = {c.name for c in caderno.grade_cells}
                return [c.source for c in caderno.source_cells
                        if c.locked and c.cell_type == "code" and c.name not in corrigidas]
        except MissingEntry:
            return []
    return [c.source for c in nb.cells if c.cell_type == "code"
            and c.metadata.get("nbgrader", {}).get("locked") and not e_celula_de_verificacao(c)]


def _ident(grade_id: str | None) -> str:
    m = re.fullmatch(r"ex(\d+)_(\d+)_verificacao", grade_id or "")
    return f"{m.group(1)}.{m.group(2)}" if m else str(grade_id)


def _ultima_linha(erro: BaseException) -> str:
    """O sítio do teste escondido que falhou (a linha, não o código): para o professor."""
    quadros = [q for q in traceback.extract_tb(erro.__traceback__) if q.filename.startswith("<testes")]
    return f"linha {quadros[-1].lineno}" if quadros else ""
