"""Explorador de custo: quanto custa uma execução de vários passos, e porque a média engana.

Cada passo é uma chamada ao modelo que reenvia a conversa toda: a chamada k envia
``tokens_base + (k - 1) * tokens_por_passo`` tokens de entrada, por isso o custo de uma execução é a
**soma dos prefixos** e cresce mais depressa do que o número de passos. Parte da entrada repetida
pode vir da cache (mais barata): a ``taxa_cache`` é a fração do pedido anterior (o prefixo que se
repete) servida pela cache; a primeira chamada nunca tem cache.

Os preços por omissão são **ilustrativos**, escolhidos para mostrar as proporções (saída mais cara do
que entrada, cache mais barata); não são os preços atuais de nenhum fornecedor. Põe os preços do teu
fornecedor nos cursores.
"""

from __future__ import annotations

import io
import random
from itertools import accumulate

import ipywidgets as widgets
import numpy as np

from curso.widgets._comum import Componente, caixa, cartao, titulo

# Valores de partida ilustrativos (US$ por milhão de tokens), não preços reais de hoje.
PRECOS_ILUSTRATIVOS = {"entrada": 2.0, "entrada_em_cache": 0.5, "saida": 8.0}


def calcular_custos(
    passos: int,
    tokens_base: int,
    tokens_por_passo: int,
    tokens_saida: int,
    preco_entrada: float,
    preco_entrada_cache: float,
    preco_saida: float,
    taxa_cache: float,
) -> dict:
    """Tokens e custo de cada chamada de uma execução com ``passos`` chamadas ao modelo."""
    entrada = [tokens_base + k * tokens_por_passo for k in range(passos)]
    em_cache = [0] + [round(taxa_cache * anterior) for anterior in entrada[:-1]]
    custo = [
        ((e - c) * preco_entrada + c * preco_entrada_cache + tokens_saida * preco_saida) / 1e6
        for e, c in zip(entrada, em_cache)
    ]
    acumulado = list(accumulate(custo))
    return {
        "tokens_entrada": entrada,
        "tokens_em_cache": em_cache,
        "custo_por_chamada": custo,
        "custo_acumulado": acumulado,
        "custo_total": acumulado[-1] if acumulado else 0.0,
    }


def distribuicao_ilustrativa(pedidos: int = 200, semente: int = 7) -> list[int]:
    """Passos por pedido num serviço imaginário: a maioria resolve em 2–5, alguns arrastam-se."""
    gerador = random.Random(semente)
    passos = []
    for _ in range(pedidos):
        n = gerador.choice([2, 3, 3, 4, 4, 5])
        while gerador.random() < 0.3 and n < 25:  # a cauda: pedidos que se enrolam
            n += gerador.randint(1, 3)
        passos.append(n)
    return passos


