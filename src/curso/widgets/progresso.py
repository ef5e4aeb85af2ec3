"""Painel de progresso: a versão em widget de ``curso progresso``.

Por capítulo e exercício mostra o que passou, o que está a falhar e o que ainda não foi começado,
e diz qual é o próximo passo. O botão «Atualizar» volta a correr as verificações (grava o caderno
de exercícios antes, para que as tuas alterações contem).
"""

from __future__ import annotations

from collections import Counter
from itertools import groupby
from pathlib import Path
from typing import Callable

import ipywidgets as widgets

from curso.estados import Estado
from curso.widgets._comum import Componente, botao, caixa, cartao, esc, tabela, titulo

# o aspeto de cada estado no painel: sinal e destaque da linha (o nome vem de ``Estado.rotulo``)
ESTADOS = {
    Estado.PASSOU: ("✔", "ok"),
    Estado.FALHOU: ("✘", "erro"),
    Estado.POR_FAZER: ("○", "neutro"),
}


class PainelProgresso(Componente):
    """``PainelProgresso(pasta=None, recolher=None, proximo_passo=None)``.

    Por omissão usa ``curso.progresso.recolher(pasta)`` e ``curso.progresso.proximo_passo``; podes
    dar outras funções (útil em testes ou para mostrar dados de exemplo). ``atualizar()`` faz o
    mesmo que o botão. Atributos: ``itens``, ``contagens`` (estado → quantos), ``proximo`` e ``erro``.
    """

    def __init__(
        self,
        pasta: str | Path | None = None,
        recolher: Callable[[], list[dict]] | None = None,
        proximo_passo: Callable[[list[dict]], str] | None = None,
    ):
        self.pasta = pasta
        self._recolher = recolher
        self._proximo_passo = proximo_passo
        self.itens: list[dict] = []
        self.contagens: Counter = Counter()
        self.proximo = ""
        self.erro: str | None = None
        self.botao_atualizar = botao("Atualizar", "primary", "refresh", "volta a correr as verificações")
        self.botao_atualizar.on_click(lambda _: self.atualizar())
        self.painel = widgets.HTML()
        self.widget = caixa(widgets.HTML(titulo("O teu progresso")), self.botao_atualizar, self.painel)
        self.atualizar()

    def atualizar(self) -> None:
        self.botao_atualizar.disabled = True
        # correr as verificações dos nove cadernos demora uns segundos: diz-se logo o que se passa
        self.painel.value = cartao("A verificar os teus cadernos de exercícios… (uns segundos)", "info")
        try:
            recolher, proximo_passo = self._recolher, self._proximo_passo
            if recolher is None or proximo_passo is None:
                from curso import progresso

                recolher = recolher or (lambda: progresso.recolher(self.pasta))
                proximo_passo = proximo_passo or progresso.proximo_passo
            self.itens = list(recolher())
            self.proximo = proximo_passo(self.itens)
            self.erro = None
        except Exception as erro:  # noqa: BLE001 — um caderno estragado não pode rebentar o painel
            self.erro = f"{type(erro).__name__}: {erro}"
        finally:
            self.botao_atualizar.disabled = False
        self.contagens = Counter(item["estado"] for item in self.itens)
        self._desenhar()

    def _desenhar(self) -> None:
        if self.erro:
            self.painel.value = cartao(f"Não consegui ler o progresso: {esc(self.erro)}", "erro")
            return
        total = len(self.itens)
        resumo = " · ".join(
            f"{simbolo} {self.contagens.get(estado, 0)} {estado.rotulo}"
            for estado, (simbolo, _) in ESTADOS.items()
        )
        feitos_total = self.contagens.get(Estado.PASSOU, 0)
        partes = [f"<div><b>{feitos_total}/{total}</b> exercícios feitos — {resumo}</div>"]
        for capitulo, grupo in groupby(sorted(self.itens, key=lambda i: i["capitulo"]), key=lambda i: i["capitulo"]):
            grupo = list(grupo)
            feitos = sum(i["estado"] == Estado.PASSOU for i in grupo)
            linhas, destaques = [], {}
            for n, item in enumerate(grupo):
                estado = item["estado"]
                simbolo, tipo = ESTADOS.get(estado, ("?", "neutro"))
                nome = Estado(estado).rotulo if estado in ESTADOS else str(estado)
                linhas.append([f"{simbolo} {esc(nome)}", esc(item["id"]), esc(item.get("titulo", "")),
                               esc(item.get("detalhe", ""))])
                if tipo != "neutro":
                    destaques[n] = tipo
            partes.append(
                f"<details open><summary><b>Capítulo {esc(capitulo)}</b> ({feitos}/{len(grupo)})</summary>"
                + tabela(["estado", "exercício", "título", "detalhe"], linhas, destaques)
                + "</details>"
            )
        partes.append(cartao(f"<b>Próximo passo:</b> {esc(self.proximo)}", "info"))
        self.painel.value = "".join(partes)
