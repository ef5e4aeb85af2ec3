"""Biblioteca de apoio do curso «Agentes e Workflows Multi-Step».

Os nomes públicos são carregados só quando são usados: ``from curso import verificar``
não importa o SDK da OpenAI nem os widgets, para que a primeira verificação seja rápida.
"""

import sys
from importlib import import_module

# O jsonschema, ao ser importado, carrega o rfc3987_syntax se estiver instalado (vem com o
# JupyterLab) só para validar o formato "iri"; esse módulo compila uma gramática e leva ~1,5 s.
# O curso não valida IRIs: sem ele, «import jsonschema» passa de ~1,6 s para ~0,2 s em cada kernel
# (o modelo offline valida os esquemas das ferramentas com o jsonschema).
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

__all__ = [
    "verificar",
    "preparar_verificacoes",
    "cliente",
    "cliente_offline",
    "cliente_offline_assincrono",
    "servir",
    "Roteiro",
    "validar_mensagens",
    "codificador",
]

# nome público -> módulo onde vive
_ONDE = {
    "verificar": "curso.verificacao",
    "preparar_verificacoes": "curso.verificacao",
    "cliente": "curso.clientes",
    "modelo": "curso.clientes",
    "cliente_offline": "curso.offline",
    "cliente_offline_assincrono": "curso.offline",
    "servir": "curso.offline",
    "Roteiro": "curso.offline",
    "validar_mensagens": "curso.offline",
    "codificador": "curso.offline",
}


def __getattr__(nome):
    if nome in _ONDE:
        valor = getattr(import_module(_ONDE[nome]), nome)
        globals()[nome] = valor
        return valor
    raise AttributeError(f"o módulo 'curso' não tem o atributo {nome!r}")
