"""Quanto custa verificar: ``verificar("N.M")`` num kernel real, ao lado de uma célula de asserts simples.

Mede, num kernel IPython novo (como o de quem estuda):
- a primeira chamada de ``verificar`` depois das células do caderno (inclui importar as
  verificações do capítulo e o que elas importam);
- as chamadas seguintes;
- a referência: uma célula só com ``assert``s (as dos testes escondidos do mesmo exercício).

Uso: python benchmarks/verificar.py [--exercicio 1.1] [--repeticoes 20]
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


def _executar(cliente, codigo: str) -> float:
    inicio = time.perf_counter()
    resposta = cliente.execute_interactive(codigo, timeout=60, output_hook=lambda msg: None)
    duracao = time.perf_counter() - inicio
    if resposta["content"]["status"] != "ok":
        raise RuntimeError(f"a célula falhou: {resposta['content'].get('evalue')}")
    return duracao


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exercicio", default="1.1")
    parser.add_argument("--repeticoes", type=int, default=20)
    args = parser.parse_args()
    capitulo = int(args.exercicio.split(".")[0])
    codigo, escondidos = _celulas(capitulo, args.exercicio)

    gestor, cliente = start_new_kernel(kernel_name="python3", cwd=str(RAIZ / f"solutions/cap{capitulo:02d}"))
    try:
        for fonte in codigo:
            _executar(cliente, fonte)
        primeira = _executar(cliente, f'verificar("{args.exercicio}")')
        seguintes = [_executar(cliente, f'verificar("{args.exercicio}")') for _ in range(args.repeticoes)]
        referencia = [_executar(cliente, escondidos) for _ in range(args.repeticoes)]
    finally:
        cliente.stop_channels()
        gestor.shutdown_kernel(now=True)

    mediana = statistics.median
    print(f"verificar(\"{args.exercicio}\") num kernel novo ({args.repeticoes} repetições)")
    print(f"  primeira chamada (com importações) : {primeira * 1000:7.1f} ms   objetivo ≤ 300 ms")
    print(f"  chamadas seguintes (mediana)       : {mediana(seguintes) * 1000:7.1f} ms   objetivo ≤ 100 ms")
    print(f"  chamadas seguintes (pior)          : {max(seguintes) * 1000:7.1f} ms")
    print(f"  referência: célula de asserts      : {mediana(referencia) * 1000:7.1f} ms (mediana)")


if __name__ == "__main__":
    main()
