"""O modelo offline: um substituto determinístico do modelo que fala o protocolo Chat Completions.

O código do aluno usa o SDK ``openai`` verdadeiro, sem alterações; as respostas vêm de um
*decisor* ``(mensagens, ferramentas) -> texto | [{"nome", "argumentos"}]``. Ver
``docs/modelo_offline.md``.
"""

from .roteiro import Falha, Roteiro, RoteiroEsgotado
from .servidor import servir
from .tokens import codificador
from .transporte import cliente_offline, cliente_offline_assincrono
from .validacao import ErroPedido, validar_mensagens

__all__ = [
    "cliente_offline",
    "cliente_offline_assincrono",
    "servir",
    "Roteiro",
    "Falha",
    "RoteiroEsgotado",
    "ErroPedido",
    "validar_mensagens",
    "codificador",
]
