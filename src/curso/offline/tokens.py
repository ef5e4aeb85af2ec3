"""O tokenizador do curso (``o200k_base``) e a regra de contagem de ``usage``.

O vocabulário vem no próprio repositório (``curso/dados/o200k_base.tiktoken``) e é verificado
com o sha256 que o tiktoken publica: o tiktoken nunca é chamado a descarregar nada.

Regra de contagem de ``usage.prompt_tokens`` (o exercício 7.5 reproduz esta regra)::

    n(texto) = len(codificador().encode(texto))

    prompt_tokens = 3                                   # preparação da resposta
                  + soma, para cada mensagem, de:
                        3                               # custo fixo por mensagem
                      + n(role)
                      + n(texto do content)             # str; numa lista de partes, soma n(parte["text"])
                                                        # das partes com "text"; None ou ausente conta 0
                      + (1 + n(name))                   # só se a mensagem tiver "name" (texto não vazio)
                      + soma, por chamada em tool_calls, de 3 + n(function.name) + n(function.arguments)
                  + n(json.dumps(tools, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
                                                        # só quando o pedido traz ferramentas

``tool_call_id`` e os restantes campos (``refusal``, ``annotations``, …) não contam.
``completion_tokens`` = n(texto da resposta), ou, numa resposta com ferramentas, a soma por
chamada de 3 + n(nome) + n(argumentos em JSON).
"""

from __future__ import annotations

import base64
import hashlib
import marshal
import os
from functools import lru_cache
from pathlib import Path

import tiktoken

from .formatos import json_canonico

FICHEIRO_VOCABULARIO = Path(__file__).resolve().parent.parent / "dados" / "o200k_base.tiktoken"
# o hash publicado em tiktoken_ext/openai_public.py (função o200k_base)
SHA256_O200K_BASE = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"

# A expressão regular de pré-tokenização do o200k_base, tal como o tiktoken a define.
_PADRAO_O200K = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
_TAMANHO_O200K = 199_998  # linhas do ficheiro .tiktoken
_ESPECIAIS_O200K = {"<|endoftext|>": 199999, "<|endofprompt|>": 200018}


class Codificador(tiktoken.Encoding):
    """O ``tiktoken.Encoding`` do ``o200k_base``, com uma diferença deliberada:

    ``encode`` trata por omissão os tokens especiais (``<|endoftext|>``…) como texto normal, em vez
    de lançar um erro — uma mensagem de um utilizador nunca deve fazer o modelo offline falhar.
    """

    def encode(self, text, *, allowed_special=frozenset(), disallowed_special=()):
        return super().encode(
            text, allowed_special=allowed_special, disallowed_special=disallowed_special
        )


def ler_vocabulario(caminho: Path = FICHEIRO_VOCABULARIO) -> dict[bytes, int]:
    """Lê o ficheiro ``.tiktoken`` e confirma o sha256 publicado (sem rede)."""
    dados = Path(caminho).read_bytes()
    obtido = hashlib.sha256(dados).hexdigest()
    if obtido != SHA256_O200K_BASE:
        raise RuntimeError(
            f"O ficheiro de vocabulário {caminho} está corrompido: sha256 {obtido}, "
            f"esperava {SHA256_O200K_BASE}. Repõe-no a partir do repositório do curso."
        )
    return {
        base64.b64decode(token): int(posicao)
        for token, posicao in (linha.split() for linha in dados.splitlines() if linha)
    }


def _ficheiro_em_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "curso" / f"o200k_base-{SHA256_O200K_BASE[:16]}.marshal"


def vocabulario_em_cache() -> dict[bytes, int]:
    """O vocabulário já descodificado, guardado com ``marshal`` na pasta de cache do utilizador.

    Descodificar as 200 000 linhas em base64 custa ~0,2 s em cada kernel; a cópia em ``marshal``
    (só dados, sem código) lê-se em ~0,05 s. Só é escrita depois de o ficheiro original passar o
    sha256; se a pasta não der para escrever, lê-se do original como sempre.
    """
    cache = _ficheiro_em_cache()
    try:
        vocabulario = marshal.loads(cache.read_bytes())
        if isinstance(vocabulario, dict) and len(vocabulario) == _TAMANHO_O200K:
            return vocabulario
    except (OSError, ValueError, EOFError, TypeError):
        pass
    vocabulario = ler_vocabulario()
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        temporario = cache.with_suffix(f".{os.getpid()}.tmp")
        temporario.write_bytes(marshal.dumps(vocabulario))
        os.replace(temporario, cache)  # atómico: dois kernels ao mesmo tempo não se estragam
    except OSError:
        pass
    return vocabulario


@lru_cache(maxsize=1)
def codificador() -> Codificador:
    """O tokenizador ``o200k_base`` com que o modelo offline conta ``usage`` (criado uma só vez)."""
    return Codificador(
        name="o200k_base",
        pat_str=_PADRAO_O200K,
        mergeable_ranks=vocabulario_em_cache(),
        special_tokens=_ESPECIAIS_O200K,
    )


