"""Os ficheiros de exemplo que um professor copia (docs/exemplos/cluster/) dizem o que o
``curso`` e o Dask esperam: TLS em todo o lado, o painel só em loopback, e o script do Slurm gera
um trabalho que arranca um trabalhador do Dask com os certificados."""

from __future__ import annotations

import configparser
import subprocess
from pathlib import Path

import dask.config
import yaml

from correcao._turma import RAIZ

from ._cluster import certificados

EXEMPLOS = RAIZ / "docs" / "exemplos" / "cluster"


def test_a_configuracao_do_coordenador_tem_o_que_o_curso_le():
    dados = yaml.safe_load((EXEMPLOS / "curso-cluster.yaml").read_text(encoding="utf-8"))
    assert dados["scheduler-address"].startswith("tls://")
    tls = dados["distributed"]["comm"]["tls"]
    assert tls["ca-file"] and tls["client"]["cert"] and tls["client"]["key"]
    assert dados["distributed"]["comm"]["require-encryption"] is True


def test_os_servicos_do_servidor_so_falam_tls():
    for nome in ("dask-scheduler.service", "dask-worker.service"):
        unidade = configparser.ConfigParser(strict=False, interpolation=None)
        unidade.read_string((EXEMPLOS / "servidor" / nome).read_text(encoding="utf-8"))
        comando = unidade["Service"]["ExecStart"].replace("\\\n", " ")
        assert "--tls-ca-file" in comando and "--tls-cert" in comando and "--tls-key" in comando, nome
        assert "tcp://" not in comando and "0.0.0.0" not in comando, nome
        assert unidade["Service"]["User"] != "root", nome
    scheduler = (EXEMPLOS / "servidor" / "dask-scheduler.service").read_text(encoding="utf-8")
    assert "--protocol tls" in scheduler and "--dashboard-address 127.0.0.1:" in scheduler


def test_o_kubernetes_so_fala_tls_e_pede_o_que_a_caixa_precisa():
    recurso = yaml.safe_load((EXEMPLOS / "kubernetes" / "daskcluster.yaml").read_text(encoding="utf-8"))
    assert recurso["kind"] == "DaskCluster"
    trabalhador = recurso["spec"]["worker"]["spec"]
    args = trabalhador["containers"][0]["args"]
    assert args[:3] == ["dask", "worker", "tls://curso-correcao-scheduler:8786"]
    assert trabalhador["securityContext"]["seccompProfile"]["type"] == "Unconfined"
    scheduler = recurso["spec"]["scheduler"]["spec"]["containers"][0]["args"]
    assert scheduler[scheduler.index("--protocol") + 1] == "tls"
    assert scheduler[scheduler.index("--dashboard-address") + 1].startswith("127.0.0.1:")
    for lista in (args, scheduler):
        assert {"--tls-ca-file", "--tls-cert", "--tls-key"} <= set(lista)
    assert "bubblewrap" in (EXEMPLOS / "kubernetes" / "Dockerfile").read_text(encoding="utf-8")


def test_o_slurm_gera_trabalhos_com_trabalhadores_tls(tmp_path):
    """O ``cluster_slurm.py`` com o ``jobqueue.yaml`` do exemplo, sem Slurm: o scheduler arranca
    aqui (em 127.0.0.1) e o script do trabalho que iria para o ``sbatch`` diz o que corre."""
    import importlib.util

    # um certificado só, a sua própria autoridade (como o Security.temporary), com o nome de cada papel
    feitos = certificados(tmp_path / "gerados")
    (tmp_path / "ca.pem").write_bytes(Path(feitos["ca"]).read_bytes())
    for papel in ("scheduler", "trabalhador", "professor"):
        (tmp_path / f"{papel}.pem").write_bytes(Path(feitos["cert"]).read_bytes())
        (tmp_path / f"{papel}.key").write_bytes(Path(feitos["key"]).read_bytes())
    dados = yaml.safe_load((EXEMPLOS / "slurm" / "jobqueue.yaml").read_text(encoding="utf-8"))
    dados = {f"jobqueue.slurm.{k}": v for k, v in dados["jobqueue"]["slurm"].items()}
    dados["jobqueue.slurm.log-directory"] = str(tmp_path / "registos")
    spec = importlib.util.spec_from_file_location("cluster_slurm", EXEMPLOS / "slurm" / "cluster_slurm.py")
    modulo = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(modulo)
    with dask.config.set(dados):
        c = modulo.cluster(tmp_path, interface=None, host="127.0.0.1")
        try:
            script = c.job_script()
            endereco = c.scheduler_address
        finally:
            c.close()
    assert endereco.startswith("tls://127.0.0.1:")
    assert "#SBATCH --cpus-per-task=8" in script and "#SBATCH -t 04:00:00" in script
    assert "distributed.cli.dask_worker " + endereco in script
    assert "--nthreads 9" in script and f"--tls-ca-file {tmp_path / 'ca.pem'}" in script
    assert f"--tls-cert {tmp_path / 'trabalhador.pem'}" in script


def test_o_script_dos_certificados_da_tls_que_o_dask_aceita(tmp_path):
    r = subprocess.run(["bash", str(EXEMPLOS / "certificados.sh"), str(tmp_path / "tls"), "correcao.escola.pt"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    from distributed.security import Security

    pasta = tmp_path / "tls"
    seg = Security(tls_ca_file=str(pasta / "ca.pem"), tls_client_cert=str(pasta / "professor.pem"),
                   tls_client_key=str(pasta / "professor.key"), require_encryption=True)
    assert seg.get_connection_args("client")["ssl_context"] is not None
    assert all((pasta / f"{papel}.{ext}").is_file() for papel in ("scheduler", "trabalhador", "professor")
               for ext in ("pem", "key"))
    assert oct((pasta / "ca.key").stat().st_mode & 0o777) == "0o600"
    for papel in ("scheduler", "trabalhador", "professor"):  # todos assinados pela autoridade
        r = subprocess.run(["openssl", "verify", "-CAfile", str(pasta / "ca.pem"), str(pasta / f"{papel}.pem")],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0 and r.stdout.strip().endswith("OK"), r.stdout + r.stderr
