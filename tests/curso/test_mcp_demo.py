"""O servidor MCP do capítulo 9 (``curso.mcp_demo``) por stdio, com o SDK oficial ``mcp``: um
agente lista as ferramentas, converte-as em ferramentas ``tools=`` e chama-as — sem rede."""

import asyncio
import json

from curso import modelo
from curso.mcp_demo import para_ferramenta, sessao_mcp, texto_do_resultado
from curso.offline import cliente_offline, validar_mensagens

MODELO = modelo()  # o nome vive num só sítio: curso.clientes


def decisor_orcamento(mensagens, ferramentas):
    """Consulta o catálogo, calcula o total e responde — só com as ferramentas que recebeu."""
    nomes = {f["function"]["name"] for f in ferramentas}
    assert nomes == {"consultar_catalogo", "calcular_total"}
    resultados = [json.loads(m["content"]) for m in mensagens if m["role"] == "tool"]
    if not resultados:
        return [{"nome": "consultar_catalogo", "argumentos": {"nome_produto": "teclado mecânico"}}]
    if len(resultados) == 1:
        return [{"nome": "calcular_total", "argumentos": {"quantidade": 3, "preco_unitario": resultados[0]["preco"]}}]
    return f"Orçamento: {resultados[1]:.2f} €"


async def agente(llm, pedido, max_voltas=5):
    mensagens = [{"role": "user", "content": pedido}]
    async with sessao_mcp() as sessao:
        anunciadas = (await sessao.list_tools()).tools
        ferramentas = [para_ferramenta(f) for f in anunciadas]
        for _ in range(max_voltas):
            m = llm.chat.completions.create(model=MODELO, messages=mensagens, tools=ferramentas).choices[0].message
            mensagens.append(m.model_dump(exclude_none=True))
            if not m.tool_calls:
                break
            for c in m.tool_calls:
                resultado = await sessao.call_tool(c.function.name, json.loads(c.function.arguments))
                mensagens.append({"role": "tool", "tool_call_id": c.id, "content": texto_do_resultado(resultado)})
        erro = texto_do_resultado(await sessao.call_tool("calcular_total", {"quantidade": "três"}))
    return anunciadas, mensagens, erro


def test_agente_lista_converte_e_chama_as_ferramentas_mcp():
    llm = cliente_offline(decisor_orcamento, _strict_response_validation=True)
    anunciadas, mensagens, erro = asyncio.run(agente(llm, "Orçamento para 3 teclados mecânicos"))
    assert {f.name for f in anunciadas} == {"consultar_catalogo", "calcular_total"}
    # o esquema que o modelo recebe é o que o servidor gerou a partir das anotações de tipo
    esquema = next(f for f in llm.pedidos[0]["tools"] if f["function"]["name"] == "calcular_total")
    assert esquema["function"]["parameters"]["required"] == ["quantidade", "preco_unitario"]
    assert esquema["function"]["parameters"]["properties"]["quantidade"]["type"] == "number"
    assert mensagens[-1]["content"] == "Orçamento: 239.70 €"
    assert json.loads(mensagens[2]["content"]) == {"preco": 79.9, "stock": 12}
    validar_mensagens(mensagens)
    # argumentos inválidos: o servidor recusa e o erro volta como texto marcado, não como exceção
    assert erro.startswith("ERRO: ") and "quantidade" in erro
