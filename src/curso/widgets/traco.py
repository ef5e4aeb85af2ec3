"""Visualizador de traço: o registo de uma execução como uma tabela legível.

Aceita um «Resultado de uma execução» (``{"concluido", "log", "resposta" | "motivo"}``), o
resultado do capítulo 1 (com ``"historico"``) ou só a lista de passos. Cada «Passo» é uma linha:
passo, ferramenta, argumentos, resultado, aprovada/rejeitada (com o motivo), tempo e tokens. O motivo
de paragem aparece destacado por cima da tabela, e os valores longos são truncados (o texto
completo fica na dica que aparece ao passar o rato).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from curso.widgets._comum import Componente, cartao_resultado, codigo, esc, tabela, titulo

COLUNAS = ["Passo", "Ferramenta", "Argumentos", "Resultado", "Aprovada", "Tempo", "Tokens"]


def _tokens(valor: Any) -> str:
    if isinstance(valor, dict):  # um ``usage`` da API
        entrada = valor.get("prompt_tokens", valor.get("entrada", "?"))
        saida = valor.get("completion_tokens", valor.get("saida", "?"))
        return f"{entrada} → {saida}"
    return "" if valor is None else esc(valor)


def _tempo(passo: dict) -> str:
    segundos = passo.get("segundos", passo.get("tempo"))
    if isinstance(segundos, (int, float)):
        return f"{segundos:.2f} s"
    return "" if segundos is None else esc(segundos)


class VisualizadorTraco(Componente):
    """Tabela de um traço. ``VisualizadorTraco(resultado, max_caracteres=60)``.

    ``mostrar(resultado)`` troca o traço mostrado. Atributos: ``log`` (os passos),
    ``linhas`` (o texto visível de cada célula) e ``resultado``.
    """

    def __init__(self, resultado: dict | list | None = None, max_caracteres: int = 60):
        self.max_caracteres = max_caracteres
        self.painel_resumo = widgets.HTML()
        self.painel_tabela = widgets.HTML()
        self.widget = widgets.VBox([self.painel_resumo, self.painel_tabela])
        self.mostrar(resultado)

    def mostrar(self, resultado: dict | list | None) -> None:
        if isinstance(resultado, dict):
            self.resultado = resultado
            self.log = list(resultado.get("log", resultado.get("historico", [])) or [])
        else:
            self.resultado = None
            self.log = list(resultado or [])
        self.linhas = [self._linha(i, p) for i, p in enumerate(self.log, start=1)]
        self._desenhar()

    def _linha(self, numero: int, passo: dict) -> list[str]:
        if "aprovada" not in passo:
            aprovada = ""
        elif passo["aprovada"]:
            aprovada = "✔ aprovada"
        else:
            aprovada = f"✘ rejeitada: {passo.get('motivo_rejeicao', '(sem motivo)')}"
        ferramenta = passo.get("ferramenta")
        return [
            str(passo.get("passo", numero)),
            "—" if ferramenta is None else str(ferramenta),
            codigo(passo.get("argumentos"), self.max_caracteres),
            codigo(passo.get("resultado"), self.max_caracteres),
            esc(aprovada),
            _tempo(passo),
            _tokens(passo.get("tokens")),
        ]

    def _desenhar(self) -> None:
        resumo = titulo("Traço da execução", f"{len(self.log)} passo(s)")
        if self.resultado is not None and "concluido" in self.resultado:
            resumo += cartao_resultado(self.resultado, self.max_caracteres * 3)
        self.painel_resumo.value = resumo
        if not self.linhas:
            self.painel_tabela.value = '<div style="color:#555">(nenhum passo registado)</div>'
            return
        # colunas vazias em todos os passos (p. ex. sem tempos) não ocupam espaço
        usadas = [j for j in range(len(COLUNAS)) if j < 2 or any(linha[j] for linha in self.linhas)]
        rejeitadas = {i: "erro" for i, p in enumerate(self.log) if p.get("aprovada") is False}
        self.painel_tabela.value = tabela(
            [COLUNAS[j] for j in usadas],
            [[linha[j] if j != 1 else esc(linha[j]) for j in usadas] for linha in self.linhas],
            rejeitadas,
        )