class AproximacaoDeTokens(UserWarning):
    """A contagem de tokens de um modelo cujo tokenizador o tiktoken não conhece é uma aproximação."""


def codificacao_do_modelo(nome: str) -> tuple[str, bool]:
    """``(codificação, exata)`` do modelo ``nome``.

    Exata quando o tiktoken instalado conhece o nome; senão, a da família do modelo (do seu perfil
    em ``curso.offline.perfis``, ou ``o200k_base``, a dos modelos da OpenAI desde o GPT-4o) — uma
    aproximação: a OpenAI não publica o tokenizador de todos os modelos.
    """
    from tiktoken.model import encoding_name_for_model

    try:
        return encoding_name_for_model(nome), True
    except KeyError:
        from .perfis import perfil_de

        perfil = perfil_de(nome)
        return (perfil.codificacao if perfil is not None else "o200k_base"), False


def codificador_do_modelo(nome: str) -> Codificador:
    """O tokenizador com que contar os tokens de ``nome``, dito em voz alta quando é aproximado.

    Quando o tiktoken não conhece o nome (``tiktoken.encoding_for_model`` daria ``KeyError``), usa
    a codificação da família e emite um aviso :class:`AproximacaoDeTokens`: confirma a contagem com
    o ``usage`` que a API devolve. O curso só traz o vocabulário do ``o200k_base`` (o tiktoken
    nunca vai à rede): outra codificação dá um ``ValueError``.
    """
    import warnings

    codificacao, exata = codificacao_do_modelo(nome)
    if codificacao != "o200k_base":
        raise ValueError(f"O modelo «{nome}» usa a codificação {codificacao}, e o curso só traz o "
                         "o200k_base (sem rede, o tiktoken não a descarrega).")
    if not exata:
        warnings.warn(f"O tiktoken não conhece o modelo «{nome}»: conto com o {codificacao}, a "
                      "codificação da família, e é uma aproximação — confirma-a com o usage que a "
                      "API devolve (prompt_tokens).", AproximacaoDeTokens, stacklevel=2)
    return codificador()


@lru_cache(maxsize=16384)
def n(texto: str) -> int:
    """Número de tokens de ``texto`` (com cache: as conversas repetem muito texto)."""
    if not texto:
        return 0
    return len(codificador().encode(texto))


def _texto_do_content(content) -> int:
    if isinstance(content, str):
        return n(content)
    if isinstance(content, list):
        return sum(
            n(parte["text"])
            for parte in content
            if isinstance(parte, dict) and isinstance(parte.get("text"), str)
        )
    return 0


def _tokens_chamada(chamada) -> int:
    funcao = chamada.get("function") if isinstance(chamada, dict) else None
    if not isinstance(funcao, dict):
        return 3
    nome = funcao.get("name")
    argumentos = funcao.get("arguments")
    return (
        3
        + (n(nome) if isinstance(nome, str) else 0)
        + (n(argumentos) if isinstance(argumentos, str) else 0)
    )


def tokens_da_mensagem(mensagem: dict) -> int:
    """Custo de uma mensagem, segundo a regra do módulo."""
    total = 3
    papel = mensagem.get("role")
    if isinstance(papel, str):
        total += n(papel)
    total += _texto_do_content(mensagem.get("content"))
    nome = mensagem.get("name")
    if isinstance(nome, str) and nome:
        total += 1 + n(nome)
    for chamada in mensagem.get("tool_calls") or ():
        total += _tokens_chamada(chamada)
    return total


def tokens_das_ferramentas(ferramentas: list | None) -> int:
    """Custo das definições de ferramentas: o JSON compacto e ordenado da lista ``tools``."""
    if not ferramentas:
        return 0
    return n(json_canonico(ferramentas))


def tokens_do_pedido(mensagens: list, ferramentas: list | None = None, *,
                     ferramentas_json: str | None = None) -> int:
    """``usage.prompt_tokens`` de um pedido com estas ``messages`` e ``tools``.

    ``ferramentas_json``: o JSON canónico de ``tools`` já calculado (poupa uma serialização).
    """
    custo_ferramentas = n(ferramentas_json) if ferramentas_json else tokens_das_ferramentas(ferramentas)
    return 3 + sum(tokens_da_mensagem(m) for m in mensagens) + custo_ferramentas


def tokens_da_resposta(texto: str | None, chamadas: list[tuple[str, str]]) -> int:
    """``usage.completion_tokens``: o texto, mais 3 + nome + argumentos por chamada."""
    return n(texto or "") + sum(3 + n(nome) + n(argumentos) for nome, argumentos in chamadas)


def tokens_por_bloco(mensagens: list, ferramentas_json: str | None) -> list[int]:
    """Os tokens de cada bloco do prompt, pela ordem da API: as ferramentas, depois cada mensagem.

    ``usage.prompt_tokens`` é 3 + a soma; a cache de prefixos compara os mesmos blocos.
    """
    blocos = [n(ferramentas_json)] if ferramentas_json else []
    blocos.extend(tokens_da_mensagem(m) for m in mensagens)
    return blocos
