"""As convenções de CURSO.md: ids, células de solução e de verificação, pontos."""

import pytest

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
