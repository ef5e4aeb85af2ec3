"""Um servidor MCP pequeno, feito com o SDK oficial ``mcp``, com as ferramentas do capítulo 9.

MCP (*Model Context Protocol*) é a forma comum de servir ferramentas a agentes: o servidor
anuncia-as (nome, descrição, esquema JSON dos argumentos) e corre-as quando o cliente pede. Aqui
fala por stdio: o cliente lança ``python -m curso.mcp_demo`` como subprocesso e troca mensagens
JSON-RPC pela entrada e saída padrão — sem rede.

Do lado do agente: :func:`sessao_mcp` abre a sessão, :func:`para_ferramenta` converte uma
ferramenta MCP numa ferramenta ``tools=`` do Chat Completions e :func:`texto_do_resultado` lê o
que a ferramenta devolveu.
"""

from __future__ import annotations

import contextlib
import json
import sys

CATALOGO = {
    "teclado mecânico": {"preco": 79.90, "stock": 12},
    "rato sem fios": {"preco": 24.50, "stock": 30},
    "monitor 27 polegadas": {"preco": 219.00, "stock": 5},
}


def consultar_catalogo(nome_produto: str) -> dict | None:
    """Preço e stock de um produto, pelo nome (null se o produto não existir)."""
    return CATALOGO.get(nome_produto.lower())


def calcular_total(quantidade: float, preco_unitario: float) -> float:
    """Quantidade × preço unitário, arredondado aos cêntimos."""
    return round(quantidade * preco_unitario, 2)


def criar_servidor():
    """O servidor MCP ``catalogo`` com as duas ferramentas (o esquema sai das anotações de tipo)."""
    from mcp.server.mcpserver import MCPServer  # o antigo FastMCP (mcp ≥ 2)

    servidor = MCPServer("catalogo", log_level="WARNING")
    servidor.tool()(consultar_catalogo)
    servidor.tool()(calcular_total)
    return servidor


@contextlib.asynccontextmanager
async def sessao_mcp():
    """Lança o servidor por stdio e dá uma ``mcp.ClientSession`` já inicializada."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    parametros = StdioServerParameters(command=sys.executable, args=["-m", "curso.mcp_demo"])
    # num caderno, sys.stderr não é um ficheiro do sistema: os avisos do servidor vão para o
    # stderr verdadeiro do kernel
    try:
        sys.stderr.fileno()
        erros = sys.stderr
    except (AttributeError, OSError, ValueError):
        erros = sys.__stderr__
    async with stdio_client(parametros, errlog=erros) as (ler, escrever), ClientSession(ler, escrever) as sessao:
        await sessao.initialize()
        yield sessao


def para_ferramenta(ferramenta) -> dict:
    """Uma ferramenta MCP (``name``, ``description``, ``input_schema``) na forma ``tools=`` do Chat Completions."""
    return {"type": "function", "function": {
        "name": ferramenta.name,
        "description": ferramenta.description or "",
        "parameters": ferramenta.input_schema,
    }}


def texto_do_resultado(resultado) -> str:
    """O conteúdo de um ``CallToolResult`` em texto, para a mensagem ``tool``; um erro vem marcado."""
    texto = "\n".join(parte.text for parte in resultado.content if getattr(parte, "type", "") == "text")
    if not texto and resultado.structured_content is not None:
        texto = json.dumps(resultado.structured_content, ensure_ascii=False)
    return f"ERRO: {texto}" if resultado.is_error else texto


if __name__ == "__main__":
    criar_servidor().run("stdio")
