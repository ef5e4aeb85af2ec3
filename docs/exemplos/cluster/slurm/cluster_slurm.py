"""O cluster da correção num Slurm, com o dask-jobqueue: corre no nó de entrada e fica de pé
enquanto corriges (Ctrl+C para o desligar). Noutra janela, na pasta do curso:

    curso corrigir --cluster ~/curso-cluster/curso-cluster.yaml

Os certificados (certificados.sh) ficam numa pasta que os nós veem (a tua pasta pessoal):
o scheduler e os trabalhadores usam-nos para o TLS. O scheduler escuta na rede interna do
cluster (``--interface``, por exemplo ib0 ou eth0), nunca sem TLS.

    python cluster_slurm.py --trabalhos 10 --interface ib0 --certificados ~/curso-cluster
"""

import argparse
import signal
from pathlib import Path

import yaml
from dask_jobqueue import SLURMCluster
from distributed.security import Security


def seguranca(pasta: Path, papel: str) -> Security:
    return Security(tls_ca_file=str(pasta / "ca.pem"), tls_client_cert=str(pasta / f"{papel}.pem"),
                    tls_client_key=str(pasta / f"{papel}.key"), tls_scheduler_cert=str(pasta / "scheduler.pem"),
                    tls_scheduler_key=str(pasta / "scheduler.key"), tls_worker_cert=str(pasta / "trabalhador.pem"),
                    tls_worker_key=str(pasta / "trabalhador.key"), require_encryption=True)


def cluster(certificados: Path, interface: str | None, host: str | None = None) -> SLURMCluster:
    opcoes = {"dashboard_address": "127.0.0.1:8787"} if host is None else {"host": host, "dashboard_address": f"{host}:0"}
    return SLURMCluster(protocol="tls://", security=seguranca(certificados, "trabalhador"),
                        interface=interface, scheduler_options=opcoes)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--trabalhos", type=int, default=4, help="quantos trabalhos do Slurm (trabalhadores)")
    p.add_argument("--interface", default=None, help="a interface de rede do cluster (ib0, eth0…)")
    p.add_argument("--certificados", type=Path, default=Path.home() / "curso-cluster")
    args = p.parse_args()
    c = cluster(args.certificados, args.interface)
    c.scale(jobs=args.trabalhos)
    (args.certificados / "curso-cluster.yaml").write_text(yaml.safe_dump({
        "scheduler-address": c.scheduler_address,
        "distributed": {"comm": {"require-encryption": True, "tls": {
            "ca-file": str(args.certificados / "ca.pem"),
            "client": {"cert": str(args.certificados / "professor.pem"),
                       "key": str(args.certificados / "professor.key")}}}}}))
    print(f"Scheduler em {c.scheduler_address}; {args.trabalhos} trabalhos pedidos ao Slurm.")
    print(f"Corrige com: curso corrigir --cluster {args.certificados / 'curso-cluster.yaml'}")
    try:
        signal.pause()  # até um Ctrl+C
    except KeyboardInterrupt:
        pass
    finally:
        c.close()


if __name__ == "__main__":
    main()
