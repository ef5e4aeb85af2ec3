"""Os perfis dos modelos: o que a API verdadeira faz de diferente de um modelo para outro.

O modelo offline fala o protocolo das APIs; com um perfil, fala também como um modelo concreto:
se raciocina e com que esforço por omissão, que combinações de parâmetros recusa (e com que 400),
quantos tokens cabem na janela de contexto, quanto custa escrever e ler na cache em relação à
entrada. Sem perfil (um nome que o catálogo não conhece, ou um modelo offline criado sem
``perfis=``) o modelo offline aceita tudo, como sempre aceitou — como um servidor compatível.

Cada valor tem a fonte ao lado: a página e a data em que a lemos. Quando a OpenAI muda um modelo,
muda-se aqui (e ``tests/curso/test_offline_perfis.py`` prova cada regra pelo SDK verdadeiro).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from .validacao import ErroPedido

# Os valores de ``reasoning_effort`` que o SDK openai 3.57.0 conhece (tipo ``ReasoningEffort``).
ESFORCOS = ("none", "minimal", "low", "medium", "high", "xhigh", "max")

# Quantos tokens de raciocínio o modelo offline declara por esforço. Convenção do curso, não da
# API: a OpenAI não diz quanto um modelo raciocina (depende da tarefa); o número é fixo para tudo
# ser determinístico e para ``reasoning_tokens`` nunca vir a 0 num modelo que raciocina.
TOKENS_DE_RACIOCINIO = {"none": 0, "minimal": 16, "low": 64, "medium": 256, "high": 1024,
                        "xhigh": 2048, "max": 4096}

_DATA_NO_FIM = re.compile(r"^(?P<base>.+)-\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class Perfil:
    """O que a API verdadeira sabe de um modelo. Os campos ``None`` são «não sabemos»."""

    raciocinio: bool = False
    esforco_padrao: str | None = None  # o esforço quando o pedido não diz nenhum
    esforcos: tuple[str, ...] = ()  # os valores de reasoning_effort que o modelo aceita
    # Chat Completions com ferramentas de função só com reasoning_effort="none" (senão, um 400)
    ferramentas_no_chat_so_sem_raciocinio: bool = False
    janela: int | None = None  # tokens de entrada mais saída
    saida_maxima: int | None = None
    fator_cache_lida: float | None = None  # preço da entrada em cache ÷ preço da entrada
    fator_escrita_cache: float = 1.0  # preço de um token escrito na cache ÷ preço da entrada
    limiar_contexto_longo: int | None = None  # acima destes tokens de entrada o pedido custa mais
    fatores_contexto_longo: tuple[float, float] | None = None  # (entrada, saída) acima do limiar
    codificacao: str = "o200k_base"  # a do tiktoken, ou a da família quando o tiktoken não a conhece
    fontes: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self):
        if self.raciocinio and self.esforco_padrao not in self.esforcos:
            raise ValueError(f"esforco_padrao {self.esforco_padrao!r} não está em esforcos {self.esforcos!r}.")
        if not self.raciocinio and (self.esforco_padrao or self.ferramentas_no_chat_so_sem_raciocinio):
            raise ValueError("Um modelo que não raciocina não tem esforço por omissão nem regras de raciocínio.")
        if (self.janela is None) != (self.saida_maxima is None):
            raise ValueError("janela e saida_maxima andam juntas (a entrada máxima é a diferença).")

    @property
    def entrada_maxima(self) -> int | None:
        """Os tokens de entrada que cabem: a janela menos a saída máxima."""
        return None if self.janela is None else self.janela - self.saida_maxima

    def esforco(self, pedido) -> str | None:
        """O esforço efetivo: o que o pedido diz, ou o do modelo; ``None`` num modelo sem raciocínio."""
        if not self.raciocinio:
            return None
        return pedido if isinstance(pedido, str) and pedido else self.esforco_padrao


# ------------------------------------------------------------------------------------------------
# O catálogo. Uma entrada por modelo de que temos fonte; o resto fica sem perfil.

_PAGINA_LUNA_6 = "developers.openai.com/ja-JP/api/docs/models/gpt-6-luna, lida a 2026-12-06"
_PAGINA_LUNA_56 = "developers.openai.com/api/docs/models/gpt-5.6-luna, lida a 2026-12-06"
_GUIA_CACHE = "developers.openai.com/api/docs/guides/prompt-caching, lido a 2026-12-06"
_ERRO_FERRAMENTAS = ("o 400 da Chat Completions com ferramentas e raciocínio: GoogleChromeLabs/webmcp-tools#417 "
                     "(2026-09-03, corpo inteiro), onyx-dot-app/onyx#15008 (2026-09-23), BerriAI/litellm#34569 "
                     "(2026-07-24: sem reasoning_effort → 400, low → 400, none → 200)")

PERFIS: dict[str, Perfil] = {
    "gpt-6-luna": Perfil(
        raciocinio=True,  # página: «推論» (raciocínio) e «推論トークンへの対応»
        esforco_padrao="medium",  # página: none、low、medium(デフォルト)、high、xhigh、max
        esforcos=("none", "low", "medium", "high", "xhigh", "max"),
        # página: no Chat Completions, function calling só com reasoning_effort none
        ferramentas_no_chat_so_sem_raciocinio=True,
        janela=1_050_000, saida_maxima=128_000,  # página: コンテキストウィンドウ / 最大出力トークン数
        fator_cache_lida=0.1,  # página: entrada em cache = 10 % da entrada ($0.01 / $0.10)
        fator_escrita_cache=1.25,  # página: escrita na cache = 1,25× a entrada ($0.125 / $0.10)
        limiar_contexto_longo=272_000, fatores_contexto_longo=(2.0, 1.5),  # página: > 272K → ×2 e ×1,5
        codificacao="o200k_base",  # o tiktoken 0.14.0 não conhece o nome: a da família, aproximada
        fontes=(_PAGINA_LUNA_6, _GUIA_CACHE, _ERRO_FERRAMENTAS),
    ),
    "gpt-5.6-luna": Perfil(
        raciocinio=True,
        esforco_padrao="medium",  # página: none, low, medium (default), high, xhigh, and max
        esforcos=("none", "low", "medium", "high", "xhigh", "max"),
        # o mesmo 400 com este nome: ItzCrazyKns/Vane#1173 (2026-07-20), fazer-ai/agents#66 (2026-08-13)
        ferramentas_no_chat_so_sem_raciocinio=True,
        janela=1_050_000, saida_maxima=128_000,  # página: 1,050,000 context window, 128,000 max output
        fator_cache_lida=0.1,  # página: $0.02 / $0.20
        fator_escrita_cache=1.25,  # página: «Cache writes are billed at 1.25x the uncached input token rate»
        limiar_contexto_longo=272_000, fatores_contexto_longo=(2.0, 1.5),  # página: >272K → 2x e 1.5x
        codificacao="o200k_base",  # tiktoken 0.14.0: o prefixo «gpt-5» dá o200k_base
        fontes=(_PAGINA_LUNA_56, _GUIA_CACHE, _ERRO_FERRAMENTAS),
    ),
    "gpt-4o-mini": Perfil(
        raciocinio=False,  # platform.openai.com/docs/models/gpt-4o-mini: sem raciocínio
        janela=128_000, saida_maxima=16_384,  # a mesma página (cópias de 2026)
        fator_cache_lida=0.5,  # preçário citado em cópias de 2026: $0.075 / $0.15
        fator_escrita_cache=1.0,  # guia da cache: antes da família GPT-5.6, escrever não custa mais
        codificacao="o200k_base",  # tiktoken 0.14.0: gpt-4o-mini → o200k_base
        fontes=("platform.openai.com/docs/models/gpt-4o-mini (cópia em mdsite.deno.dev) e cópias "
                "secundárias do preçário, lidas a 2026-12-06", _GUIA_CACHE),
    ),
}


def perfil_de(nome, perfis: dict[str, Perfil] | None = None) -> Perfil | None:
    """O perfil de ``nome`` (ou da versão datada, ``nome-AAAA-MM-DD``), ou ``None`` se não houver."""
    perfis = PERFIS if perfis is None else perfis
    if not isinstance(nome, str):
        return None
    if nome in perfis:
        return perfis[nome]
    datado = _DATA_NO_FIM.match(nome)
    return perfis.get(datado["base"]) if datado else None


def precisa_de_esforco_none(perfil: Perfil | None) -> bool:
    """Se, na Chat Completions, um pedido com ferramentas tem de levar ``reasoning_effort="none"``."""
    return perfil is not None and perfil.ferramentas_no_chat_so_sem_raciocinio \
        and perfil.esforco_padrao != "none"


# ------------------------------------------------------------------------------------------------
# O que um perfil recusa, com os 400 da API


def erro_ferramentas_com_raciocinio(modelo: str) -> ErroPedido:
    """O 400 da Chat Completions a um pedido com ferramentas e raciocínio ligado (ver as fontes)."""
    return ErroPedido(
        f"Function tools with reasoning_effort are not supported for {modelo} in /v1/chat/completions. "
        "To use function tools, use /v1/responses or set reasoning_effort to 'none'.",
        param="reasoning_effort",
    )


def erro_janela_excedida(param: str) -> ErroPedido:
    """O 400 de um pedido maior do que a janela de contexto.

    A redação e o ``code`` são os dos modelos GPT-5 (anomalyco/opencode#6071, 2025-12-23, com
    ``param: "input"`` na Responses). Na Chat Completions, ``param: "messages"`` vem da redação
    antiga do mesmo erro (crewAIInc/crewAI-examples#121, 2024-06-13); não o confirmámos com os
    modelos de hoje.
    """
    return ErroPedido("Your input exceeds the context window of this model. Please adjust your input and "
                      "try again.", param=param, codigo="context_length_exceeded")


def _ferramentas_de_funcao(pedido: dict) -> bool:
    return any(isinstance(f, dict) and f.get("type") == "function" for f in pedido.get("tools") or ())


def recusa_do_chat(pedido: dict, perfil: Perfil | None) -> ErroPedido | None:
    """O 400 que a Chat Completions daria a este pedido por causa do modelo, ou ``None``."""
    if perfil is None:
        return None
    if perfil.ferramentas_no_chat_so_sem_raciocinio and _ferramentas_de_funcao(pedido) \
            and perfil.esforco(pedido.get("reasoning_effort")) != "none":
        return erro_ferramentas_com_raciocinio(pedido["model"])
    return None


def recusa_da_janela(perfil: Perfil | None, tokens_de_entrada: int, param: str) -> ErroPedido | None:
    """O 400 de um pedido com mais tokens de entrada do que cabem na janela, ou ``None``."""
    maxima = perfil.entrada_maxima if perfil is not None else None
    return erro_janela_excedida(param) if maxima is not None and tokens_de_entrada > maxima else None


def esforco_do_pedido(pedido: dict, perfil: Perfil | None, api_responses: bool) -> str | None:
    """O esforço de raciocínio efetivo deste pedido (``None`` sem perfil ou sem raciocínio)."""
    if perfil is None:
        return None
    if api_responses:
        reasoning = pedido.get("reasoning")
        return perfil.esforco(reasoning.get("effort") if isinstance(reasoning, dict) else None)
    return perfil.esforco(pedido.get("reasoning_effort"))


def tokens_de_raciocinio(esforco: str | None) -> int:
    """Os ``reasoning_tokens`` que o modelo offline declara para um esforço (0 sem raciocínio)."""
    return TOKENS_DE_RACIOCINIO.get(esforco or "none", 0)


def item_de_raciocinio(resumo: str) -> dict:
    """O item ``reasoning`` que a API Responses põe antes da resposta de um modelo que raciocinou.

    Sem resumo (só com ``reasoning.summary`` pedido a API o escreve) e com um ``encrypted_content``
    opaco e determinístico, como o que a API devolve para se poder reenviar o item.
    """
    marca = hashlib.sha256(f"{resumo}:rs".encode()).hexdigest()
    return {"type": "reasoning", "id": "rs_" + marca[:48], "summary": [],
            "encrypted_content": "offline:" + marca[48:], "status": "completed"}
