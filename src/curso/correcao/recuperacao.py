"""Uma execução para a correção que nunca deixa uma submissão sem nota.

O ``Execute`` do nbgrader desiste do caderno inteiro quando o kernel morre (``os._exit``, falta
de memória, um crash) ou quando um ciclo não para nem depois de interrompido: a submissão fica
sem notas, um zero silencioso. Aqui a célula culpada fica com um erro que explica o que
aconteceu, o kernel é reiniciado, as células que correram bem antes dela voltam a correr (para
repor o estado) e a correção segue para a célula seguinte. Cada caderno tem um número limitado
de reinícios; depois disso as células que faltam ficam marcadas como não executadas (valem 0).

A saída de cada célula também tem limite (``LIMITE_SAIDA``): um ciclo que escreve sem parar
encheria a memória do trabalhador e o caderno corrigido. O que passa do limite fica de fora, com
uma nota; os erros nunca ficam de fora (é por eles que o nbgrader sabe que uma verificação
falhou), só são aparados.
"""

from __future__ import annotations

import copy
import json

from jupyter_core.utils import run_sync
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import Execute
from traitlets import Integer

KERNEL_MORREU = "KernelMorreu"
NAO_PAROU = "CicloSemFim"
NAO_EXECUTADA = "CelulaNaoExecutada"
MARCAS = (KERNEL_MORREU, NAO_PAROU, NAO_EXECUTADA, "CellTimeoutError")
LIMITE_SAIDA = 2**20  # caracteres de saída guardados por célula (texto, imagens, HTML…)
LIMITE_ERRO = 100_000  # caracteres da mensagem e do traceback de um erro
LIMITE_NOME = 1000  # caracteres do nome de um erro (o nome da classe da exceção)
# mensagens que mexem no caderno sem passar por ``output``: atualizações de uma saída com
# ``display_id`` (noutra célula, até) e o estado dos *widgets*, guardado nos metadados
SEM_OUTPUT = ("update_display_data", "comm_open", "comm_msg")
CORTADA = ("\n[… a saída desta célula passou de {limite} caracteres e o resto foi cortado pela "
           "correção …]\n")


def _tamanho(valor) -> int:
    return len(valor) if isinstance(valor, str) else len(json.dumps(valor, default=str))


def tamanho_da_saida(conteudo: dict) -> int:
    """Caracteres de uma mensagem de saída do kernel (``stream``, ``display_data``, ``comm``…),
    com tudo o que o caderno guarda dela: o texto, os dados (com os tipos MIME), os metadados, o
    ``transient`` e o estado dos *widgets* — não só o texto."""
    total = 0
    for chave, valor in conteudo.items():
        if chave == "data" and isinstance(valor, dict):
            total += sum(len(str(k)) + _tamanho(v) for k, v in valor.items())
        elif chave == "name" and valor in ("stdout", "stderr") or chave == "execution_count":
            continue
        elif valor or chave == "text":
            total += _tamanho(valor)
    return total


def erro_aparado(mensagem: dict) -> dict:
    """A mensagem ``error`` com ``evalue`` e ``traceback`` dentro de ``LIMITE_ERRO`` (o fim do
    traceback, onde está a causa, fica)."""
    conteudo = dict(mensagem["content"])
    conteudo["ename"] = str(conteudo.get("ename", ""))[:LIMITE_NOME]
    conteudo["evalue"] = str(conteudo.get("evalue", ""))[:LIMITE_ERRO]
    linhas, total = [], 0
    for linha in reversed([str(li) for li in conteudo.get("traceback") or []]):
        total += len(linha)
        if total > LIMITE_ERRO:
            break
        linhas.append(linha)
    conteudo["traceback"] = linhas[::-1]
    return {**mensagem, "content": conteudo}


def erro_de_saida(nome: str, mensagem: str) -> NotebookNode:
    return NotebookNode(output_type="error", ename=nome, evalue=mensagem,
                        traceback=[f"{nome}: {mensagem}"])


