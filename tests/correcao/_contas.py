"""Utilizadores Unix a sério para os testes da troca do nbgrader e do JupyterHub.

Só o root os cria (``useradd``). Cada teste cria os seus, com nomes que não colidem com outras
corridas nem com contas a sério, e remove-os no fim (com os processos que tenham deixado), mesmo
com falhas. O que um aluno faz corre com o ``uid`` dele (``como``): o sistema, e não o teste,
decide de quem é cada ficheiro.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path


def motivo_sem_contas() -> str | None:
    """Porque é que este ambiente não cria utilizadores Unix (ou None)."""
    if os.name != "posix" or os.geteuid() != 0:
        return "cria utilizadores Unix (um aluno que escreve com o nome de outro): corre como root (como a CI)"
    for comando in ("useradd", "userdel", "pgrep"):
        if shutil.which(comando) is None:
            return f"falta o comando {comando}"
    return None


def saltar_sem_contas() -> None:
    import pytest

    motivo = motivo_sem_contas()
    if motivo:
        pytest.skip(motivo)


def esperar(condicao, limite: float, o_que: str, intervalo: float = 0.2, erro=AssertionError):
    """Repete ``condicao()`` até devolver algo verdadeiro (o estado que uma pessoa veria); falha
    com ``o_que`` ao fim de ``limite`` s."""
    fim = time.monotonic() + limite
    while time.monotonic() < fim:
        valor = condicao()
        if valor:
            return valor
        time.sleep(intervalo)
    raise erro(f"passaram {limite:.0f} s à espera de: {o_que}")


def nomes(prefixo: str, quantos: int) -> list[str]:
    """Nomes de utilizador que não colidem com outras corridas (nem com utilizadores a sério)."""
    marca = secrets.token_hex(2)
    return [f"{prefixo}{marca}{i}" for i in range(quantos)]


def pasta_base(prefixo: str = "curso-contas-") -> Path:
    """Uma pasta temporária que os utilizadores atravessam (a do pytest é só do root)."""
    base = Path(tempfile.mkdtemp(prefix=prefixo))
    os.chmod(base, 0o755)
    (base / "casas").mkdir(mode=0o755)
    return base


def criar_utilizador(nome: str, casa: Path) -> None:
    subprocess.run(["useradd", "--create-home", "--home-dir", str(casa), "--shell", "/bin/bash",
                    "--user-group", nome], check=True, capture_output=True)
    os.chmod(casa, 0o700)  # cada um vê só a sua pasta


def processos_de(nome: str) -> list[int]:
    r = subprocess.run(["pgrep", "-u", nome], capture_output=True, text=True)
    return [int(p) for p in r.stdout.split()]


def linha_de_comandos(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")[:200]
    except OSError:
        return "?"


def sobras_de(nome: str, limite: float = 30) -> list[str]:
    """Os processos de ``nome`` que continuam vivos ``limite`` segundos depois do fim.

    Parar o servidor de um utilizador termina-o; os kernels e os terminais que ele arrancou
    saem a seguir, quando dão pela falta do pai (o ipykernel vê-o de segundo a segundo). Um
    processo que ainda cá está ao fim deste tempo ficou órfão a sério."""
    limite_final = time.monotonic() + limite
    while processos_de(nome) and time.monotonic() < limite_final:
        time.sleep(0.2)
    return [f"{pid}: {linha_de_comandos(pid)}" for pid in processos_de(nome)]


def remover_utilizador(nome: str) -> None:
    """Termina os processos que ficaram (pelo seu pid) e apaga o utilizador e a sua pasta."""
    for pid in processos_de(nome):
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
    subprocess.run(["userdel", "--remove", nome], capture_output=True)


@contextmanager
def contas(prefixo: str, quantos: int):
    """``quantos`` utilizadores Unix novos, com a pasta pessoal em ``base/casas/NOME``; dá
    ``(base, nomes)`` e no fim remove-os e apaga ``base``. ``sobras`` (no objeto dado) diz que
    processos deles ficaram vivos."""
    base = pasta_base()
    criados = nomes(prefixo, quantos)
    feitos = []
    try:
        for nome in criados:
            criar_utilizador(nome, base / "casas" / nome)
            feitos.append(nome)
        yield base, criados
    finally:
        for nome in feitos:
            remover_utilizador(nome)
        shutil.rmtree(base, ignore_errors=True)


def como(nome: str, argv: list[str], casa: Path, **opcoes) -> subprocess.CompletedProcess:
    """Corre ``argv`` como o utilizador ``nome`` (o seu uid e o seu grupo), na sua pasta."""
    return subprocess.run(argv, user=nome, group=nome, extra_groups=[], cwd=casa,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(casa), "LC_ALL": "C.UTF-8"},
                          capture_output=True, text=True, timeout=120, **opcoes)


def dar_a(nome: str, caminho: Path) -> None:
    """``caminho`` (e tudo o que tem dentro) passa a ser de ``nome``, como se ele o tivesse escrito."""
    for p in [caminho, *(caminho.rglob("*") if caminho.is_dir() else [])]:
        os.chown(p, *_ids(nome), follow_symlinks=False)


def _ids(nome: str) -> tuple[int, int]:
    import pwd

    conta = pwd.getpwnam(nome)
    return conta.pw_uid, conta.pw_gid
