"""Uma execução para a correção que nunca deixa uma submissão sem nota.

O ``Execute`` do nbgrader desiste do caderno inteiro quando o kernel morre (``os._exit``, falta
de memória, um crash) ou quando um ciclo não para nem depois de interrompido: a submissão fica
sem notas, um zero silencioso. Aqui a célula culpada fica com um erro que explica o que
aconteceu, o kernel é reiniciado, as células que correram bem antes dela voltam a correr (para
repor o estado) e a correção segue para a célula seguinte. Cada caderno tem um número limitado
de reinícios; depois disso as células que faltam ficam marcadas como não executadas (valem 0).
"""

from __future__ import annotations

import copy

from jupyter_core.utils import run_sync
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import Execute
from traitlets import Integer

KERNEL_MORREU = "KernelMorreu"
NAO_PAROU = "CicloSemFim"
NAO_EXECUTADA = "CelulaNaoExecutada"
MARCAS = (KERNEL_MORREU, NAO_PAROU, NAO_EXECUTADA, "CellTimeoutError")


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
        return super().preprocess(nb, resources, km)

    def preprocess_cell(self, cell, resources, index):
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
                "falta de memória ou um crash). Esta célula vale 0; o resto do caderno foi "
                "corrigido num kernel novo.")))
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
            try:
                self.execute_cell(copy.deepcopy(self.nb.cells[anterior]), anterior,
                                  store_history=False)
            except (DeadKernelError, CellTimeoutError):
                self._reinicios = self.max_reinicios + 1  # instável: desiste do resto
                return