class ExecutarSemParar(Execute):
    """``Execute`` do nbgrader que sobrevive a kernels mortos e a células que não param."""

    max_reinicios = Integer(
        3, help="Quantas vezes o kernel pode ser reiniciado num caderno antes de desistir."
    ).tag(config=True)

    def preprocess(self, nb, resources=None, km=None):
        self._correu_bem: set[int] = set()
        self._reinicios = 0
        self._saida: dict[int, int] = {}  # caracteres de saída já guardados, por célula
        return super().preprocess(nb, resources, km)

    def process_message(self, msg, cell, cell_index):
        """O limite de ``output`` vale também para o que não passa por ele (``SEM_OUTPUT``) e
        para as saídas com ``display_id``, que atualizam outras antes de serem guardadas."""
        tipo, conteudo = msg.get("msg_type"), msg.get("content") or {}
        transitorio = conteudo.get("transient") or {}
        if tipo in SEM_OUTPUT or (transitorio.get("display_id") and tipo in ("display_data", "execute_result")):
            antes = self._saida.get(cell_index, 0)
            depois = antes + tamanho_da_saida(conteudo)
            if depois > LIMITE_SAIDA:
                self._saida[cell_index] = depois
                if antes <= LIMITE_SAIDA:
                    cell.outputs.append(NotebookNode(output_type="stream", name="stderr",
                                                     text=CORTADA.format(limite=LIMITE_SAIDA)))
                return None
            if tipo in SEM_OUTPUT:
                self._saida[cell_index] = depois
        return super().process_message(msg, cell, cell_index)

    def output(self, outs, msg, display_id, cell_index):
        if msg["msg_type"] == "error":
            return super().output(outs, erro_aparado(msg), display_id, cell_index)
        antes = self._saida.get(cell_index, 0)
        depois = antes + tamanho_da_saida(msg.get("content") or {})
        self._saida[cell_index] = depois
        if depois <= LIMITE_SAIDA:
            return super().output(outs, msg, display_id, cell_index)
        if antes <= LIMITE_SAIDA:  # a nota, uma vez por célula
            outs.append(NotebookNode(output_type="stream", name="stderr",
                                     text=CORTADA.format(limite=LIMITE_SAIDA)))
        return None

    def preprocess_cell(self, cell, resources, index):
        self._saida.pop(index, None)
        if cell.cell_type != "code" or not cell.source.strip():
            return super().preprocess_cell(cell, resources, index)
        if self._reinicios > self.max_reinicios:
            cell.outputs = [erro_de_saida(NAO_EXECUTADA, (
                f"Esta célula não foi executada: o kernel foi reiniciado {self.max_reinicios} "
                "vezes neste caderno e a correção desistiu do resto."))]
            return cell, resources
        try:
            cell, resources = super().preprocess_cell(cell, resources, index)
        except DeadKernelError:
            cell.outputs.append(erro_de_saida(KERNEL_MORREU, (
                "O kernel morreu a correr esta célula (os._exit, sys.exit num processo filho, "
                "falta de memória, um crash, ou a correção terminou-o por escrever onde não "
                "devia). Esta célula vale 0; o resto do caderno foi corrigido num kernel novo.")))
            self._reanimar(index)
        except CellTimeoutError:
            cell.outputs.append(erro_de_saida(NAO_PAROU, (
                f"Esta célula não terminou em {self.timeout} s e não parou quando foi "
                "interrompida (um ciclo que apanha KeyboardInterrupt?). Vale 0; o resto do "
                "caderno foi corrigido num kernel novo.")))
            self._reanimar(index)
        else:
            if not any(o.get("output_type") == "error" for o in cell.get("outputs", [])):
                self._correu_bem.add(index)
        return cell, resources

    def _reanimar(self, index: int) -> None:
        """Kernel novo, e as células que correram bem antes de ``index`` outra vez, sem saídas."""
        self._reinicios += 1
        if self._reinicios > self.max_reinicios:
            return
        run_sync(self.km.restart_kernel)(now=True)
        run_sync(self.kc.wait_for_ready)(timeout=self.startup_timeout)
        for anterior in sorted(i for i in self._correu_bem if i < index):
            self._saida.pop(anterior, None)
            try:
                self.execute_cell(copy.deepcopy(self.nb.cells[anterior]), anterior,
                                  store_history=False)
            except (DeadKernelError, CellTimeoutError):
                self._reinicios = self.max_reinicios + 1  # instável: desiste do resto
                return
