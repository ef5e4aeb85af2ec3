"""As mensagens entre o processo principal (``correcao/lote.py``) e os trabalhadores
(``correcao/trabalhador.py``), definidas uma vez para os dois lados.

Cada mensagem é uma linha JSON ``{"tipo": {campos}}`` (ver ``para_linha``). O principal lê as
respostas de um processo onde o nbgrader corre código de alunos: uma linha sem a forma esperada
é uma ``MensagemInvalida`` e esse trabalhador deixa de ser de confiança. A resposta não traz
aluno nem capítulo: o principal só conhece os da tarefa que ele próprio enviou.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field


class MensagemInvalida(ValueError):
    """Uma linha do protocolo que não é nenhuma das mensagens esperadas."""


@dataclass(frozen=True)
class Preparar:
    """→ trabalhador: lê a configuração do curso em ``raiz`` e copia a base de dados ``db``."""

    raiz: str
    db: str
    fonte: str | None = None  # as soluções com os testes escondidos (senão as da configuração)
    timeout: int | None = None  # limite por célula (senão o da configuração)
    kernel: str | None = None  # o kernel na caixa de areia (ver curso.correcao.caixa)


@dataclass(frozen=True)
class Preparado:
    """← principal: a configuração está lida, o trabalhador aceita tarefas."""


@dataclass(frozen=True)
class Tarefa:
    """→ trabalhador: corrige a submissão ``submetidos/ALUNO/CAPITULO``."""

    id: int | str
    capitulo: str
    aluno: str
    submetidos: str
    corrigidos: str
    retorno: str
    publicado: str
    retorno_ativo: bool = True  # falso: não gera o HTML do retorno (a guarda das soluções)


@dataclass(frozen=True)
class Fim:
    """→ trabalhador: não há mais tarefas, sai."""


@dataclass
class NotaDaCelula:
    pontos: float | None
    manual: bool
    maximo: float


@dataclass
class NotasDoCaderno:
    penalizacao: float | None
    notas: dict[str, NotaDaCelula]  # por grade_id
    comentarios: dict[str, str | None]


@dataclass
class Notas:
    timestamp: str | None  # ISO 8601
    pontos: float
    maximo: float
    cadernos: dict[str, NotasDoCaderno]  # pelo nome do caderno, sem .ipynb


@dataclass
class Resposta:
    """← principal: o resultado da tarefa ``id``; sem ``notas`` quando não as houve."""

    id: int | str
    ok: bool
    problemas: list[str] = field(default_factory=list)
    notas: Notas | None = None
    erro: str | None = None
    segundos: float | None = None


TIPOS: dict[str, type] = {"preparar": Preparar, "preparado": Preparado, "tarefa": Tarefa,
                          "fim": Fim, "resposta": Resposta}
_NOME_DO_TIPO = {tipo: nome for nome, tipo in TIPOS.items()}


def para_linha(mensagem) -> str:
    """A mensagem numa linha JSON, com o ``\\n`` do fim."""
    return json.dumps({_NOME_DO_TIPO[type(mensagem)]: asdict(mensagem)}, ensure_ascii=False) + "\n"


def _notas(dados: dict) -> Notas:
    cadernos = {
        nome: NotasDoCaderno(
            caderno["penalizacao"],
            {gid: NotaDaCelula(**nota) for gid, nota in caderno["notas"].items()},
            dict(caderno["comentarios"]),
        )
        for nome, caderno in dados["cadernos"].items()
    }
    return Notas(dados["timestamp"], dados["pontos"], dados["maximo"], cadernos)


def de_linha(linha: str, *esperados: type):
    """A mensagem de uma linha, que tem de ser de um dos tipos ``esperados``."""
    try:
        ((nome, campos),) = json.loads(linha).items()
        tipo = TIPOS[nome]
        if tipo not in esperados:
            raise MensagemInvalida(f"esperava {', '.join(_NOME_DO_TIPO[t] for t in esperados)}, "
                                   f"chegou «{nome}»")
        if tipo is Resposta and campos.get("notas") is not None:
            campos = {**campos, "notas": _notas(campos["notas"])}
        return tipo(**campos)
    except MensagemInvalida:
        raise
    except (ValueError, AttributeError, KeyError, TypeError) as erro:
        inicio = linha[:80] + ("…" if len(linha) > 80 else "")
        raise MensagemInvalida(f"linha do protocolo mal formada ({type(erro).__name__}): "
                               f"{inicio!r}") from None
