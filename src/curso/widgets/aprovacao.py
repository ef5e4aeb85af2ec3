"""Painel de aprovação (humano no ciclo): «Aprovar» / «Rejeitar» a chamada exata que vai correr.

Como funciona, e porquê assim
=============================

Um kernel de Jupyter não consegue ficar parado à espera de um clique: enquanto uma célula corre, as
mensagens dos botões ficam na fila e só são tratadas quando a célula acaba. Há duas saídas:

(a) correr o ciclo de quem estuda numa *thread* à parte e dar-lhe uma função ``aprovar`` que bloqueia
    essa thread até chegar o clique (o clique é tratado pelo kernel, que está livre, e acorda a
    thread com um ``threading.Event``);
(b) reescrever o ciclo como um gerador que faz ``yield`` em cada aprovação.

Escolhemos (a). O exercício 6.3 pede um ciclo normal,
``correr_com_aprovacao(pedido, decidir, ferramentas, allowlist, irreversiveis, aprovar, max_steps=5)``,
que chama ``aprovar(ferramenta, argumentos) -> bool``; com (b) esse ciclo teria de ser reescrito
como gerador, e deixava de ser o mesmo código. Com (a) o **mesmo** ciclo serve nos dois casos: nas
verificações recebe uma função simples (``lambda f, a: False``); aqui recebe ``painel.aprovar``, que
tem exatamente essa assinatura. Nada muda no código de quem estuda.

Para nunca pendurar uma execução sem ninguém a olhar (por exemplo «Run All» sem browser, ou o
nbclient), cada espera tem um limite (``tempo_limite``): se ninguém responder, o pedido é
**rejeitado** e o painel diz que foi por tempo esgotado. ``painel.aprovar`` chamado na thread
principal recusa-se logo com uma explicação, porque aí o clique nunca poderia chegar.

Duas threads mexem no painel: a do ciclo (que põe e tira pedidos) e a do kernel (que trata o
clique). Por isso o estado dos botões sai de uma só regra — «há um pedido à espera e ainda ninguém
respondeu» ⇔ botões ativos — e **todo** o desenho acontece com o lock do painel na mão. Antes, o
clique desativava os botões depois de largar o lock; num kernel lento a thread do ciclo já tinha
mostrado o pedido seguinte (com os botões ativos) e esse desativar atrasado deixava-o sem botões
até ao fim do ``tempo_limite``.

Uso::

    painel = PainelAprovacao()
    painel.correr(correr_com_aprovacao, "Apaga o ficheiro x", decidir, ferramentas,
                  allowlist, irreversiveis, max_steps=5)   # aprovar=painel.aprovar é posto sozinho
    painel   # mostra o painel
"""

from __future__ import annotations

import copy
import json
import threading
from typing import Any, Callable

import ipywidgets as widgets

from curso.widgets._comum import (
    Componente,
    botao,
    caixa,
    cartao,
    cartao_resultado,
    esc,
    tabela,
    titulo,
)
from curso.widgets.traco import VisualizadorTraco


