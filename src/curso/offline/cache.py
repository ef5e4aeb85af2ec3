"""A cache de prefixos (*prompt caching*) simulada como a OpenAI a descreve.

Regra: quando um pedido partilha com um pedido anterior **ao mesmo modelo** um prefixo de pelo
menos 1 024 tokens, ``cached_tokens`` é esse prefixo arredondado para baixo a múltiplos de 128.
O prompt lê-se pela ordem em que a API o monta: primeiro as ferramentas, depois as mensagens.
O prefixo conta-se por blocos inteiros (as ferramentas, cada mensagem): num ciclo de agente, que
só acrescenta mensagens, é exatamente o prefixo partilhado. Não há expiração por tempo: tudo é
determinístico (o mesmo conjunto de pedidos, pela mesma ordem, dá os mesmos números). O que um
pedido escreve na cache (``cache_write_tokens``) é a parte do seu prompt que passa a estar em
cache e ainda lá não estava.
"""

from __future__ import annotations

import hashlib
import threading

from .formatos import json_canonico

MINIMO = 1024  # tokens de prefixo a partir dos quais há cache
INCREMENTO = 128  # a cache cresce em blocos de 128 tokens
_MAX_PREFIXOS = 200_000  # limite de memória: ao chegar aqui, a cache esvazia-se (como se expirasse)


def _elo(anterior: bytes, bloco: str) -> bytes:
    return hashlib.blake2b(anterior + bloco.encode("utf-8"), digest_size=16).digest()


def tokens_em_cache(prefixo: int) -> int:
    """Os ``cached_tokens`` que um prefixo partilhado de ``prefixo`` tokens dá."""
    return 0 if prefixo < MINIMO else prefixo // INCREMENTO * INCREMENTO


class CachePrefixos:
    """Guarda os prefixos já vistos, por modelo, e mede quanto de um pedido novo está em cache."""

    def __init__(self):
        self._vistos: set[bytes] = set()
        self._trinco = threading.Lock()

    def medir_e_guardar(self, modelo: str, mensagens: list, ferramentas_json: str | None,
                        tokens: list[int]) -> tuple[int, int]:
        """``tokens``: os de cada bloco (ferramentas, depois cada mensagem), pela ordem do prompt.

        Devolve ``(cached_tokens, cache_write_tokens)``: o que veio da cache e o que este pedido
        lá deixou de novo (a parte em cache do prompt inteiro que ainda lá não estava).
        """
        total = sum(tokens)
        if total < MINIMO:
            # nem lê nem escreve: um prefixo deste pedido nunca chega ao mínimo (e poupa o JSON)
            return 0, 0
        textos = ([ferramentas_json] if ferramentas_json else []) + [json_canonico(m) for m in mensagens]
        elo = _elo(b"", str(modelo))
        partilhado, ainda_igual, elos = 0, True, []
        for texto, tokens_do_bloco in zip(textos, tokens, strict=True):
            elo = _elo(elo, texto)
            elos.append(elo)
            if ainda_igual and elo in self._vistos:
                partilhado += tokens_do_bloco
            else:
                ainda_igual = False
        with self._trinco:
            if len(self._vistos) + len(elos) > _MAX_PREFIXOS:
                self._vistos.clear()
            self._vistos.update(elos)
        lidos = tokens_em_cache(partilhado)
        return lidos, tokens_em_cache(total) - lidos
