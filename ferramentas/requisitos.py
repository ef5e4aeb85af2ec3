"""Validar os requisitos e os mutantes de exercícios, para quem os escreve.

Uso:
    .venv/bin/python ferramentas/requisitos.py 1.1 [1.3 …]
    .venv/bin/python ferramentas/requisitos.py 4        (todos os exercícios do capítulo 4)

Para cada exercício mostra: os problemas da lista de requisitos (frase fora do enunciado,
verificação que não existe, verificação que nenhum requisito cobre, ids repetidos); para cada
mutante, as verificações que o rejeitam (✘) e se respeita o contrato — tem a linha
«Requisito: rK», é rejeitado por pelo menos uma verificação dos seus requisitos e por nenhuma
de fora; e, por fim, os requisitos sem um mutante só deles. Sai com 1 se houver problemas.
"""

from __future__ import annotations

import sys
from pathlib import Path

from curso.caderno import carregar
from curso.raiz import ErroDoCurso, caderno_de_exercicios, capitulo_de, raiz_do_curso
from curso.requisitos import mutantes_de, problemas, requisitos_de, requisitos_do_mutante
from curso.verificacao import (
    DICA_NOME_EM_FALTA,
    FALHOU,
    PASSOU,
    correr_verificacao,
    exercicios_do_capitulo,
    metodos_de,
    selecionar,
)

try:  # com as propriedades genéricas (curso.propriedades), as linhas propriedade_* também contam
    from curso.verificacao import correr_exercicio
except ImportError:  # um ramo que copiou só esta ferramenta e curso/requisitos.py
    correr_exercicio = None

_cadernos: dict[int, object] = {}


def caderno_de_solucoes(capitulo: int):
    if capitulo not in _cadernos:
        _cadernos[capitulo] = carregar(caderno_de_exercicios(capitulo, raiz_do_curso() / "solutions"))
    return _cadernos[capitulo]


def resultados(ident: str, nb) -> list[tuple[str, object]]:
    """``(nome, resultado)`` de cada verificação do exercício (``test_*`` e ``propriedade_*``)."""
    classe = selecionar(ident)[ident]
    if correr_exercicio is not None:
        return [(r.metodo, r) for r in correr_exercicio(ident, classe, nb)]
    return [(m, correr_verificacao(ident, classe, m, nb)) for m in metodos_de(classe)]


def rejeicoes(ident: str, nb) -> list[str]:
    """Os nomes (``test_*``/``propriedade_*``) das verificações que dão ✘ por causa do código."""
    return [nome for nome, r in resultados(ident, nb)
            if r.estado == FALHOU and not r.mensagem.startswith(DICA_NOME_EM_FALTA)]


def validar(ident: str) -> int:
    """Mostra o estado de um exercício; devolve o número de problemas."""
    capitulo = capitulo_de(ident)
    print(f"Exercício {ident}")
    erros = 0
    for p in problemas(ident):
        print(f"  ✘ requisitos: {p}")
        erros += 1
    requisitos = {r.id: r for r in requisitos_de(ident)}
    for r in requisitos.values():
        onde = " [cabecalho]" if r.celula == "cabecalho" else ""
        print(f"  {r.id}{onde}: «{r.frase}» → {', '.join(r.verificacoes)}")
    nb = caderno_de_solucoes(capitulo)
    for nome, r in resultados(ident, nb):
        if r.estado != PASSOU:
            print(f"  ✘ a solução não passa em {nome}: {r.mensagem.splitlines()[0]}")
            erros += 1
    proprios: dict[str, list[str]] = {rid: [] for rid in requisitos}
    for caminho in mutantes_de(ident):
        codigo = caminho.read_text(encoding="utf-8")
        dele = requisitos_do_mutante(codigo)
        try:
            rejeitado = rejeicoes(ident, nb.com(codigo, caminho.name))
        except Exception as erro:  # noqa: BLE001 — um mutante que nem carrega
            print(f"  ✘ {caminho.name}: nem carrega ({type(erro).__name__}: {erro})")
            erros += 1
            continue
        permitidas = {v for rid in dele or () if rid in requisitos for v in requisitos[rid].verificacoes}
        avisos = []
        if dele is None:
            avisos.append("falta a linha «Requisito: rK» na docstring")
        else:
            avisos += [f"não há requisito {rid}" for rid in dele if rid not in requisitos]
        if not rejeitado:
            avisos.append("sobrevive: nenhuma verificação o rejeita")
        elif dele is not None:
            if not set(rejeitado) & permitidas:
                avisos.append("nenhuma verificação dos seus requisitos o rejeita")
            fora = [v for v in rejeitado if v not in permitidas]
            if fora:
                avisos.append(f"rejeitado por verificações fora dos seus requisitos: {', '.join(fora)}")
        if dele is not None and len(dele) == 1 and dele[0] in proprios and not avisos:
            proprios[dele[0]].append(caminho.name)
        marca = "✘" if avisos else "✔"
        print(f"  {marca} {caminho.name} [Requisito: {', '.join(dele) if dele else '—'}] "
              f"rejeitado por: {', '.join(rejeitado) or 'nada'}")
        for aviso in avisos:
            print(f"      {aviso}")
        erros += len(avisos)
    for rid, nomes in proprios.items():
        if not nomes:
            print(f"  ✘ {rid}: não tem nenhum mutante só dele (e que respeite o contrato)")
            erros += 1
    return erros


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    pedidos = []
    try:
        for arg in argv:
            capitulo = capitulo_de(arg)
            exercicios = exercicios_do_capitulo(capitulo)
            if "." in arg:
                ident = f"{capitulo}.{int(arg.split('.')[1])}"
                if ident not in exercicios:
                    raise ErroDoCurso(f"Não conheço o exercício {ident}.")
                pedidos.append(ident)
            else:
                pedidos.extend(exercicios)
    except ErroDoCurso as erro:
        print(f"✘ {erro}", file=sys.stderr)
        return 2
    total = 0
    for ident in pedidos:
        total += validar(ident)
        print()
    print("Tudo certo." if not total else f"{total} problema(s).")
    return 1 if total else 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    sys.exit(main(sys.argv[1:]))
