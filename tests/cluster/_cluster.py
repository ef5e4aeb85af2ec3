"""Um cluster Dask a sério nesta máquina: um scheduler e trabalhadores em processos separados
(``dask scheduler``, ``dask worker`` com *nanny*), todos só em 127.0.0.1 e com TLS, com
certificados gerados aqui (``Security.temporary``).

As esperas são por estados que o Dask diz (``Client(scheduler_file=…)`` espera pelo scheduler,
``wait_for_workers`` pelos trabalhadores, os eventos das tarefas), nunca por um tempo fixo.
"""

from __future__ import annotations

import ctypes
import os
import queue
import signal
import subprocess
import sys
from pathlib import Path

import yaml

ESPERA = 180  # segundos, no máximo, por um estado do cluster (numa máquina carregada)
PR_SET_PDEATHSIG = 1


def _morrer_com_o_teste() -> None:
    """No processo filho, antes do ``exec``: um SIGTERM quando o processo do teste morrer (um
    pytest morto a meio não deixa um scheduler a escutar)."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def certificados(pasta: Path) -> dict[str, str]:
    """Um certificado e uma chave, gerados agora, para todos os papéis (como o
    ``Security.temporary`` do Dask, mas em ficheiros, para os processos os lerem)."""
    from distributed.security import Security

    temporaria = Security.temporary()
    pasta.mkdir(parents=True, exist_ok=True)
    ficheiros = {"ca": pasta / "ca.pem", "cert": pasta / "cert.pem", "key": pasta / "key.pem"}
    ficheiros["ca"].write_text(temporaria.tls_ca_file)
    ficheiros["cert"].write_text(temporaria.tls_client_cert)
    ficheiros["key"].write_text(temporaria.tls_client_key)
    for f in ficheiros.values():
        f.chmod(0o600)
    return {k: str(v) for k, v in ficheiros.items()}


class Cluster:
    """O scheduler e os trabalhadores (``arrancar_trabalhador``), e um ``Client`` para os ver."""

    def __init__(self, pasta: Path):
        self.pasta = Path(pasta)
        self.pasta.mkdir(parents=True, exist_ok=True)
        self.tls = certificados(self.pasta / "tls")
        self.ficheiro_do_scheduler = self.pasta / "scheduler.json"
        self.processos: dict[str, subprocess.Popen] = {}
        self._argumentos_tls = ["--tls-ca-file", self.tls["ca"], "--tls-cert", self.tls["cert"],
                                "--tls-key", self.tls["key"]]
        self._arrancar("scheduler", [
            "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
            "--protocol", "tls", "--no-dashboard", "--dashboard-address", "127.0.0.1:0", "--scheduler-file", str(self.ficheiro_do_scheduler),
            *self._argumentos_tls])
        from distributed import Client
        from distributed.security import Security

        self.seguranca = Security(tls_ca_file=self.tls["ca"], tls_client_cert=self.tls["cert"],
                                  tls_client_key=self.tls["key"], require_encryption=True)
        # o Client espera que o scheduler escreva o ficheiro e responda
        self.cliente = Client(scheduler_file=str(self.ficheiro_do_scheduler),
                              security=self.seguranca, timeout=ESPERA, set_as_default=False)
        self.endereco = self.cliente.scheduler.address
        self.eventos: queue.Queue = queue.Queue()
        from curso.correcao.distribuida import TOPICO

        self.cliente.subscribe_topic(TOPICO, lambda evento: self.eventos.put(evento[1]))

    def _arrancar(self, nome: str, argumentos: list[str], env: dict | None = None) -> subprocess.Popen:
        registo = open(self.pasta / f"{nome}.log", "ab")  # noqa: SIM115 — fica com o processo
        proc = subprocess.Popen([sys.executable, "-m", *argumentos], stdout=registo,
                                stderr=subprocess.STDOUT, env=env or dict(os.environ),
                                start_new_session=True, preexec_fn=_morrer_com_o_teste)
        registo.close()
        self.processos[nome] = proc
        return proc

    def arrancar_trabalhador(self, nome: str, env: dict | None = None, esperar: bool = True) -> str:
        """Um ``dask worker`` (com *nanny*) com um fio, em 127.0.0.1; devolve o endereço."""
        antes = set(self.cliente.scheduler_info()["workers"])
        self._arrancar(nome, [
            "distributed.cli.dask_worker", "--scheduler-file", str(self.ficheiro_do_scheduler),
            "--nthreads", "1", "--nworkers", "1", "--host", "127.0.0.1", "--no-dashboard",
            "--dashboard-address", "127.0.0.1:0",
            "--name", nome, "--local-directory", str(self.pasta / nome), "--death-timeout", "120",
            *self._argumentos_tls], env)
        if not esperar:
            return ""
        self.cliente.wait_for_workers(len(antes) + 1, timeout=ESPERA)
        return self.endereco_de(nome)

    def endereco_de(self, nome: str) -> str:
        return next((w for w, info in self.cliente.scheduler_info()["workers"].items()
                     if info.get("name") == nome), "")

    def esperar_evento(self, condicao, limite: float = ESPERA) -> dict:
        """O primeiro evento das tarefas (``distribuida.TOPICO``) que cumpre ``condicao``."""
        while True:
            try:
                evento = self.eventos.get(timeout=limite)
            except queue.Empty:
                raise AssertionError(f"nenhum evento do cluster cumpriu a condição em {limite} s; "
                                     f"registos em {self.pasta}") from None
            if condicao(evento):
                return evento

    def configuracao(self) -> Path:
        """O ficheiro de configuração do Dask que o ``curso corrigir --cluster`` lê."""
        destino = self.pasta / "cluster.yaml"
        destino.write_text(yaml.safe_dump({
            "scheduler-address": self.endereco,
            "distributed": {"comm": {"require-encryption": True, "tls": {
                "ca-file": self.tls["ca"],
                "client": {"cert": self.tls["cert"], "key": self.tls["key"]}}}},
        }), encoding="utf-8")
        return destino

    def registos(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-4000:]}"
                         for p in sorted(self.pasta.glob("*.log")))

    def fechar(self) -> None:
        try:
            self.cliente.close()
        finally:
            for proc in reversed(list(self.processos.values())):
                if proc.poll() is None:
                    try:
                        os.killpg(proc.pid, signal.SIGTERM)
                        proc.wait(timeout=60)
                    except (ProcessLookupError, subprocess.TimeoutExpired):
                        try:
                            os.killpg(proc.pid, signal.SIGKILL)
                        except ProcessLookupError:
                            pass
                        proc.wait(timeout=30)
