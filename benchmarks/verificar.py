"""Quanto custa verificar: ``verificar("N.M")`` num kernel real, ao lado de uma célula de asserts simples.

Mede, num kernel IPython novo (como o de quem estuda):
- a primeira chamada de ``verificar`` depois das células do caderno (inclui importar as
  verificações do capítulo e o que elas importam);
- as chamadas seguintes;
- a referência: uma célula só com ``assert``s (as dos testes escondidos do mesmo exercício).

Com ``--todos`` mede a primeira chamada de cada exercício do curso, cada uma em ``--kernels``
kernels novos, e guarda o **mínimo**: numa máquina partilhada os outros processos só somam tempo,
por isso o mínimo é o que mais se aproxima de uma máquina sossegada.

Uso: python benchmarks/verificar.py [--exercicio 1.1] [--repeticoes 20]
     python benchmarks/verificar.py --todos [--kernels 3] [--so 2.3,4.4]
Objetivo (docs/desenho.md): primeira chamada ≤ 0,3 s; seguintes ≤ 0,1 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from jupyter_client.manager import start_new_kernel

from curso.caderno import e_celula_de_verificacao

RAIZ = Path(__file__).resolve().parents[1]
OBJETIVO_PRIMEIRA = 0.3


def _celulas(capitulo: int, ident: str) -> tuple[list[str], str]:
    """O código da solução (sem verificações) e os asserts escondidos do exercício."""
    nb = json.loads((RAIZ / f"solutions/cap{capitulo:02d}/cap{capitulo:02d}.ipynb").read_text())
    codigo, escondidos = [], ""
    for celula in nb["cells"]:
        fonte = "".join(celula["source"])
        if celula["cell_type"] != "code":
            continue
        if e_celula_de_verificacao(celula):
            if celula["metadata"]["nbgrader"]["grade_id"] == f"ex{ident.replace('.', '_')}_verificacao":
                inicio = fonte.index("### BEGIN HIDDEN TESTS") + len("### BEGIN HIDDEN TESTS")
                escondidos = fonte[inicio:fonte.index("### END HIDDEN TESTS")]
            continue
        codigo.append(fonte)
    return codigo, escondidos


def _exercicios() -> list[str]:
    """Todos os exercícios, pela ordem do curso, lidos das células de verificação das soluções."""
    idents = []
    for caminho in sorted(RAIZ.glob("solutions/cap*/cap*.ipynb")):
        for celula in json.loads(caminho.read_text())["cells"]:
            grade_id = celula.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
            if grade_id.startswith("ex") and grade_id.endswith("_verificacao"):
                idents.append(grade_id[2:-len("_verificacao")].replace("_", "."))
    return idents


def _executar(cliente, codigo: str, **opcoes) -> float:
    inicio = time.perf_counter()
    resposta = cliente.execute_interactive(codigo, timeout=60, output_hook=lambda msg: None, **opcoes)
    duracao = time.perf_counter() - inicio
    if resposta["content"]["status"] != "ok":
        raise RuntimeError(f"a célula falhou: {resposta['content'].get('evalue')}")
    _executar.resposta = resposta
    return duracao


def _com_cpu(cliente, codigo: str) -> tuple[float, float]:
    """Tempo de relógio da célula e tempo de CPU do kernel a corrê-la.

    Numa máquina ocupada o relógio inclui a espera pelo processador; o tempo de CPU do kernel
    não, e por isso aproxima-se do que se veria numa máquina sossegada.
    """
    envolvido = (f"import time as _relogio\n_cpu0 = _relogio.process_time()\n{codigo}\n"
                 "_cpu = _relogio.process_time() - _cpu0")
    relogio = _executar(cliente, envolvido, user_expressions={"cpu": "_cpu"})
    cpu = float(_executar.resposta["content"]["user_expressions"]["cpu"]["data"]["text/plain"])
    return relogio, cpu


def medir(ident: str, repeticoes: int) -> tuple[tuple[float, float], list[float], list[float]]:
    """Primeira chamada (relógio, CPU), chamadas seguintes e células de asserts, num kernel novo."""
    capitulo = int(ident.split(".")[0])
    codigo, escondidos = _celulas(capitulo, ident)
    gestor, cliente = start_new_kernel(kernel_name="python3", cwd=str(RAIZ / f"solutions/cap{capitulo:02d}"))
    try:
        for fonte in codigo:
            _executar(cliente, fonte)
        primeira = _com_cpu(cliente, f'verificar("{ident}")')
        seguintes = [_executar(cliente, f'verificar("{ident}")') for _ in range(repeticoes)]
        referencia = [_executar(cliente, escondidos) for _ in range(repeticoes)]
    finally:
        cliente.stop_channels()
        gestor.shutdown_kernel(now=True)
    return primeira, seguintes, referencia


def um_exercicio(ident: str, repeticoes: int) -> None:
    (primeira, cpu), seguintes, referencia = medir(ident, repeticoes)
    mediana = statistics.median
    print(f"verificar(\"{ident}\") num kernel novo ({repeticoes} repetições)")
    print(f"  primeira chamada (com importações) : {primeira * 1000:7.1f} ms   objetivo ≤ 300 ms")
    print(f"  primeira chamada, CPU do kernel    : {cpu * 1000:7.1f} ms")
    print(f"  chamadas seguintes (mediana)       : {mediana(seguintes) * 1000:7.1f} ms   objetivo ≤ 100 ms")
    print(f"  chamadas seguintes (pior)          : {max(seguintes) * 1000:7.1f} ms")
    print(f"  referência: célula de asserts      : {mediana(referencia) * 1000:7.1f} ms (mediana)")


def todos(kernels: int, escolhidos: list[str] | None = None) -> None:
    print(f"primeira chamada de verificar, mínimo de {kernels} kernel(s) novo(s) por exercício")
    print("| exercício | 1.ª chamada, relógio (ms) | 1.ª chamada, CPU do kernel (ms) | seguintes, mediana (ms) |")
    print("|---|---:|---:|---:|")
    acima = []
    for ident in escolhidos or _exercicios():
        medidas = [medir(ident, 3) for _ in range(kernels)]
        primeira = min(m[0][0] for m in medidas)
        cpu = min(m[0][1] for m in medidas)
        seguinte = min(statistics.median(m[1]) for m in medidas)
        print(f"| {ident} | {primeira * 1000:.0f} | {cpu * 1000:.0f} | {seguinte * 1000:.0f} |", flush=True)
        if cpu > OBJETIVO_PRIMEIRA:
            acima.append(ident)
    print(f"CPU da 1.ª chamada acima de {OBJETIVO_PRIMEIRA * 1000:.0f} ms: {', '.join(acima) or 'nenhum'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exercicio", default="1.1")
    parser.add_argument("--repeticoes", type=int, default=20)
    parser.add_argument("--todos", action="store_true", help="todos os exercícios (só a 1.ª chamada)")
    parser.add_argument("--kernels", type=int, default=3, help="kernels novos por exercício, com --todos")
    parser.add_argument("--so", metavar="N.M,...", help="com --todos, só estes exercícios (ex.: 2.3,4.4)")
    args = parser.parse_args()
    if args.todos:
        todos(args.kernels, args.so.split(",") if args.so else None)
    else:
        um_exercicio(args.exercicio, args.repeticoes)


if __name__ == "__main__":
    main()