class PainelAprovacao(Componente):
    """Pede a uma pessoa que aprove cada ação irreversível de um ciclo que corre em segundo plano.

    ``PainelAprovacao(tempo_limite=300.0)``; ``correr(funcao_loop, *args, **kwargs)`` começa a
    execução; ``aprovar(ferramenta, argumentos) -> bool`` é o callback a dar ao ciclo.
    Atributos: ``pendente`` (o pedido à espera, ou ``None``), ``decisoes`` (cada pedido e o que lhe
    aconteceu), ``resultado`` e ``erro`` (o que o ciclo devolveu ou a exceção que lançou).
    """

    def __init__(self, tempo_limite: float = 300.0, titulo: str = "Aprovação humana"):
        self.tempo_limite = tempo_limite
        self.nome = titulo
        self._condicao = threading.Condition(threading.RLock())  # reentrante: _desenhar volta a pedi-lo
        self._resposta: bool | None = None
        self._fim = threading.Event()
        self._fim.set()  # ainda nada a correr
        self._fio: threading.Thread | None = None
        self.pendente: dict | None = None
        self.decisoes: list[dict] = []
        self.resultado: Any = None
        self.erro: BaseException | None = None

        self.botao_aprovar = botao("Aprovar", "success", "check", "deixa correr esta chamada")
        self.botao_rejeitar = botao("Rejeitar", "danger", "times", "recusa esta chamada")
        self.botao_aprovar.on_click(lambda _: self.responder(True))
        self.botao_rejeitar.on_click(lambda _: self.responder(False))
        self.cabecalho = widgets.HTML()
        self.painel_pedido = widgets.HTML()
        self.painel_estado = widgets.HTML()
        self.painel_decisoes = widgets.HTML()
        self.traco = VisualizadorTraco()
        self.widget = caixa(
            self.cabecalho,
            self.painel_pedido,
            widgets.HBox([self.botao_aprovar, self.botao_rejeitar]),
            self.painel_estado,
            self.painel_decisoes,
            self.traco.widget,
        )
        self._estado = "Ainda nada a correr. Usa painel.correr(o_teu_ciclo, ...)."
        self._desenhar()

    # ----------------------------------------------------------------- execução

    @property
    def a_correr(self) -> bool:
        return not self._fim.is_set()

    def correr(self, funcao_loop: Callable[..., Any], *args: Any, **kwargs: Any) -> "PainelAprovacao":
        """Corre ``funcao_loop(*args, aprovar=self.aprovar, **kwargs)`` numa thread e devolve o painel.

        Se já passares ``aprovar=...``, é esse que conta (útil para comparar com um callback fixo).
        """
        if self.a_correr:
            raise RuntimeError("Já há uma execução a decorrer neste painel: espera que acabe.")
        kwargs.setdefault("aprovar", self.aprovar)
        self.decisoes, self.resultado, self.erro = [], None, None
        self._fim.clear()
        self._estado = f"A correr {getattr(funcao_loop, '__name__', 'o ciclo')}…"
        self.traco.mostrar(None)
        self._desenhar()
        self._fio = threading.Thread(
            target=self._executar, args=(funcao_loop, args, kwargs), name="curso-aprovacao", daemon=True
        )
        self._fio.start()
        return self

    def _executar(self, funcao_loop, args, kwargs) -> None:
        try:
            self.resultado = funcao_loop(*args, **kwargs)
            self._estado = "A execução terminou."
            esgotados = sum(d["origem"] == "tempo esgotado" for d in self.decisoes)
            if esgotados:
                self._estado += (f" Atenção: {esgotados} pedido(s) rejeitado(s) porque ninguém respondeu"
                                 f" em {self.tempo_limite:g} s.")
        except BaseException as erro:  # noqa: BLE001 — mostrado no painel; a thread não pode rebentar em silêncio
            self.erro = erro
            self._estado = f"O ciclo terminou com um erro: {type(erro).__name__}: {erro}"
        finally:
            self._fim.set()
            self._desenhar()

    def esperar(self, timeout: float | None = None) -> bool:
        """Espera que a execução acabe; devolve ``True`` se acabou dentro do prazo."""
        return self._fim.wait(timeout)

    def esperar_pendente(self, timeout: float = 10.0) -> dict | None:
        """Espera até haver um pedido à espera de decisão (ou a execução acabar); devolve-o."""
        with self._condicao:
            self._condicao.wait_for(lambda: self.pendente is not None or not self.a_correr, timeout)
            return self.pendente

    # ----------------------------------------------------------------- aprovação

    def aprovar(self, ferramenta: str, argumentos: dict) -> bool:
        """O callback do exercício 6.3: bloqueia a thread do ciclo até alguém clicar (ou esgotar o tempo)."""
        if threading.current_thread() is threading.main_thread():
            raise RuntimeError(
                "painel.aprovar só funciona dentro de painel.correr(o_teu_ciclo, ...): na thread "
                "principal o kernel não consegue receber o clique enquanto a célula corre."
            )
        with self._condicao:
            if self.pendente is not None:
                raise RuntimeError("Já há um pedido de aprovação à espera neste painel.")
            self._resposta = None
            self.pendente = {"ferramenta": ferramenta, "argumentos": copy.deepcopy(argumentos)}
            self._estado = "À espera da tua decisão."
            self._desenhar()
            self._condicao.notify_all()
            respondeu = self._condicao.wait_for(lambda: self._resposta is not None, self.tempo_limite)
            pedido, self.pendente = self.pendente, None
            aprovada = bool(self._resposta) if respondeu else False
            origem = "pessoa" if respondeu else "tempo esgotado"
            self.decisoes.append({**pedido, "aprovada": aprovada, "origem": origem})
            self._estado = (
                ("Aprovado: o ciclo continua." if aprovada else "Rejeitado: o ciclo decide o que fazer.")
                if respondeu
                else f"Ninguém respondeu em {self.tempo_limite:g} s: o pedido foi rejeitado."
            )
            self._desenhar()
            self._condicao.notify_all()
        return aprovada

    def responder(self, aprovada: bool) -> None:
        """O que os botões fazem: entrega a decisão ao ciclo que está à espera."""
        with self._condicao:
            if self.pendente is None or self._resposta is not None:
                return
            self._resposta = aprovada
            self._estado = "A aplicar a tua decisão…"
            self._desenhar()  # ainda com o lock: o ciclo só avança depois de os botões se desativarem
            self._condicao.notify_all()

    @property
    def a_espera_de_decisao(self) -> bool:
        """Há um pedido mostrado e ainda ninguém lhe respondeu: só então os botões estão ativos."""
        with self._condicao:
            return self.pendente is not None and self._resposta is None

    # ----------------------------------------------------------------- desenho

    def _desenhar(self) -> None:
        # com o lock (reentrante) na mão: cada desenho mostra um estado inteiro e, como as mensagens
        # para o browser saem pela ordem dos desenhos, o último desenho enviado é o estado atual
        with self._condicao:
            self._desenhar_estado()

    def _desenhar_estado(self) -> None:
        self.cabecalho.value = titulo(esc(self.nome), "Aprova ou rejeita cada ação irreversível antes de correr.")
        pendente = self.pendente
        if pendente is not None:
            argumentos = json.dumps(pendente["argumentos"], ensure_ascii=False, indent=2, default=repr)
            self.painel_pedido.value = cartao(
                f"<b>O agente quer correr</b> <code>{esc(pendente['ferramenta'])}</code> com os argumentos:"
                f'<pre style="margin:4px 0;white-space:pre-wrap">{esc(argumentos)}</pre>'
                f"Se não responderes em {self.tempo_limite:g} s, o pedido é rejeitado.",
                "aviso",
            )
        else:
            self.painel_pedido.value = cartao("Nenhuma ação à espera de aprovação.", "neutro")
        self.botao_aprovar.disabled = self.botao_rejeitar.disabled = not self.a_espera_de_decisao
        estado = esc(self._estado)
        if not self.a_correr and self.erro is None and (self.resultado is not None or self.decisoes):
            estado += cartao_resultado(self.resultado, 300)
        self.painel_estado.value = f"<div>{estado}</div>"
        linhas = [
            [str(i), f"<code>{esc(d['ferramenta'])}</code>",
             f"<code>{esc(json.dumps(d['argumentos'], ensure_ascii=False, default=repr))}</code>",
             "✔ aprovada" if d["aprovada"] else "✘ rejeitada", esc(d["origem"])]
            for i, d in enumerate(self.decisoes, start=1)
        ]
        self.painel_decisoes.value = (
            "<b>Decisões</b>" + tabela(["#", "ferramenta", "argumentos", "decisão", "por"], linhas)
            if linhas else ""
        )
        if not self.a_correr and isinstance(self.resultado, dict) and "log" in self.resultado:
            self.traco.mostrar({k: v for k, v in self.resultado.items() if k != "concluido"})