class ExploradorCusto(Componente):
    """Cursores → gráfico de tokens de entrada por chamada e custo acumulado, e média vs p95.

    ``ExploradorCusto(passos=10, tokens_base=3000, tokens_por_passo=700, tokens_saida=300,
    precos=PRECOS_ILUSTRATIVOS, taxa_cache=0.0, passos_observados=None)``.
    Atributos: ``cursores`` (nome → cursor), ``dados`` (o último cálculo), ``figura`` (matplotlib)
    e ``imagem`` (o widget com o PNG do gráfico).
    """

    def __init__(
        self,
        passos: int = 10,
        tokens_base: int = 3000,
        tokens_por_passo: int = 700,
        tokens_saida: int = 300,
        precos: dict | None = None,
        taxa_cache: float = 0.0,
        passos_observados: list[int] | None = None,
    ):
        precos = {**PRECOS_ILUSTRATIVOS, **(precos or {})}
        self.passos_observados = list(passos_observados or distribuicao_ilustrativa())
        if not self.passos_observados:
            raise ValueError("passos_observados não pode estar vazio")

        def inteiro(descricao, valor, minimo, maximo, passo):
            return widgets.IntSlider(value=valor, min=minimo, max=maximo, step=passo, description=descricao,
                                     continuous_update=False, style={"description_width": "14em"},
                                     layout=widgets.Layout(width="36em"))

        def real(descricao, valor, minimo, maximo, passo):
            return widgets.FloatSlider(value=valor, min=minimo, max=maximo, step=passo, description=descricao,
                                       continuous_update=False, readout_format=".2f",
                                       style={"description_width": "14em"}, layout=widgets.Layout(width="36em"))

        self.cursores = {
            "passos": inteiro("passos (chamadas)", passos, 1, 30, 1),
            "tokens_base": inteiro("tokens do prompt base", tokens_base, 0, 20000, 100),
            "tokens_por_passo": inteiro("tokens acrescentados/passo", tokens_por_passo, 0, 5000, 50),
            "tokens_saida": inteiro("tokens de saída/chamada", tokens_saida, 0, 4000, 50),
            "preco_entrada": real("US$/M entrada", precos["entrada"], 0, 30, 0.05),
            "preco_entrada_cache": real("US$/M entrada em cache", precos["entrada_em_cache"], 0, 30, 0.05),
            "preco_saida": real("US$/M saída", precos["saida"], 0, 100, 0.1),
            "taxa_cache": real("taxa de acerto da cache", taxa_cache, 0, 1, 0.05),
        }
        for cursor in self.cursores.values():
            cursor.observe(lambda _: self.atualizar(), names="value")
        self.imagem = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.resumo = widgets.HTML()
        from matplotlib.figure import Figure  # só aqui: importar o matplotlib custa meio segundo

        self.figura = Figure(figsize=(10, 3.2), dpi=80, layout="constrained")
        self.widget = caixa(
            widgets.HTML(titulo("Explorador de custo", "Preços ilustrativos: põe os do teu fornecedor.")),
            widgets.VBox(list(self.cursores.values())),
            self.imagem,
            self.resumo,
        )
        self.atualizar()

    def valores(self) -> dict:
        return {nome: cursor.value for nome, cursor in self.cursores.items()}

    def atualizar(self) -> None:
        """Recalcula tudo a partir dos cursores e redesenha o gráfico."""
        v = self.valores()
        self.dados = calcular_custos(**v)
        observados = np.array(self.passos_observados)
        media = float(observados.mean())
        p95 = int(np.percentile(observados, 95, method="inverted_cdf"))
        outros = {k: x for k, x in v.items() if k != "passos"}
        self.dados.update(
            media_passos=media,
            p95_passos=p95,
            custo_na_media=calcular_custos(passos=max(1, round(media)), **outros)["custo_total"],
            custo_no_p95=calcular_custos(passos=p95, **outros)["custo_total"],
        )
        self._desenhar()

    def _desenhar(self) -> None:
        d = self.dados
        self.figura.clear()
        eixo_tokens, eixo_custo, eixo_passos = self.figura.subplots(1, 3)
        chamadas = list(range(1, len(d["tokens_entrada"]) + 1))
        novos = [e - c for e, c in zip(d["tokens_entrada"], d["tokens_em_cache"])]
        eixo_tokens.bar(chamadas, novos, color="#1f4e8c", label="entrada sem cache")
        eixo_tokens.bar(chamadas, d["tokens_em_cache"], bottom=novos, color="#8fb3e0", label="entrada em cache")
        eixo_tokens.set(title="Tokens de entrada por chamada", xlabel="chamada")
        eixo_tokens.legend(fontsize=8)
        eixo_custo.plot(chamadas, d["custo_acumulado"], marker="o", color="#b3261e")
        eixo_custo.set(title="Custo acumulado (US$)", xlabel="chamada")
        eixo_passos.hist(self.passos_observados, bins=range(1, max(self.passos_observados) + 2), color="#999999")
        eixo_passos.axvline(d["media_passos"], color="#1b7f3b", label=f"média {d['media_passos']:.1f}")
        eixo_passos.axvline(d["p95_passos"], color="#b3261e", linestyle="--", label=f"p95 {d['p95_passos']}")
        eixo_passos.set(title="Passos por pedido", xlabel="passos")
        eixo_passos.legend(fontsize=8)
        buffer = io.BytesIO()
        self.figura.savefig(buffer, format="png")
        self.imagem.value = buffer.getvalue()
        total_tokens = f'{sum(d["tokens_entrada"]):,}'.replace(",", " ")
        self.resumo.value = cartao(
            f"Esta execução: <b>{len(chamadas)}</b> chamadas, <b>{total_tokens}</b> tokens de entrada "
            f"no total, custo <b>US$ {d['custo_total']:.4f}</b>.<br>"
            f"Nos pedidos observados: média <b>{d['media_passos']:.1f}</b> passos "
            f"(US$ {d['custo_na_media']:.4f} por pedido), p95 <b>{d['p95_passos']}</b> passos "
            f"(US$ {d['custo_no_p95']:.4f}). Planeia o orçamento pelo p95, não pela média.",
            "info",
        )
