"""Corrigir em paralelo: trabalhadores independentes e um só escritor na base de dados do curso.

A base de dados do nbgrader é SQLite. Cada trabalhador (``curso.correcao.trabalhador``) é um
processo com a sua pasta e a sua cópia da base de dados, por isso dois kernels nunca disputam o
mesmo ficheiro; os cadernos corrigidos e o retorno de cada tarefa vão para pastas que só essa
tarefa usa (``autograded/ALUNO/CAP``, ``feedback/ALUNO/CAP``). As notas voltam ao processo
principal, que as escreve na base de dados do curso uma tarefa de cada vez (um cadeado).
As tarefas são distribuídas por ordem de chegada, por isso um caderno lento não atrasa os outros.

O mesmo ``Trabalhador`` corre num trabalhador de um cluster Dask (``correcao/distribuida.py``),
com o ambiente que ``ambiente_isolado`` prepara: a correção de uma submissão é a mesma nos dois.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from curso.correcao.protocolo import (
    Fim, MensagemInvalida, Preparado, Preparar, Resposta, Tarefa, de_linha, para_linha,
)

VIDA = "CURSO_VIDA_FD"  # o descritor do pipe que diz ao trabalhador que quem o arrancou ainda vive


def ambiente_isolado(env: dict, raiz: Path, tmp: Path, kernel: str) -> str:
    """Prepara ``env`` (o ambiente dos trabalhadores) para corrigir na caixa de areia e devolve o
    kernel a usar: o kernel spec ``curso-isolado`` (o ``argv`` do kernel ``kernel`` dentro da
    caixa) numa pasta de ``tmp`` à frente no ``JUPYTER_PATH``, a pasta das caixas
    (``CURSO_CAIXAS``) e o nome do grupo de processos (``CURSO_CAIXA_GRUPO``, o cgroup).

    Os sockets Unix têm no máximo 107 caracteres (e cada um acrescenta ~35 ao caminho da pasta):
    com um ``tmp`` comprido, as caixas vão para uma pasta curta em /tmp, que quem chama apaga
    no fim (``env["CURSO_CAIXAS"]``, como ``tmp``)."""
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    from curso.correcao import caixa

    env["CURSO_CAIXAS"] = (str(tmp / "c") if len(str(tmp)) <= 70
                           else tempfile.mkdtemp(prefix="curso-caixas-", dir="/tmp"))
    env["CURSO_CAIXA_GRUPO"] = f"curso-corrigir-{os.getpid()}-{Path(tmp).name[-8:]}"
    try:
        spec = KernelSpecManager().get_kernel_spec(kernel)
    except NoSuchKernel:
        return kernel  # a guarda do kernel explica o que falta
    caixa.especificacao(tmp / "jupyter", [*spec.argv, *caixa.ARGUMENTOS_DO_KERNEL], {
        "leitura_extra": [str(raiz / "tests" / "exercicios"), spec.resource_dir],
        "raiz_publica": str(raiz),
    })
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(tmp / "jupyter"), env.get("JUPYTER_PATH")]))
    return caixa.NOME


class Trabalhador:
    """Um processo ``python -m curso.correcao.trabalhador`` e o seu canal de linhas JSON
    (as mensagens de ``curso.correcao.protocolo``)."""

    def __init__(self, pasta: Path, env: dict | None, raiz: Path):
        self.pasta = Path(pasta)
        self.pasta.mkdir(parents=True, exist_ok=True)
        self.registo = open(self.pasta / "trabalhador.log", "a", encoding="utf-8")  # noqa: SIM115
        # o trabalhador vigia a outra ponta deste pipe: quando este processo morre (um kill -9,
        # um trabalhador do Dask que cai), o pipe fecha e ele mata o seu grupo, com os kernels
        leitura, self._vida = os.pipe()
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "curso.correcao.trabalhador", str(self.pasta)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.registo,
                env={**(os.environ if env is None else env), VIDA: str(leitura)}, pass_fds=(leitura,),
                cwd=raiz, text=True, encoding="utf-8", start_new_session=True,
            )
        finally:
            os.close(leitura)
        self.morto = False

    def pedir(self, mensagem: Preparar | Tarefa, limite: float) -> Preparado | Resposta | None:
        """Envia uma mensagem e espera a resposta até ``limite`` segundos (depois mata o processo).

        Uma resposta mal formada, ou de outro tipo, também mata o trabalhador: deixou de ser de
        confiança."""
        if self.morto:
            return None
        relogio = threading.Timer(limite, self.matar)
        relogio.start()
        try:
            self.proc.stdin.write(para_linha(mensagem))
            self.proc.stdin.flush()
            linha = self.proc.stdout.readline()
        except (OSError, ValueError):
            linha = ""
        finally:
            relogio.cancel()
        try:
            if linha:
                return de_linha(linha, Preparado if isinstance(mensagem, Preparar) else Resposta)
        except MensagemInvalida as erro:
            self.registo.write(f"[principal] resposta recusada: {erro}\n")
            self.registo.flush()
        self.matar()
        return None

    def matar(self) -> None:
        self.morto = True
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass

    def terminar(self) -> None:
        if not self.morto and self.proc.poll() is None:
            try:
                self.proc.stdin.write(para_linha(Fim()))
                self.proc.stdin.close()
                self.proc.wait(timeout=30)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                self.matar()
        self.registo.close()
        if self._vida is not None:
            os.close(self._vida)
            self._vida = None


class Lote:
    """``n`` trabalhadores arrancados já (a importar o nbgrader enquanto as guardas correm)."""

    def __init__(self, n: int, pasta: Path, env: dict, raiz: Path):
        self.pasta, self.env, self.raiz = Path(pasta), env, raiz
        self.preparar_msg: Preparar | None = None
        self.cadeado = threading.Lock()
        self._arrancados = 0
        self.trabalhadores = [self._novo() for _ in range(max(1, n))]

    def _novo(self) -> Trabalhador:
        self._arrancados += 1
        return Trabalhador(self.pasta / f"trabalhador{self._arrancados}", self.env, self.raiz)

    def preparar(self, mensagem: Preparar) -> None:
        self.preparar_msg = mensagem

    def correr(self, tarefas: list[Tarefa], limite, ao_terminar) -> None:
        """Corre as tarefas; ``ao_terminar(tarefa, resposta_ou_None)`` é chamada sob cadeado."""
        fila: queue.Queue = queue.Queue()
        for t in tarefas:
            fila.put(t)

        def ciclo(indice: int) -> None:
            trab = self.trabalhadores[indice]
            preparado = getattr(trab, "preparado", False)
            while True:
                try:
                    tarefa = fila.get_nowait()
                except queue.Empty:
                    return
                if trab.morto:
                    trab.terminar()
                    trab = self.trabalhadores[indice] = self._novo()
                    preparado = False
                if not preparado:
                    preparado = bool(trab.pedir(self.preparar_msg, 300))
                    trab.preparado = preparado
                resposta = trab.pedir(tarefa, limite(tarefa)) if preparado else None
                if resposta is not None and resposta.id != tarefa.id:
                    trab.matar()  # uma resposta a outra tarefa: o trabalhador não é de confiança
                    resposta = None
                with self.cadeado:
                    ao_terminar(tarefa, resposta)

        fios = [threading.Thread(target=ciclo, args=(i,), daemon=True)
                for i in range(len(self.trabalhadores))]
        for f in fios:
            f.start()
        for f in fios:
            f.join()

    def fechar(self, interrompido: bool = False) -> None:
        """Despede os trabalhadores; ``interrompido``: mata-os já (e, com eles, os kernels)."""
        for t in self.trabalhadores:
            if interrompido:
                t.matar()
            t.terminar()
