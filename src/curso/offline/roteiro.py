"""``Roteiro``: um decisor que repete um guião fixo, e as falhas simuladas da API."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from .formatos import envelope_de_erro

# Mensagens da API real para cada código de falha simulada.
_MENSAGENS_FALHA = {
    429: (
        "Rate limit reached for requests. Please try again later.",
        "requests",
        "rate_limit_exceeded",
    ),
    500: (
        "The server had an error while processing your request. Sorry about that!",
        "server_error",
        None,
    ),
    503: (
        "The engine is currently overloaded, please try again later.",
        "server_error",
        None,
    ),
}


@dataclass(frozen=True)
class Falha:
    """Uma falha simulada da API (devolvida por um decisor ou posta num :class:`Roteiro`).

    O SDK recebe-a como uma resposta HTTP de erro verdadeira: ``estado`` 429 dá
    ``openai.RateLimitError``, 500 dá ``openai.InternalServerError``. ``retry_after_ms`` e
    ``retry_after`` (segundos) viram os cabeçalhos ``retry-after-ms``/``retry-after`` que o SDK
    respeita quando tenta de novo.
    """

    estado: int = 500
    retry_after_ms: int | None = None
    retry_after: float | None = None
    mensagem: str | None = None
    cabecalhos: dict = field(default_factory=dict)

    def __post_init__(self):
        if not isinstance(self.estado, int) or not 400 <= self.estado <= 599:
            raise ValueError(f"Uma falha simulada precisa de um código HTTP 4xx ou 5xx, não {self.estado!r}.")

    def corpo(self) -> dict:
        mensagem, tipo, codigo = _MENSAGENS_FALHA.get(
            self.estado, ("The server had an error processing your request.", "server_error", None)
        )
        return envelope_de_erro(self.mensagem or mensagem, tipo, None, codigo)

    def cabecalhos_http(self) -> dict[str, str]:
        cabecalhos = {str(k).lower(): str(v) for k, v in self.cabecalhos.items()}
        if self.retry_after_ms is not None:
            cabecalhos["retry-after-ms"] = str(self.retry_after_ms)
        if self.retry_after is not None:
            cabecalhos["retry-after"] = str(self.retry_after)
        return cabecalhos


def _chamadas(item) -> list | None:
    """``item`` como lista de chamadas ``{"nome": str, …}`` (um só dicionário também serve), ou
    ``None`` se não o for."""
    if isinstance(item, dict):
        item = [item]
    if isinstance(item, (list, tuple)) and item and all(
            isinstance(c, dict) and isinstance(c.get("nome"), str) for c in item):
        return list(item)
    return None


@dataclass(frozen=True)
class TextoEChamadas:
    """Uma resposta com texto **e** chamadas de ferramentas, como os modelos verdadeiros dão muitas
    vezes («Vou ver o stock.» ao lado de ``tool_calls``): o texto não é a resposta final.

    ``chamadas``: uma chamada ``{"nome", "argumentos"}`` ou uma lista não vazia delas.
    """

    texto: str
    chamadas: tuple

    def __post_init__(self):
        if not isinstance(self.texto, str) or not self.texto:
            raise TypeError(f"O texto que acompanha as chamadas tem de ser um texto não vazio, não {self.texto!r}.")
        chamadas = _chamadas(self.chamadas)
        if chamadas is None:
            raise TypeError(
                'As chamadas ao lado do texto têm de ser uma lista não vazia de {"nome": str, '
                f'"argumentos": dict}}, não {self.chamadas!r}.')
        object.__setattr__(self, "chamadas", tuple(chamadas))


class RoteiroEsgotado(RuntimeError):
    """O modelo recebeu mais pedidos do que os passos do roteiro."""


def _normalizar_item(item, posicao: int):
    if isinstance(item, (str, Falha, TextoEChamadas)) or callable(item):
        return item
    if isinstance(item, dict):
        item = [item]
    if isinstance(item, (list, tuple)) and item:
        for chamada in item:
            if not isinstance(chamada, dict) or not isinstance(chamada.get("nome"), str):
                raise TypeError(
                    f"Passo {posicao} do roteiro: cada chamada tem de ser um dicionário "
                    f'{{"nome": str, "argumentos": dict}}, recebi {chamada!r}.'
                )
        return list(item)
    raise TypeError(
        f"Passo {posicao} do roteiro: esperava um texto, uma lista de chamadas "
        f'{{"nome", "argumentos"}} ou Roteiro.falha(...), recebi {item!r}.'
    )


class Roteiro:
    """Um decisor que responde com os passos de um guião, um por pedido, por ordem.

    Cada passo é:

    - um texto — a resposta final do modelo;
    - uma lista de chamadas ``{"nome": str, "argumentos": dict}`` (várias = chamadas em paralelo;
      um só dicionário também serve);
    - ``Roteiro.com_texto("Vou ver o stock.", chamadas)`` — texto e chamadas na mesma resposta,
      como um modelo verdadeiro costuma fazer;
    - ``Roteiro.falha(429, retry_after_ms=10)`` ou ``Roteiro.falha(500)`` — uma falha da API;
    - um decisor ``(mensagens, ferramentas) -> ...`` para um passo que depende do pedido.

    Quando os passos acabam, o pedido seguinte falha com HTTP 500 e uma mensagem clara (e
    ``RoteiroEsgotado`` se chamares o roteiro diretamente). ``.restantes`` diz quantos faltam.
    """

    def __init__(self, passos):
        self._passos = [_normalizar_item(p, i) for i, p in enumerate(list(passos), start=1)]
        self._seguinte = 0
        self._trinco = threading.Lock()

    @staticmethod
    def falha(estado: int = 500, *, retry_after_ms: int | None = None, retry_after: float | None = None,
              mensagem: str | None = None) -> Falha:
        """Uma falha simulada da API: ``Roteiro.falha(429, retry_after_ms=20)``, ``Roteiro.falha(500)``."""
        return Falha(estado, retry_after_ms=retry_after_ms, retry_after=retry_after, mensagem=mensagem)

    @staticmethod
    def com_texto(texto: str, chamadas) -> TextoEChamadas:
        """Texto e chamadas na mesma resposta: ``Roteiro.com_texto("Vou ver.", {"nome": …})``."""
        return TextoEChamadas(texto, chamadas)

    @property
    def restantes(self) -> int:
        return len(self._passos) - self._seguinte

    @property
    def usados(self) -> int:
        return self._seguinte

    def __len__(self) -> int:
        return len(self._passos)

    def __repr__(self) -> str:
        return f"Roteiro({len(self._passos)} passos, {self.restantes} por usar)"

    def __call__(self, mensagens, ferramentas):
        with self._trinco:
            if self._seguinte >= len(self._passos):
                raise RoteiroEsgotado(
                    f"O roteiro do modelo offline esgotou-se: tinha {len(self._passos)} passos e "
                    f"chegou o pedido n.º {self._seguinte + 1}. O teu código chamou o modelo mais "
                    "vezes do que o previsto (um ciclo sem fim? uma chamada a mais?)."
                )
            passo = self._passos[self._seguinte]
            self._seguinte += 1
        if callable(passo) and not isinstance(passo, Falha):
            return passo(mensagens, ferramentas)
        return passo
