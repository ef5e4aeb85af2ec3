"""O modelo offline: um substituto determinístico do modelo que fala as APIs Chat Completions e
Responses da OpenAI.

O código do aluno usa o SDK ``openai`` verdadeiro, sem alterações; as respostas vêm de um
*decisor* ``(mensagens, ferramentas) -> texto | [{"nome", "argumentos"}] | TextoEChamadas``, o mesmo para as duas
APIs. Ver ``docs/modelo_offline.md``.
"""

from importlib import import_module

from .roteiro import Falha, Roteiro, RoteiroEsgotado, TextoEChamadas
from .servidor import servir
from .tokens import codificador
from .validacao import ErroPedido, validar_mensagens

# os clientes importam o SDK openai (~0,6 s): só quando são pedidos, para que quem usa apenas
# o tokenizador ou a validação (capítulo 7) não pague essa importação
_PREGUICOSOS = {"cliente_offline": ".transporte", "cliente_offline_assincrono": ".transporte"}


def __getattr__(nome):
    if nome in _PREGUICOSOS:
        valor = getattr(import_module(_PREGUICOSOS[nome], __name__), nome)
        globals()[nome] = valor
        return valor
    raise AttributeError(f"o módulo 'curso.offline' não tem o atributo {nome!r}")

__all__ = [
    "cliente_offline",
    "cliente_offline_assincrono",
    "servir",
    "Roteiro",
    "Falha",
    "RoteiroEsgotado",
    "TextoEChamadas",
    "ErroPedido",
    "validar_mensagens",
    "codificador",
]
