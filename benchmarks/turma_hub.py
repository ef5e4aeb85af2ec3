"""Uma turma num JupyterHub a sério: N alunos a ir buscar e a entregar ao mesmo tempo, pelo Hub,
e depois a correção com ``curso corrigir``. Mede a memória por utilizador, o tempo de cada fase
e projeta para 300 alunos.

    .venv/bin/python benchmarks/turma_hub.py          # 30 alunos (precisa de root: cria utilizadores)
    .venv/bin/python benchmarks/turma_hub.py 8        # 8 alunos, numa máquina ocupada

Usa a mesma maquinaria do teste tests/hub (utilizadores Unix temporários, proxy do npm em
.ci/node, LocalProcessSpawner); remove tudo no fim. Metade dos alunos entrega o cap01 resolvido,
a outra metade em branco.
"""

from __future__ import annotations

import shutil
import signal
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ))

from tests.correcao._turma import copiar_curso  # noqa: E402
from tests.hub._hub import Hub, ha_condicoes, instalacao_partilhada, nomes, pasta_base  # noqa: E402
from tests.hub.test_turma_hub import CADERNO, CAP, _resolver  # noqa: E402

ALVO = 300
MIB = 1024 * 1024


class Fases:
    def __init__(self):
        self.tempos: dict[str, float] = {}

    def medir(self, nome: str, funcao, *args):
        inicio = time.perf_counter()
        resultado = funcao(*args)
        self.tempos[nome] = time.perf_counter() - inicio
        print(f"  {nome:<34} {self.tempos[nome]:7.1f} s", flush=True)
        return resultado


def _em_paralelo(hub: Hub, alunos: list[str], comando: str) -> None:
    def um(aluno):
        codigo, saida = hub.executar(aluno, comando, 900)
        if codigo != 0:
            raise RuntimeError(f"{aluno}$ {comando} → {codigo}\n{saida}")

    with ThreadPoolExecutor(max_workers=len(alunos)) as pool:
        list(pool.map(um, alunos))


def _pico_de_memoria(hub: Hub, nome: str, parar: threading.Event, pico: list[int]) -> None:
    while not parar.wait(0.5):
        pico[0] = max(pico[0], hub.memoria_do_servidor(nome))


def _memoria_de_um_kernel(hub: Hub, aluno: str) -> int:
    """Quanto cresce a memória de um aluno ao abrir um kernel que importa o curso."""
    antes = hub.memoria_do_servidor(aluno)
    ident = hub.servidor(aluno, "POST", "/api/kernels", json={"name": "python3"}).json()["id"]
    try:
        # o pedido de execução espera pelo arranque do kernel
        hub.executar_no_kernel(aluno, ident, "from curso import verificar\nimport curso.verificacao, curso.offline")
        return hub.memoria_do_servidor(aluno) - antes
    finally:
        hub.servidor(aluno, "DELETE", f"/api/kernels/{ident}")


def _sair(sinal, _quadro):
    # SIGTERM/SIGHUP (fechar o terminal, kill) saem pelo caminho normal: o Hub para os servidores e
    # apaga os utilizadores temporários, como no Ctrl+C
    raise SystemExit(128 + sinal)


def main(argv: list[str]) -> int:
    for sinal in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sinal, _sair)
    motivo = ha_condicoes()
    if motivo:
        print(f"✘ {motivo}")
        return 2
    n = int(argv[0]) if argv else 30
    print(f"Turma simulada num JupyterHub: 1 professor e {n} alunos, capítulo {CAP}")
    base = pasta_base()
    fases = Fases()
    try:
        envoltorio = instalacao_partilhada()
        prof = nomes("bprof", 1)[0]
        alunos = nomes("baluno", n)
        with Hub(base, [prof, *alunos], envoltorio) as hub:
            curso = hub.casa(prof) / "curso"
            curso.mkdir()
            copiar_curso(curso, [CAP])
            for p in [curso, *curso.rglob("*")]:
                shutil.chown(p, prof, prof)
            fases.medir("arrancar os servidores", hub.iniciar_servidores, [prof, *alunos])
            memoria = {a: hub.memoria_do_servidor(a) for a in alunos}
            kernel = _memoria_de_um_kernel(hub, alunos[0])
            fases.medir("publicar (professor)", _em_paralelo, hub, [prof],
                        f"cd ~/curso && nbgrader release_assignment {CAP}")
            fases.medir("alunos vão buscar", _em_paralelo, hub, alunos,
                        f"cd ~ && nbgrader fetch_assignment {CAP}")
            for aluno in alunos[::2]:
                hub.gravar_caderno(aluno, CADERNO, _resolver(hub.ler_caderno(aluno, CADERNO)))
            fases.medir("alunos entregam", _em_paralelo, hub, alunos, f"cd ~ && nbgrader submit {CAP}")
            fases.medir("recolher (professor)", _em_paralelo, hub, [prof], f"cd ~/curso && nbgrader collect {CAP}")
            base_prof = hub.memoria_do_servidor(prof)
            parar, pico = threading.Event(), [0]
            vigia = threading.Thread(target=_pico_de_memoria, args=(hub, prof, parar, pico))
            vigia.start()
            try:
                fases.medir("curso corrigir", _em_paralelo, hub, [prof],
                            f"cd ~/curso && curso corrigir --capitulos {CAP} --trabalhadores 3")
            finally:
                parar.set()
                vigia.join()
            fases.medir("devolver o retorno", _em_paralelo, hub, [prof],
                        f"cd ~/curso && nbgrader release_feedback {CAP}")
            fases.medir("alunos vão buscar o retorno", _em_paralelo, hub, alunos,
                        f"cd ~ && nbgrader fetch_feedback {CAP}")
    finally:
        shutil.rmtree(base, ignore_errors=True)

    por_aluno = statistics.median(memoria.values()) / MIB
    por_trabalhador = max(pico[0] - base_prof, 0) / 3 / MIB
    t = fases.tempos
    print()
    print(f"Memória do servidor de um aluno (sem kernel, mediana de {n}): {por_aluno:.0f} MiB "
          f"(mín. {min(memoria.values()) / MIB:.0f}, máx. {max(memoria.values()) / MIB:.0f})")
    print(f"Memória de um kernel com o curso importado: {kernel / MIB:.0f} MiB")
    print(f"Memória por trabalhador de correção (pico do professor a corrigir, ÷ 3): {por_trabalhador:.0f} MiB")
    print(f"Correção: {t['curso corrigir'] / n:.2f} s por caderno (inclui as guardas, fixas)")
    print()
    print(f"Projeção para {ALVO} alunos (linear a partir de {n}; mesma máquina de 2 núcleos):")
    print(f"  memória com todos os servidores abertos: {ALVO * por_aluno / 1024:.1f} GiB "
          f"(+ {kernel / MIB:.0f} MiB por kernel aberto)")
    for fase in ("arrancar os servidores", "alunos vão buscar", "alunos entregam",
                 "curso corrigir", "alunos vão buscar o retorno"):
        print(f"  {fase:<30} {t[fase]:7.1f} s com {n} → {t[fase] * ALVO / n / 60:6.1f} min com {ALVO}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
