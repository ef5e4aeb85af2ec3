"""``calcular_com_limites`` (exercício 2.7) contra entradas hostis: sempre ValueError, sempre rápido (≤ 50 ms).

Usa a solução de ``solutions/cap02`` (ou outro caderno com ``--caderno``). Mede o pior tempo por
entrada num conjunto fixo de ataques conhecidos e em textos aleatórios gerados pela hypothesis.
Uso: python benchmarks/calcular.py [--caderno CAMINHO] [--aleatorios 2000]
"""

from __future__ import annotations

import argparse
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from curso.caderno import carregar
from curso.raiz import raiz_do_curso

HOSTIS = [
    "9**9**9", "10**100000", "2**101", "(-1)**0.5", "1/0", "5%0", "7//0",
    "__import__('os').system('echo pwned')", "().__class__.__base__.__subclasses__()",
    "open('/etc/passwd').read()", "lambda: 1", "[x for x in range(10**9)]", "'a'*10**9",
    "1 if True else 2", "True + 1", "1 < 2", "a.b", "x[0]", "{1: 2}", "print(1)",
    "(" * 5000 + "1" + ")" * 5000, "1+" * 600 + "1", "-" * 10000 + "1", "9" * 101,
    "1" * 2000, "((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))",
]


def _medir(calcular, expressao):
    inicio = time.perf_counter()
    try:
        calcular(expressao)
        resultado = "aceite"
    except ValueError:
        resultado = "ValueError"
    except BaseException as erro:  # noqa: BLE001 — é isto que queremos apanhar
        resultado = type(erro).__name__
    return time.perf_counter() - inicio, resultado


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--caderno", default=str(raiz_do_curso() / "solutions/cap02/cap02.ipynb"))
    parser.add_argument("--aleatorios", type=int, default=2000)
    args = parser.parse_args()
    calcular = carregar(args.caderno).calcular_com_limites

    piores, aceites = [], []
    for expressao in HOSTIS:
        segundos, resultado = _medir(calcular, expressao)
        piores.append((segundos, expressao[:40]))
        if resultado != "ValueError":
            aceites.append((expressao[:40], resultado))

    aleatorios = []

    @settings(max_examples=args.aleatorios, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.text(alphabet="0123456789+-*/%().e _abcdefxyz'[]<>=!", max_size=200))
    def fuzz(expressao):
        aleatorios.append(_medir(calcular, expressao)[0])

    fuzz()
    print(f"calcular_com_limites: {len(HOSTIS)} ataques conhecidos e {len(aleatorios)} textos aleatórios")
    segundos, qual = max(piores)
    print(f"  pior ataque conhecido : {segundos * 1000:8.2f} ms  ({qual!r}…)   objetivo ≤ 50 ms")
    print(f"  pior texto aleatório  : {max(aleatorios) * 1000:8.2f} ms")
    print(f"  ataques que não deram ValueError: {aceites or 'nenhum'}")


if __name__ == "__main__":
    main()
