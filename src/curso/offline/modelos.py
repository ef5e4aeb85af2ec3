"""Os modelos que o modelo offline diz ter: ``GET /v1/models``, ``GET /v1/models/{id}`` e os
modelos retirados.

A API verdadeira lista cada modelo com ``id``, ``object``, ``created`` e ``owned_by``, e com
``shutdown_date`` (``"AAAA-MM-DD"``) quando a OpenAI já anunciou a data em que o retira. Um modelo
retirado desaparece da lista, e qualquer pedido com ele (incluindo ``GET /v1/models/{id}``)
responde 404 com ``code: "model_not_found"``. O catálogo do modelo offline faz o mesmo, para uma
lição mostrar a falha e a recuperação sem rede.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .formatos import envelope_de_erro

# 2026-01-01 00:00 UTC: o ``created`` de um modelo do catálogo quando não se diz outro
CRIADO_PADRAO = 1767225600
DONO_PADRAO = "curso-offline"
_DATA = re.compile(r"\d{4}-\d{2}-\d{2}")


def erro_modelo_inexistente(nome: str) -> dict:
    """O corpo de erro da API para um modelo que não existe ou foi retirado (HTTP 404)."""
    return envelope_de_erro(
        f"The model `{nome}` does not exist or you do not have access to it.",
        "invalid_request_error", None, "model_not_found",
    )


@dataclass(frozen=True)
class Modelo:
    """Um modelo do catálogo offline, com os campos da API (``shutdown_date`` só se houver)."""

    id: str
    created: int = CRIADO_PADRAO
    owned_by: str = DONO_PADRAO
    shutdown_date: str | None = None

    def __post_init__(self):
        if not isinstance(self.id, str) or not self.id.strip():
            raise ValueError(f"O id de um modelo é um texto não vazio, não {self.id!r}.")
        if self.shutdown_date is not None and not _DATA.fullmatch(str(self.shutdown_date)):
            raise ValueError(f"shutdown_date é uma data «AAAA-MM-DD», não {self.shutdown_date!r}.")

    def como_json(self) -> dict:
        dados = {"id": self.id, "object": "model", "created": self.created, "owned_by": self.owned_by}
        if self.shutdown_date is not None:
            dados["shutdown_date"] = self.shutdown_date
        return dados


def _como_modelo(item) -> Modelo:
    if isinstance(item, Modelo):
        return item
    if isinstance(item, str):
        return Modelo(item)
    if isinstance(item, dict):
        return Modelo(**item)
    raise TypeError(f"Um modelo do catálogo é um texto (o id), um dict ou um Modelo, não {item!r}.")


class Catalogo:
    """Os modelos disponíveis e os retirados.

    ``modelos``: ids (textos), dicts com os campos de :class:`Modelo` ou objetos ``Modelo``.
    Por omissão (``None``) o catálogo é aberto, como sempre foi o modelo offline: aceita qualquer
    nome, ``GET /v1/models/{id}`` encontra-o, e a lista mostra os nomes já pedidos, pela ordem.
    ``retirados``: ids de modelos que a API já não serve; nunca aparecem na lista e respondem 404.
    Um pedido com um modelo que não está no catálogo nem foi retirado é sempre aceite.
    """

    def __init__(self, modelos=None, retirados=()):
        if isinstance(modelos, (str, dict, Modelo)) or isinstance(retirados, str):
            raise TypeError("modelos e retirados são listas (um só nome: [\"nome\"]).")
        self.aberto = modelos is None
        self.retirados = frozenset(retirados)
        self.modelos = [m for m in map(_como_modelo, modelos or ()) if m.id not in self.retirados]

    def visto(self, nome) -> None:
        """Num catálogo aberto, um nome pedido passa a aparecer na lista."""
        if self.aberto and isinstance(nome, str) and nome and not self.retirado(nome) \
                and all(m.id != nome for m in self.modelos):
            self.modelos.append(Modelo(nome))

    def lista(self) -> dict:
        """O corpo de ``GET /v1/models``."""
        return {"object": "list", "data": [m.como_json() for m in self.modelos]}

    def procurar(self, nome: str) -> dict | None:
        """O corpo de ``GET /v1/models/{nome}``, ou ``None`` se não o houver."""
        for m in self.modelos:
            if m.id == nome:
                return m.como_json()
        if self.aberto and nome and not self.retirado(nome):
            return Modelo(nome).como_json()
        return None

    def retirado(self, nome) -> bool:
        return isinstance(nome, str) and nome in self.retirados
