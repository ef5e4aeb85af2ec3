"""Componentes interativos do curso (ipywidgets 8).

Cada componente é um objeto com ``.widget`` e aparece sozinho quando é o valor de uma célula::

    from curso.widgets import PassoAPasso
    PassoAPasso(pedido, decidir, ferramentas)

O ``curso`` não importa este pacote sozinho, e o matplotlib só é carregado quando crias um
``ExploradorCusto``: as verificações dos exercícios continuam rápidas.
"""

from curso.widgets.aprovacao import PainelAprovacao
from curso.widgets.custo import ExploradorCusto, calcular_custos
from curso.widgets.passo_a_passo import PassoAPasso
from curso.widgets.progresso import PainelProgresso
from curso.widgets.quiz import Quiz
from curso.widgets.traco import VisualizadorTraco

__all__ = [
    "PassoAPasso",
    "PainelAprovacao",
    "VisualizadorTraco",
    "ExploradorCusto",
    "calcular_custos",
    "Quiz",
    "PainelProgresso",
]
