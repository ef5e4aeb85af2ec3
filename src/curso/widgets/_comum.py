"""Peças comuns aos widgets do curso: estilo, truncagem, tabelas e o mostrar-numa-célula.

Tudo o que é visual vive aqui (cores, cartões, tabelas), para que os componentes tenham o mesmo
aspeto e nenhum repita o código dos outros. O HTML é gerado com estilos em linha, porque assim
funciona igual no JupyterLab, no Notebook clássico e no VS Code, sem CSS extra.
"""

from __future__ import annotations

import html
import json
from typing import Any

import ipywidgets as widgets

from curso.cores import CORES

# O que significa cada motivo de paragem (os textos exatos são os do contrato: docs/contrato.md).
EXPLICACAO_MOTIVOS = {
    "max_steps atingido": "o ciclo chegou ao limite de passos sem resposta final",
    "timeout": "o tempo total da execução esgotou-se",
    "acao_rejeitada": "a validação recusou uma ação antes de ela correr",
    "repeticao": "o agente ia repetir uma chamada que já tinha feito",
    "orcamento": "a próxima chamada ao modelo passaria o orçamento de tokens",
    "rejeitada_por_humano": "uma pessoa recusou uma ação irreversível",
}


class Componente:
    """Base dos componentes: guarda o widget em ``.widget`` e mostra-o quando é o valor da célula."""

    widget: widgets.Widget

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def esc(texto: Any) -> str:
    """Texto seguro para pôr dentro de HTML."""
    return html.escape(str(texto), quote=True)


def em_texto(valor: Any) -> str:
    """Um valor qualquer como texto legível: as strings tal como são, o resto em JSON."""
    if isinstance(valor, str):
        return valor
    try:
        return json.dumps(valor, ensure_ascii=False, default=repr)
    except (TypeError, ValueError):
        return repr(valor)


def truncar(valor: Any, max_caracteres: int = 80) -> str:
    """Corta textos longos e diz quantos caracteres ficaram de fora."""
    texto = em_texto(valor)
    if max_caracteres <= 0 or len(texto) <= max_caracteres:
        return texto
    omitidos = len(texto) - max_caracteres
    return f"{texto[:max_caracteres]}… (+{omitidos} caracteres)"


def codigo(valor: Any, max_caracteres: int = 0) -> str:
    """Um valor em letra de código (``<code>``), truncado se pedido, com o texto completo no título."""
    completo = em_texto(valor)
    curto = truncar(completo, max_caracteres) if max_caracteres else completo
    titulo = f' title="{esc(truncar(completo, 2000))}"' if curto != completo else ""
    return f"<code{titulo}>{esc(curto)}</code>"


def cartao(conteudo: str, tipo: str = "neutro") -> str:
    """Uma caixa colorida (tipo: ok, erro, aviso, info ou neutro) com HTML lá dentro."""
    return (
        f'<div style="border-left:4px solid {CORES[tipo]};background:{CORES[tipo + "_fundo"]};'
        f'padding:6px 10px;margin:4px 0;border-radius:4px;color:#222">{conteudo}</div>'
    )


def titulo(texto: str, subtitulo: str = "") -> str:
    extra = f'<div style="color:{CORES["neutro"]};font-size:0.9em">{subtitulo}</div>' if subtitulo else ""
    return f'<div style="font-weight:600;font-size:1.1em;margin:2px 0">{texto}</div>{extra}'


def tabela(cabecalho: list[str], linhas: list[list[str]], destaques: dict[int, str] | None = None) -> str:
    """Tabela HTML; as células já vêm em HTML. ``destaques`` dá o tipo de cor de certas linhas."""
    destaques = destaques or {}
    th = "".join(
        f'<th style="text-align:left;padding:3px 8px;border-bottom:2px solid {CORES["borda"]}">{c}</th>'
        for c in cabecalho
    )
    corpo = []
    for i, linha in enumerate(linhas):
        fundo = CORES[destaques[i] + "_fundo"] if i in destaques else "transparent"
        tds = "".join(
            f'<td style="padding:3px 8px;border-bottom:1px solid {CORES["borda"]};'
            f'vertical-align:top">{c}</td>'
            for c in linha
        )
        corpo.append(f'<tr style="background:{fundo}">{tds}</tr>')
    return (
        '<table style="border-collapse:collapse;font-size:0.92em;margin:4px 0">'
        f"<thead><tr>{th}</tr></thead><tbody>{''.join(corpo)}</tbody></table>"
    )


def botao(descricao: str, estilo: str = "", icone: str = "", dica: str = "") -> widgets.Button:
    """Um botão com o texto inteiro visível (largura automática)."""
    return widgets.Button(
        description=descricao,
        button_style=estilo,
        icon=icone,
        tooltip=dica or descricao,
        layout=widgets.Layout(width="auto"),
    )


def caixa(*filhos: widgets.Widget) -> widgets.VBox:
    """O contentor exterior de cada componente, com uma borda discreta."""
    return widgets.VBox(
        list(filhos),
        layout=widgets.Layout(border=f"1px solid {CORES['borda']}", padding="8px", width="100%"),
    )


def descrever_motivo(motivo: str) -> str:
    explicacao = EXPLICACAO_MOTIVOS.get(motivo)
    return f"«{esc(motivo)}»" + (f" — {esc(explicacao)}" if explicacao else "")


def cartao_resultado(resultado: Any, max_caracteres: int = 300) -> str:
    """O desfecho de uma execução (``concluido`` com ``resposta`` ou ``motivo``) num cartão."""
    if not isinstance(resultado, dict) or "concluido" not in resultado:
        return cartao(f"A função devolveu: {codigo(resultado, max_caracteres)}", "info")
    if resultado["concluido"]:
        resposta = resultado.get("resposta", "")
        return cartao(f"✔ <b>Concluído.</b> Resposta: {codigo(resposta, max_caracteres)}", "ok")
    motivo = resultado.get("motivo", "(sem motivo)")
    return cartao(f"■ <b>Parou sem concluir.</b> Motivo: {descrever_motivo(motivo)}", "erro")
