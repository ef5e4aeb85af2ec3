"""Quiz de escolha múltipla: cada opção traz a sua explicação, mostrada depois de responderes.

A letra escolhida fica guardada na variável do caderno indicada (por exemplo ``resposta_1_2``), mas
o estado de um widget não é guardado no ficheiro nem visto pelo nbgrader: por isso o quiz mostra
também a linha exata que tens de escrever na célula de resposta para a escolha contar na nota.

Nas lições, as perguntas vêm de ``curso/dados/quizzes.toml`` (``Quiz.da_licao("id")``): a célula
que o aluno lê não traz a resposta nem as explicações.
"""

from __future__ import annotations

import re
import string
from typing import Any, Iterable

import ipywidgets as widgets

from curso.quizzes import pergunta
from curso.widgets._comum import CORES, Componente, botao, caixa, cartao, esc, titulo


def _normalizar(opcoes: Any) -> list[tuple[str, str, str]]:
    """Aceita ``[(texto, explicacao), ...]``, ``[{"texto", "explicacao"}, ...]`` ou ``{letra: (texto, explicacao)}``."""
    if isinstance(opcoes, dict):
        pares: Iterable = opcoes.items()
    else:
        pares = zip(string.ascii_lowercase, opcoes)
    normalizadas = []
    for letra, opcao in pares:
        if isinstance(opcao, dict):
            texto, explicacao = opcao.get("texto"), opcao.get("explicacao")
        else:
            texto, explicacao = opcao
        if not texto or not explicacao:
            raise ValueError(f"a opção {letra!r} precisa de texto e de uma explicação (mesmo as erradas)")
        normalizadas.append((str(letra).lower(), str(texto), str(explicacao)))
    if len(normalizadas) < 2:
        raise ValueError("um quiz precisa de pelo menos duas opções")
    return normalizadas


class Quiz(Componente):
    """``Quiz(pergunta, opcoes, variavel=None, correta=None, espaco_nomes=None)``.

    ``variavel``: nome da variável onde fica a letra escolhida (no espaço de nomes do caderno, ou
    em ``espaco_nomes`` se deres um dicionário). ``correta``: se a deres, o quiz diz se acertaste.
    ``responder(letra)`` faz o mesmo que clicar. Atributos: ``escolha``, ``botoes`` (letra → botão).
    """

    def __init__(
        self,
        pergunta: str,
        opcoes: Any,
        variavel: str | None = None,
        correta: str | None = None,
        espaco_nomes: dict | None = None,
    ):
        self.pergunta = pergunta
        self.opcoes = _normalizar(opcoes)
        letras = [letra for letra, _, _ in self.opcoes]
        if correta is not None and correta.lower() not in letras:
            raise ValueError(f"a opção correta {correta!r} não está entre {letras}")
        if variavel is not None and not variavel.isidentifier():
            raise ValueError(f"{variavel!r} não é um nome de variável válido")
        self.variavel = variavel
        self.correta = correta.lower() if correta else None
        self._espaco_nomes = espaco_nomes
        self.escolha: str | None = None

        self.botoes: dict[str, widgets.Button] = {}
        linhas = []
        for letra, texto, _ in self.opcoes:
            b = botao(letra, dica=f"escolher a opção {letra}")
            b.layout.min_width = "2.5em"
            b.on_click(lambda _, letra=letra: self.responder(letra))
            self.botoes[letra] = b
            linhas.append(widgets.HBox([b, widgets.HTML(f'<div style="padding-top:4px">{esc(texto)}</div>')]))
        self.painel_explicacao = widgets.HTML()
        self.widget = caixa(widgets.HTML(titulo("Pergunta", esc(pergunta))), *linhas, self.painel_explicacao)
        self._desenhar()

    @classmethod
    def da_licao(cls, ident: str, variavel: str | None = None, espaco_nomes: dict | None = None) -> Quiz:
        """O quiz ``ident`` de ``curso/dados/quizzes.toml``, com a certa e as explicações de lá.

        Num quiz com nota a letra vai para ``resposta_N_M`` (o widget mostra a linha a escrever no
        caderno de exercícios); ``variavel`` escolhe outra.
        """
        p = pergunta(ident)
        opcoes = {o.letra: (o.texto, o.explicacao) for o in p.opcoes}
        return cls(p.pergunta, opcoes, variavel=variavel or p.variavel, correta=p.correta,
                   espaco_nomes=espaco_nomes)

    def espaco_nomes(self) -> dict | None:
        """Onde a variável é guardada: o dicionário dado ou o do IPython em que o caderno corre."""
        if self._espaco_nomes is not None:
            return self._espaco_nomes
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - o IPython vem com o Jupyter
            return None
        ipython = get_ipython()
        return None if ipython is None else ipython.user_ns

    @property
    def linha_de_resposta(self) -> str | None:
        if self.variavel is None or self.escolha is None:
            return None
        return f'{self.variavel} = "{self.escolha}"'

    def responder(self, letra: str) -> None:
        letra = letra.lower()
        if letra not in self.botoes:
            raise ValueError(f"não há opção {letra!r}; as opções são {list(self.botoes)}")
        self.escolha = letra
        espaco = self.espaco_nomes()
        if self.variavel is not None and espaco is not None:
            espaco[self.variavel] = letra
        self._desenhar()

    def _desenhar(self) -> None:
        for letra, b in self.botoes.items():
            b.button_style = "info" if letra == self.escolha else ""
        if self.escolha is None:
            self.painel_explicacao.value = '<div style="color:#555">Escolhe uma opção para veres a explicação.</div>'
            return
        partes = []
        for letra, _texto, explicacao in self.opcoes:
            marca = ""
            if self.correta is not None:
                marca = "✔ " if letra == self.correta else "✘ "
            escolhida = letra == self.escolha
            tipo = ("ok" if letra == self.correta else "erro") if self.correta else "info"
            conteudo = f"<b>{marca}{letra})</b> {esc(explicacao)}"
            if escolhida:
                partes.insert(0, cartao(f"<b>A tua escolha:</b> {conteudo}", tipo))
            else:
                partes.append(f'<li style="color:{CORES["neutro"]}">{conteudo}</li>')
        html = partes[0] + "<div>As outras opções:</div><ul style=\"margin:2px 0\">"
        html += "".join(partes[1:]) + "</ul>"
        if self.linha_de_resposta:
            onde = "na célula de resposta"
            exercicio = re.fullmatch(r"resposta_(\d+)_(\d+)", self.variavel or "")
            if exercicio:
                n, m = exercicio.groups()
                onde = (f"na célula de resposta do exercício {n}.{m} "
                        f"(<code>exercises/cap{int(n):02d}/cap{int(n):02d}.ipynb</code>)")
            html += cartao(
                f"Para a resposta contar na avaliação, escreve {onde}: "
                f"<code>{esc(self.linha_de_resposta)}</code> (o estado do widget não é guardado no caderno).",
                "neutro",
            )
        self.painel_explicacao.value = html
