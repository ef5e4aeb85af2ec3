"""ReAct passo a passo: o ciclo pensar → agir → observar, uma fase por clique.

Cada clique em «Passo seguinte» faz **uma** fase:

* **pensar** — chama ``decidir(pedido, historico)`` e mostra a decisão;
* **agir** — corre a ferramenta escolhida com os argumentos da decisão;
* **observar** — junta ``{"ferramenta", "argumentos", "resultado"}`` ao histórico.

A pseudo-ferramenta ``"responder_final"`` com ``{"texto"}`` termina a execução; ao fim de
``max_passos`` voltas sem resposta termina com o motivo ``"max_steps atingido"``. O resultado final
tem a forma do exercício 1.1: ``{"concluido", "resposta" | "motivo", "historico"}``.

O decisor pode ser uma função de regras ou um decisor que pergunta a um modelo (por exemplo o modelo
offline do curso): para este componente é só uma função ``decidir(pedido, historico) -> dict``.
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as widgets

from curso.widgets._comum import (
    CORES,
    Componente,
    botao,
    caixa,
    cartao,
    cartao_resultado,
    codigo,
    esc,
    tabela,
    titulo,
)

FASES = ("pensar", "agir", "observar")
ICONES = {"pensar": "①", "agir": "②", "observar": "③"}  # símbolos que qualquer fonte tem


class PassoAPasso(Componente):
    """Mostra um ciclo ReAct a avançar uma fase de cada vez.

    >>> PassoAPasso("Quanto custam 3 teclados?", decidir, {"consultar_preco": consultar_preco})

    Atributos úteis: ``historico`` (as observações até agora), ``fase`` (a próxima fase),
    ``passo`` (a volta atual), ``decisao``, ``observacao``, ``eventos`` (o que cada fase fez, por
    ordem) e ``resultado`` (``None`` enquanto não termina).
    """

    def __init__(
        self,
        pedido: str,
        decidir: Callable[[str, list[dict]], dict],
        ferramentas: dict[str, Callable[..., Any]],
        max_passos: int = 5,
        max_caracteres: int = 120,
    ):
        if max_passos < 1:
            raise ValueError("max_passos tem de ser pelo menos 1")
        self.pedido = pedido
        self.decidir = decidir
        self.ferramentas = dict(ferramentas)
        self.max_passos = max_passos
        self.max_caracteres = max_caracteres

        self.botao_seguinte = botao("Passo seguinte", "primary", "play", "corre a próxima fase do ciclo")
        self.botao_ate_ao_fim = botao("Correr até ao fim", "", "forward", "corre as fases que faltam")
        self.botao_recomecar = botao("Recomeçar", "warning", "undo", "volta ao início com o histórico vazio")
        self.botao_seguinte.on_click(lambda _: self.avancar())
        self.botao_ate_ao_fim.on_click(lambda _: self.correr_ate_ao_fim())
        self.botao_recomecar.on_click(lambda _: self.recomecar())

        self.cabecalho = widgets.HTML()
        self.painel_fase = widgets.HTML()
        self.painel_historico = widgets.HTML()
        self.painel_eventos = widgets.HTML()
        self.widget = caixa(
            self.cabecalho,
            widgets.HBox([self.botao_seguinte, self.botao_ate_ao_fim, self.botao_recomecar]),
            self.painel_fase,
            self.painel_historico,
            self.painel_eventos,
        )
        self.recomecar()

    # ----------------------------------------------------------------- estado

    @property
    def terminado(self) -> bool:
        return self.resultado is not None

    def recomecar(self) -> None:
        """Volta ao início: histórico vazio, próxima fase «pensar»."""
        self.historico: list[dict] = []
        self.passo = 0
        self.fase = "pensar"
        self.decisao: dict | None = None
        self.observacao: Any = None
        self.resultado: dict | None = None
        self.eventos: list[str] = []
        self._desenhar()

    def avancar(self) -> None:
        """Corre uma fase (o mesmo que clicar em «Passo seguinte»)."""
        if self.terminado:
            return
        {"pensar": self._pensar, "agir": self._agir, "observar": self._observar}[self.fase]()
        self._desenhar()

    def correr_ate_ao_fim(self) -> dict:
        """Corre as fases que faltam; há no máximo três fases por passo, por isso acaba sempre."""
        for _ in range(3 * self.max_passos + 3):
            if self.terminado:
                break
            self.avancar()
        return self.resultado

    # ----------------------------------------------------------------- fases

    def _terminar(self, concluido: bool, texto: str) -> None:
        chave = "resposta" if concluido else "motivo"
        self.resultado = {"concluido": concluido, chave: texto, "historico": self.historico}

    def _pensar(self) -> None:
        self.passo += 1
        self.observacao = None
        try:
            decisao = self.decidir(self.pedido, list(self.historico))
        except Exception as erro:  # noqa: BLE001 — o decisor é de quem estuda: mostra o erro, não rebenta
            self.eventos.append(f"{ICONES['pensar']} Pensar: o decisor falhou ({type(erro).__name__}: {erro}).")
            self._terminar(False, f"erro no decisor: {type(erro).__name__}: {erro}")
            return
        if not isinstance(decisao, dict) or not isinstance(decisao.get("ferramenta"), str):
            self.eventos.append(f"{ICONES['pensar']} Pensar: decisão inválida {decisao!r}.")
            self._terminar(False, 'decisão inválida: esperava {"ferramenta": str, "argumentos": dict}')
            return
        self.decisao = {"ferramenta": decisao["ferramenta"], "argumentos": decisao.get("argumentos") or {}}
        nome, argumentos = self.decisao["ferramenta"], self.decisao["argumentos"]
        if nome == "responder_final":
            texto = argumentos.get("texto", "")
            self.eventos.append(f"{ICONES['pensar']} Pensar (passo {self.passo}): responder e parar.")
            self._terminar(True, texto)
            return
        self.eventos.append(f"{ICONES['pensar']} Pensar (passo {self.passo}): usar «{nome}».")
        self.fase = "agir"

    def _agir(self) -> None:
        nome, argumentos = self.decisao["ferramenta"], self.decisao["argumentos"]
        funcao = self.ferramentas.get(nome)
        if funcao is None:
            disponiveis = ", ".join(sorted(self.ferramentas)) or "nenhuma"
            self.observacao = f"Erro: a ferramenta '{nome}' não existe. Disponíveis: {disponiveis}."
        else:
            try:
                self.observacao = funcao(**argumentos)
            except Exception as erro:  # noqa: BLE001 — a ferramenta é de quem estuda: o erro é a observação
                self.observacao = f"Erro ao executar {nome}: {type(erro).__name__}: {erro}"
        self.eventos.append(f"{ICONES['agir']} Agir (passo {self.passo}): correu «{nome}».")
        self.fase = "observar"

    def _observar(self) -> None:
        nome, argumentos = self.decisao["ferramenta"], self.decisao["argumentos"]
        self.historico.append({"ferramenta": nome, "argumentos": argumentos, "resultado": self.observacao})
        self.eventos.append(
            f"{ICONES['observar']} Observar (passo {self.passo}): o histórico tem agora "
            f"{len(self.historico)} entrada(s)."
        )
        if self.passo >= self.max_passos:
            self._terminar(False, "max_steps atingido")
        else:
            self.fase = "pensar"

    # ----------------------------------------------------------------- desenho

    def _pilulas(self) -> str:
        pilulas = []
        for fase in FASES:
            ativa = fase == self.fase and not self.terminado
            cor = CORES["info"] if ativa else CORES["neutro"]
            fundo = CORES["info_fundo"] if ativa else "transparent"
            peso = "600" if ativa else "400"
            pilulas.append(
                f'<span style="border:1px solid {cor};color:{cor};background:{fundo};font-weight:{peso};'
                f'border-radius:10px;padding:1px 8px;margin-right:4px">{ICONES[fase]} {fase}</span>'
            )
        return " → ".join(pilulas)

    def _descrever_fase(self) -> str:
        if self.terminado:
            return cartao_resultado(self.resultado, self.max_caracteres)
        if not self.eventos:
            return cartao("Carrega em «Passo seguinte» para o decisor pensar no pedido.", "info")
        nome = self.decisao["ferramenta"]
        argumentos = codigo(self.decisao["argumentos"], self.max_caracteres)
        if self.fase == "agir":
            return cartao(
                f"{ICONES['pensar']} <b>Pensou.</b> O decisor viu o pedido e {len(self.historico)} "
                f"observação(ões) e decidiu chamar <b>{esc(nome)}</b> com {argumentos}.",
                "info",
            )
        if self.fase == "observar":
            return cartao(
                f"{ICONES['agir']} <b>Agiu.</b> O código correu <b>{esc(nome)}</b>({argumentos}) "
                f"e obteve {codigo(self.observacao, self.max_caracteres)}.",
                "aviso",
            )
        return cartao(
            f"{ICONES['observar']} <b>Observou.</b> O resultado entrou no histórico; o decisor vai "
            f"vê-lo quando pensar outra vez.",
            "ok",
        )

    def _desenhar(self) -> None:
        estado = "terminado" if self.terminado else f"próxima fase: {self.fase}"
        self.cabecalho.value = titulo(
            "Ciclo ReAct, passo a passo",
            f"Pedido: {esc(self.pedido)} · passo {self.passo} de no máximo {self.max_passos} · "
            f"{estado}<br>{self._pilulas()}",
        )
        self.painel_fase.value = self._descrever_fase()
        linhas = [
            [str(i), esc(h["ferramenta"]), codigo(h["argumentos"], self.max_caracteres),
             codigo(h["resultado"], self.max_caracteres)]
            for i, h in enumerate(self.historico, start=1)
        ]
        self.painel_historico.value = (
            f"<b>Histórico</b> ({len(self.historico)} entrada(s))"
            + (tabela(["#", "ferramenta", "argumentos", "resultado"], linhas) if linhas else
               '<div style="color:#555">(vazio)</div>')
        )
        self.painel_eventos.value = (
            "<details><summary>O que aconteceu até agora</summary><ol>"
            + "".join(f"<li>{esc(e)}</li>" for e in self.eventos)
            + "</ol></details>"
        )
        self.botao_seguinte.disabled = self.terminado
        self.botao_ate_ao_fim.disabled = self.terminado
