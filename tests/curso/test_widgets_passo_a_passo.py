"""O ReAct passo a passo, conduzido pelos botões como um estudante faria."""

from curso.widgets import PassoAPasso


def consultar_preco(produto):
    return {"teclado": 79.9, "rato": 24.5}[produto]


def multiplicar(a, b):
    return round(a * b, 2)


FERRAMENTAS = {"consultar_preco": consultar_preco, "multiplicar": multiplicar}


def decidir(pedido, historico):
    if not historico:
        return {"ferramenta": "consultar_preco", "argumentos": {"produto": "teclado"}}
    if len(historico) == 1:
        return {"ferramenta": "multiplicar", "argumentos": {"a": 3, "b": historico[0]["resultado"]}}
    return {"ferramenta": "responder_final", "argumentos": {"texto": f"Total: {historico[-1]['resultado']}€"}}


def teimoso(pedido, historico):
    return {"ferramenta": "consultar_preco", "argumentos": {"produto": "rato"}}


def test_cada_clique_faz_uma_fase_e_o_historico_cresce():
    w = PassoAPasso("Quanto custam 3 teclados?", decidir, FERRAMENTAS)
    assert (w.fase, w.historico, w.resultado) == ("pensar", [], None)

    w.botao_seguinte.click()  # pensar
    assert w.fase == "agir" and w.decisao["ferramenta"] == "consultar_preco"
    assert "consultar_preco" in w.painel_fase.value and w.historico == []

    w.botao_seguinte.click()  # agir
    assert w.fase == "observar" and w.observacao == 79.9
    assert "79.9" in w.painel_fase.value and w.historico == []

    w.botao_seguinte.click()  # observar
    assert w.fase == "pensar"
    assert w.historico == [{"ferramenta": "consultar_preco", "argumentos": {"produto": "teclado"}, "resultado": 79.9}]
    assert "1 entrada(s)" in w.painel_historico.value

    for _ in range(3):
        w.botao_seguinte.click()
    assert len(w.historico) == 2 and w.historico[1]["resultado"] == 239.7
    assert "multiplicar" in w.painel_historico.value


def test_termina_com_a_resposta_e_desliga_o_botao():
    w = PassoAPasso("Quanto custam 3 teclados?", decidir, FERRAMENTAS)
    for _ in range(7):
        w.botao_seguinte.click()
    assert w.resultado == {"concluido": True, "resposta": "Total: 239.7€", "historico": w.historico}
    assert len(w.historico) == 2  # a resposta final não entra no histórico
    assert w.botao_seguinte.disabled
    assert "Concluído" in w.painel_fase.value and "Total: 239.7€" in w.painel_fase.value
    w.botao_seguinte.click()  # depois do fim, não faz nada
    assert len(w.eventos) == 7


def test_o_decisor_ve_cada_observacao_anterior():
    vistos = []

    def espiao(pedido, historico):
        vistos.append([h["resultado"] for h in historico])
        return decidir(pedido, historico)

    PassoAPasso("p", espiao, FERRAMENTAS).correr_ate_ao_fim()
    assert vistos == [[], [79.9], [79.9, 239.7]]


def test_max_passos_para_com_o_motivo_exato():
    w = PassoAPasso("p", teimoso, FERRAMENTAS, max_passos=2)
    resultado = w.correr_ate_ao_fim()
    assert resultado["concluido"] is False and resultado["motivo"] == "max_steps atingido"
    assert "resposta" not in resultado and len(w.historico) == 2
    assert "max_steps atingido" in w.painel_fase.value


def test_recomecar_volta_ao_inicio():
    w = PassoAPasso("p", decidir, FERRAMENTAS)
    w.correr_ate_ao_fim()
    w.botao_recomecar.click()
    assert (w.fase, w.historico, w.resultado, w.passo) == ("pensar", [], None, 0)
    assert not w.botao_seguinte.disabled
    assert "(vazio)" in w.painel_historico.value


def test_ferramenta_desconhecida_e_erros_viram_observacao():
    def decide_mal(pedido, historico):
        if not historico:
            return {"ferramenta": "apagar_tudo", "argumentos": {}}
        if len(historico) == 1:
            return {"ferramenta": "consultar_preco", "argumentos": {"produto": "monitor"}}
        return {"ferramenta": "responder_final", "argumentos": {"texto": "fim"}}

    w = PassoAPasso("p", decide_mal, FERRAMENTAS)
    w.correr_ate_ao_fim()
    assert w.historico[0]["resultado"].startswith("Erro: a ferramenta 'apagar_tudo' não existe")
    assert w.historico[1]["resultado"].startswith("Erro ao executar consultar_preco: KeyError")
    assert w.resultado["concluido"] is True


def test_decisor_que_rebenta_para_com_explicacao():
    def rebenta(pedido, historico):
        raise ValueError("sem ideias")

    w = PassoAPasso("p", rebenta, FERRAMENTAS)
    w.botao_seguinte.click()
    assert w.resultado["concluido"] is False and "sem ideias" in w.resultado["motivo"]
    assert w.botao_seguinte.disabled


def test_truncagem_de_observacoes_longas():
    w = PassoAPasso("p", lambda p, h: {"ferramenta": "eco", "argumentos": {}},
                    {"eco": lambda: "x" * 500}, max_passos=1, max_caracteres=40)
    w.correr_ate_ao_fim()
    assert "(+460 caracteres)" in w.painel_historico.value
    assert "x" * 41 not in w.painel_historico.value.split("title=")[0]


def test_decisor_com_modelo_offline():
    """Um decisor que pergunta ao modelo offline (pela API da OpenAI) funciona igual."""
    import json

    from curso.offline import cliente_offline

    def decisor_do_modelo(mensagens, ferramentas):
        if not any(m["role"] == "tool" for m in mensagens):
            return [{"nome": "consultar_preco", "argumentos": {"produto": "rato"}}]
        return "O rato custa 24.5€."

    cliente = cliente_offline(decisor_do_modelo)
    esquema = [{"type": "function", "function": {
        "name": "consultar_preco", "description": "Preço de um produto.",
        "parameters": {"type": "object", "properties": {"produto": {"type": "string"}},
                       "required": ["produto"]}}}]

    def decidir_com_modelo(pedido, historico):
        mensagens = [{"role": "user", "content": pedido}]
        for i, h in enumerate(historico):
            ident = f"chamada_{i}"
            mensagens.append({"role": "assistant", "content": None, "tool_calls": [{
                "id": ident, "type": "function",
                "function": {"name": h["ferramenta"], "arguments": json.dumps(h["argumentos"])}}]})
            mensagens.append({"role": "tool", "tool_call_id": ident, "content": json.dumps(h["resultado"])})
        resposta = cliente.chat.completions.create(model="offline", messages=mensagens, tools=esquema)
        mensagem = resposta.choices[0].message
        if not mensagem.tool_calls:
            return {"ferramenta": "responder_final", "argumentos": {"texto": mensagem.content}}
        chamada = mensagem.tool_calls[0].function
        return {"ferramenta": chamada.name, "argumentos": json.loads(chamada.arguments)}

    w = PassoAPasso("Quanto custa o rato?", decidir_com_modelo, FERRAMENTAS)
    for _ in range(3):
        w.botao_seguinte.click()
    assert w.historico == [{"ferramenta": "consultar_preco", "argumentos": {"produto": "rato"}, "resultado": 24.5}]
    w.botao_seguinte.click()
    assert w.resultado == {"concluido": True, "resposta": "O rato custa 24.5€.", "historico": w.historico}
