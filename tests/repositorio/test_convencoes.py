"""As convenções dos exercícios (docs/contrato.md): ids, células de solução e de verificação, e
o título e os pontos de cada exercício iguais em todos os sítios onde aparecem (curso.mapa)."""

import pytest

from curso.mapa import mapa_do_capitulo
from curso.verificacao import exercicios_do_capitulo

from ._cadernos import CAPITULOS, ler, solucao


@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_cada_exercicio_tem_solucao_e_verificacao(capitulo):
    celulas = ler(solucao(capitulo))["cells"]
    por_id = {c["metadata"]["nbgrader"]["grade_id"]: c for c in celulas
              if "nbgrader" in c.get("metadata", {})}
    for ident in exercicios_do_capitulo(capitulo):
        base = "ex" + ident.replace(".", "_")
        assert base in por_id, f"falta a célula de solução {base}"
        assert por_id[base]["metadata"]["nbgrader"]["solution"] is True
        assert "BEGIN SOLUTION" in "".join(por_id[base]["source"]), f"{base}: sem ### BEGIN SOLUTION"
        verif = por_id.get(base + "_verificacao")
        assert verif, f"falta a célula de verificação {base}_verificacao"
        meta = verif["metadata"]["nbgrader"]
        assert meta["grade"] and meta["locked"] and 1 <= meta["points"] <= 3, f"{base}: {meta}"
        fonte = "".join(verif["source"])
        assert fonte.startswith(f'verificar("{ident}")'), f"{base}_verificacao começa por {fonte[:30]!r}"
        indice = celulas.index(verif)
        assert celulas[indice - 1] is por_id[base], f"{base}: a verificação vem logo a seguir à solução"


@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_titulo_e_pontos_iguais_em_todos_os_sitios(capitulo):
    """Enunciado, metadados do nbgrader (solutions/ e exercises/) e verificações dizem o mesmo."""
    exercicios = mapa_do_capitulo(capitulo)
    assert exercicios, f"o capítulo {capitulo} não tem exercícios"
    problemas = [f"{ex.ident}: {p}" for ex in exercicios for p in ex.problemas()]
    assert not problemas, "o mesmo exercício diz coisas diferentes em sítios diferentes " \
        "(curso mapa N mostra onde):\n" + "\n".join(problemas)
