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


# --------------------------------------------------------------------------------------------
# ligar_mcp: a sessão que fica aberta entre células (cada célula corre numa tarefa asyncio própria)


def _servidores() -> list:
    """Os servidores MCP que este processo lançou e ainda correm."""
    import psutil

    return [p for p in psutil.Process().children(recursive=True)
            if "curso.mcp_demo" in " ".join(p.cmdline())]


async def _ate_nao_haver_servidores(espera_maxima=20.0) -> list:
    """Espera (com teto) até o sistema dizer que não há servidores do curso a correr; dá os que restam."""
    passo, esperado = 0.05, 0.0
    while _servidores() and esperado < espera_maxima:
        await asyncio.sleep(passo)
        esperado += passo
    return _servidores()


def test_a_sessao_de_ligar_mcp_serve_outras_tarefas_e_fecha_o_servidor():
    from curso.mcp_demo import fechar_mcp, ligar_mcp

    async def cenario():
        sessao = await asyncio.create_task(ligar_mcp())          # «célula» 1 abre
        assert len(_servidores()) == 1
        nomes = await asyncio.create_task(sessao.list_tools())  # «célula» 2 pergunta
        total = await asyncio.create_task(sessao.call_tool("calcular_total",
                                                            {"quantidade": 3, "preco_unitario": 2.5}))
        await asyncio.create_task(fechar_mcp(sessao))           # «célula» 3 fecha
        return {f.name for f in nomes.tools}, texto_do_resultado(total), await _ate_nao_haver_servidores()

    nomes, total, restam = asyncio.run(cenario())
    assert nomes == {"consultar_catalogo", "calcular_total"}
    assert total == "7.5"
    assert restam == [], "fechar_mcp deixou o servidor a correr"


def test_fechar_mcp_sem_argumento_fecha_todas_e_pode_repetir_se():
    from curso.mcp_demo import fechar_mcp, ligar_mcp

    async def cenario():
        await ligar_mcp()
        await ligar_mcp("envenenado")
        abertos = len(_servidores())
        await fechar_mcp()
        await fechar_mcp()  # nada aberto: não rebenta
        return abertos, await _ate_nao_haver_servidores()

    abertos, restam = asyncio.run(cenario())
    assert abertos == 2
    assert restam == []


def test_um_erro_ao_ligar_chega_a_quem_chamou():
    from curso.mcp_demo import ligar_mcp

    async def cenario():
        try:
            await ligar_mcp("pirata")
        except ValueError as erro:
            return str(erro)
        return None

    assert "variante desconhecida 'pirata'" in (asyncio.run(cenario()) or "")


def test_interromper_ligar_mcp_nao_deixa_o_servidor_orfao():
    """Um Ctrl+C (interromper o kernel) a meio de ligar_mcp cancela a célula: o servidor não fica a correr."""
    from curso.mcp_demo import ligar_mcp

    async def cenario():
        celula = asyncio.create_task(ligar_mcp())
        while not _servidores():  # o servidor já arrancou: a célula está à espera do aperto de mão
            if celula.done():
                raise AssertionError("ligar_mcp acabou antes de se ver o servidor")
            await asyncio.sleep(0.01)
        celula.cancel()
        try:
            await celula
        except asyncio.CancelledError:
            pass
        return await _ate_nao_haver_servidores()

    assert asyncio.run(cenario()) == []
