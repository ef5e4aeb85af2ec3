"""Prova 7: cada verificação pública rejeita pelo menos dois erros plausíveis (issue 26).

Cada método ``test_*`` de cada ``TestExN_M`` tem de dar ✘ em pelo menos ``MINIMO`` mutantes
escritos à mão do seu exercício (``tests/mutantes/``). Uma verificação que só um mutante faz
falhar pode estar a testar um pormenor da solução e não o comportamento; com dois erros
diferentes apanhados, sabe-se que distingue o certo do errado. As propriedades genéricas
(``propriedade_*``) ficam de fora: são provadas à parte (``tests/curso/test_propriedades.py``).

As rejeições vêm do mesmo cálculo por capítulo que ``test_requisitos.py`` usa (``_rejeicoes``).
"""

from __future__ import annotations

import pytest

from curso.requisitos import mutantes_de
from curso.verificacao import exercicios_do_capitulo, metodos_de, selecionar

from ._cadernos import CAPITULOS
from ._rejeicoes import rejeicoes_do_capitulo

MINIMO = 2
EXERCICIOS = [ident for capitulo in CAPITULOS for ident in exercicios_do_capitulo(capitulo)]


def quem_rejeita(ident: str) -> dict[str, list[str]]:
    """``{método test_*: [mutantes do exercício que ele rejeita]}``."""
    rejeicoes = rejeicoes_do_capitulo(int(ident.split(".")[0]))
    apanhados: dict[str, list[str]] = {m: [] for m in metodos_de(selecionar(ident)[ident])}
    for caminho in mutantes_de(ident):
        rejeitado = rejeicoes[caminho.name]
        for metodo in rejeitado if isinstance(rejeitado, list) else ():
            if metodo in apanhados:
                apanhados[metodo].append(caminho.stem)
    return apanhados


@pytest.mark.parametrize("ident", EXERCICIOS)
def test_cada_verificacao_rejeita_dois_mutantes(ident):
    poucos = {m: nomes for m, nomes in quem_rejeita(ident).items() if len(nomes) < MINIMO}
    assert not poucos, (
        f"{ident}: verificações que rejeitam menos de {MINIMO} mutantes escritos à mão "
        f"(tests/mutantes/cap{int(ident.split('.')[0]):02d}/):\n"
        + "\n".join(f"  {m}: {', '.join(nomes) or 'nenhum'}" for m, nomes in poucos.items())
        + "\nEscreve o erro que um aluno faria lendo a frase do requisito dessa verificação.")
