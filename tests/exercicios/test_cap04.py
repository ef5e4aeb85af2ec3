"""Verificações públicas do capítulo 4 — Prática: o teu primeiro agente."""

import json


from curso.verificacao import emprestado, explica


def cliente_offline(decisor):
    """O cliente offline do curso (importado só aqui: o SDK da OpenAI demora a carregar)."""
    from curso.offline import cliente_offline as construir

    return construir(decisor)


def _decisor_espiao(decisao):
    """Um decisor de um passo que devolve sempre `decisao` e regista os pedidos que viu."""
    chamadas = []

    def decidir(pedido):
        chamadas.append(pedido)
        return decisao

    decidir.chamadas = chamadas
    return decidir


def _modelo_espiao(resposta):
    """O «modelo» por trás do cliente offline: devolve `resposta` e regista o que recebeu."""
    chamadas = []

    def decisor(mensagens, ferramentas):
        chamadas.append((mensagens, ferramentas))
        return resposta

    decisor.chamadas = chamadas
    return decisor


# ---------------------------------------------------------------------------------------------


def _contas(nb, casos):
    """Cada pedido de `casos` leva a calcular_total com os dois números como float."""
    for pedido, (quantidade, preco) in casos.items():
        r = nb.decidir_ferramenta_e_argumentos(pedido)
        esperado = ("calcular_total", {"quantidade": quantidade, "preco_unitario": preco})
        assert r == esperado, explica(
            "Procura «<n> vezes <p>» ou «<n> x <p>» (com ou sem espaços, em maiúsculas ou "
            "minúsculas) e converte os números (com '.' ou ',') em float.",
            f"para {pedido!r} esperava {esperado!r}, obtive {r!r}")
        argumentos = r[1]
        assert all(type(v) is float for v in argumentos.values()), explica(
            "A quantidade e o preço são float, não texto nem int.",
            f"tipos: {[type(v).__name__ for v in argumentos.values()]}")


class TestEx4_1:
    """Decidir sem executar"""

    recebe_contentores = False  # recebe um texto

    def test_produto_do_catalogo(self, nb):
        """Um produto do catálogo no pedido leva a consultar_catalogo com o nome do catálogo"""
        casos = {
            "Qual é o preço do teclado mecânico?": "teclado mecânico",
            "Quanto custa o Rato Sem Fios?": "rato sem fios",
            "tens MONITOR 27 POLEGADAS em stock": "monitor 27 polegadas",
        }
        for pedido, nome in casos.items():
            r = nb.decidir_ferramenta_e_argumentos(pedido)
            assert r == ("consultar_catalogo", {"nome_produto": nome}), explica(
                "Procura cada nome do CATALOGO no pedido em minúsculas e devolve "
                "('consultar_catalogo', {'nome_produto': nome}) com o nome tal como está no catálogo.",
                f"para {pedido!r} devolveste {r!r}")

    def test_conta_com_vezes_ou_x(self, nb):
        """«n vezes p» e «n x p» levam a calcular_total, com floats e vírgula ou ponto decimal"""
        casos = {
            "Quanto custa 3 vezes 24.50?": (3.0, 24.5),
            "e 2 x 19,99?": (2.0, 19.99),
            "dá-me 4 x 7": (4.0, 7.0),
        }
        _contas(nb, casos)

    def test_espacos_e_maiusculas(self, nb):
        """Os espaços à volta de «vezes»/«x» são opcionais e as maiúsculas não contam"""
        _contas(nb, {"12x0.5": (12.0, 0.5), "1,5 VEZES 4": (1.5, 4.0), "2X3": (2.0, 3.0),
                     "5vezes2,5": (5.0, 2.5)})

    def test_catalogo_primeiro(self, nb):
        """Quando há um produto e uma conta, o catálogo ganha"""
        for pedido, nome in (("Quero 2 x teclado mecânico", "teclado mecânico"),
                             ("rato sem fios: 3 x 24,50", "rato sem fios")):
            r = nb.decidir_ferramenta_e_argumentos(pedido)
            assert r == ("consultar_catalogo", {"nome_produto": nome}), explica(
                "Verifica os produtos do catálogo antes da regra das contas (as regras vão por esta "
                "ordem).", f"para {pedido!r} devolveste {r!r}")

    def test_nao_executa(self, nb):
        """Só decide: não corre nenhuma ferramenta"""
        chamadas = []

        def espia(nome):
            return lambda *a, **k: chamadas.append(nome)

        espaco = nb.decidir_ferramenta_e_argumentos.__globals__
        with emprestado(nb.FERRAMENTAS, "consultar_catalogo", espia("consultar_catalogo")), \
                emprestado(nb.FERRAMENTAS, "calcular_total", espia("calcular_total")), \
                emprestado(espaco, "consultar_catalogo", espia("consultar_catalogo")), \
                emprestado(espaco, "calcular_total", espia("calcular_total")):
            for pedido in ("Quanto custa o rato sem fios?", "3 vezes 2"):
                nb.decidir_ferramenta_e_argumentos(pedido)
        assert chamadas == [], explica(
            "O decisor só devolve (nome, argumentos): quem corre a ferramenta é o 4.2.",
            f"correram {chamadas!r}")

    def test_nenhuma_serve(self, nb):
        """Sem produto nem conta, devolve None (não adivinha)"""
        for pedido in ("Que horas são?", "Quanto custa uma cadeira?", "3 vezes ao dia", ""):
            r = nb.decidir_ferramenta_e_argumentos(pedido)
            assert r is None, explica(
                "Quando nenhuma regra se aplica, devolve None: um agente que adivinha uma "
                "ferramenta dá respostas erradas com ar de certas.", f"para {pedido!r} devolveste {r!r}")


# ---------------------------------------------------------------------------------------------


def _dividir(nb, so_contar=False):
    """Corre executar_ferramenta com uma ferramenta espia dividir(dividendo, divisor).

    Com `so_contar`, um erro da chamada não interessa: só se contam as vezes que a ferramenta correu.
    """
    chamadas = []

    def dividir(dividendo, divisor):
        chamadas.append((dividendo, divisor))
        return dividendo / divisor

    with emprestado(nb.FERRAMENTAS, "dividir", dividir):
        try:
            nb.executar_ferramenta("dividir", {"divisor": 4, "dividendo": 2})
        except NotImplementedError:
            raise
        except Exception:
            if not so_contar:
                raise
    return chamadas


class TestEx4_2:
    """Executar o que foi decidido"""

    def test_corre_as_ferramentas(self, nb):
        """Corre a ferramenta de FERRAMENTAS com os argumentos por nome e devolve o resultado"""
        casos = [
            ("calcular_total", {"quantidade": 3.0, "preco_unitario": 24.5}),
            ("calcular_total", {"preco_unitario": 79.9, "quantidade": 2}),
            ("consultar_catalogo", {"nome_produto": "rato sem fios"}),
            ("consultar_catalogo", {"nome_produto": "cadeira de escritório"}),
        ]
        for nome, argumentos in casos:
            esperado = nb.FERRAMENTAS[nome](**argumentos)
            r = nb.executar_ferramenta(nome, dict(argumentos))
            assert r == esperado and type(r) is type(esperado), explica(
                "Chama FERRAMENTAS[nome](**argumentos) e devolve o resultado tal como vem "
                "(sem o converter em texto).", f"{nome}({argumentos}): esperava {esperado!r}, obtive {r!r}")
        stock = {"loja": ["ratos", "teclados"]}
        with emprestado(nb.FERRAMENTAS, "ver_stock", lambda: stock):
            r = nb.executar_ferramenta("ver_stock", {})
        assert r is stock, explica(
            "Devolve o próprio objeto que a ferramenta devolveu, tal como veio: nem texto, nem cópia.",
            f"a ferramenta devolveu {stock!r}; executar_ferramenta devolveu {r!r}")

    def test_por_nome(self, nb):
        """Os argumentos vão por nome, não pela ordem do dicionário"""
        chamadas = _dividir(nb)
        assert chamadas[:1] == [(2, 4)], explica(
            "Chama FERRAMENTAS[nome](**argumentos): cada valor vai para o parâmetro com o mesmo nome, "
            "seja qual for a ordem das chaves.",
            f"com a ferramenta dividir(dividendo, divisor) e {{'divisor': 4, 'dividendo': 2}}, "
            f"a ferramenta recebeu {chamadas[:1]!r}")

    def test_uma_so_vez(self, nb):
        """A ferramenta corre uma só vez"""
        chamadas = _dividir(nb, so_contar=True)
        assert len(chamadas) <= 1, explica(
            "Chama a ferramenta uma vez: cada chamada pode ter um efeito (um e-mail, uma encomenda).",
            f"a ferramenta correu {len(chamadas)} vezes")

    def test_nome_desconhecido_da_erro(self, nb):
        """Uma ferramenta que não existe dá erro, em vez de um None silencioso"""
        try:
            r = nb.executar_ferramenta("apagar_tudo", {})
        except NotImplementedError:
            raise
        except Exception:
            return
        raise AssertionError(explica(
            "Não escondas um nome desconhecido: deixa FERRAMENTAS[nome] lançar KeyError.",
            f"devolveste {r!r}"))


# ---------------------------------------------------------------------------------------------


CHAVES_DO_AGENTE = ("ferramenta", "argumentos", "resultado", "mensagem")


def _do_agente(r):
    """As quatro chaves do resultado do 4.3 (uma chave a mais não conta: o enunciado não diz «só»)."""
    assert isinstance(r, dict) and all(k in r for k in CHAVES_DO_AGENTE), explica(
        "Devolve um dicionário com as quatro chaves 'ferramenta', 'argumentos', 'resultado' e 'mensagem'.",
        f"obtive {r!r}")
    return {k: r[k] for k in CHAVES_DO_AGENTE}


class TestEx4_3:
    """O agente de um passo"""

    recebe_contentores = False  # recebe um texto e uma função

    def test_usa_o_decisor_dado(self, nb):
        """Chama o decisor que recebe, uma só vez, e executa a ferramenta que ele escolheu"""
        decidir = _decisor_espiao(("calcular_total", {"quantidade": 4, "preco_unitario": 2.5}))
        r = nb.agente_simples("pedido qualquer", decidir=decidir)
        assert decidir.chamadas == ["pedido qualquer"], explica(
            "Chama decidir(pedido) exatamente uma vez — o decisor que recebes, não o do 4.1.",
            f"o decisor foi chamado com {decidir.chamadas!r}")
        esperado = {"ferramenta": "calcular_total", "argumentos": {"quantidade": 4, "preco_unitario": 2.5},
                    "resultado": 10.0, "mensagem": None}
        assert _do_agente(r) == esperado, explica(
            "Devolve {'ferramenta', 'argumentos', 'resultado', 'mensagem'}, com 'mensagem' None "
            "quando correu bem.", f"esperava {esperado!r}, obtive {r!r}")

    def test_decisor_por_omissao(self, nb):
        """Sem decidir, usa o decisor de palavras-chave do 4.1"""
        r = nb.agente_simples("Quanto custa o rato sem fios?")
        esperado = {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"},
                    "resultado": {"preco": 24.5, "stock": 30}, "mensagem": None}
        assert _do_agente(r) == esperado, explica(
            "O decisor por omissão é decidir_ferramenta_e_argumentos.", f"obtive {r!r}")

    def test_omissao_procurada_na_chamada(self, nb):
        """Sem decidir, usa a versão atual do 4.1, não a que existia quando o def correu"""
        agente = nb.agente_simples
        espaco, nome, falta = agente.__globals__, "decidir_ferramenta_e_argumentos", object()
        original, decidir = espaco.get(nome, falta), _decisor_espiao(None)
        espaco[nome] = decidir  # como se tivesses corrigido o 4.1 e corrido só essa célula
        try:
            agente("Que horas são?")
        finally:  # o espaço de nomes é partilhado pelas verificações: fica como estava
            if original is falta:
                espaco.pop(nome, None)
            else:
                espaco[nome] = original
        assert "Que horas são?" in decidir.chamadas, explica(
            "Usa decidir=None e escolhe decidir_ferramenta_e_argumentos dentro da função: um valor "
            "por omissão fica fixado quando o def corre, preso à versão antiga do 4.1.",
            "o agente não chamou a versão atual de decidir_ferramenta_e_argumentos")

    def test_abstem_se(self, nb):
        """Quando o decisor devolve None, não executa nada e diz porquê"""
        decidir = _decisor_espiao(None)
        r = nb.agente_simples("Que horas são?", decidir=decidir)
        r = _do_agente(r)
        assert r["ferramenta"] is None and r["argumentos"] is None and r["resultado"] is None, explica(
            "Sem decisão, 'ferramenta', 'argumentos' e 'resultado' ficam None: nada correu.",
            f"obtive {r!r}")
        assert isinstance(r["mensagem"], str) and r["mensagem"].strip(), explica(
            "A 'mensagem' diz ao utilizador que nenhuma ferramenta serve (um texto, não vazio).",
            f"mensagem = {r['mensagem']!r}")
        assert len(decidir.chamadas) == 1, explica(
            "O decisor é chamado uma só vez.", f"foi chamado {len(decidir.chamadas)} vezes")


# ---------------------------------------------------------------------------------------------

PEDIDO_TECLADO = "Quanto custa o teclado mecânico?"


CHAMADA_TECLADO = [{"nome": "consultar_catalogo", "argumentos": {"nome_produto": "teclado mecânico"}}]


def _decidir(nb, pedido, resposta_do_modelo, modelo="modelo-de-teste"):
    """Corre decidir_com_modelo contra o modelo offline que responde `resposta_do_modelo`."""
    decisor = _modelo_espiao(resposta_do_modelo)
    cliente = cliente_offline(decisor)
    import openai

    try:
        r = nb.decidir_com_modelo(pedido, cliente, modelo)
    except openai.BadRequestError as erro:
        raise AssertionError(explica(
            "O pedido foi recusado pela API (400): confirma model, messages e tools.", str(erro))) from None
    except openai.InternalServerError as erro:
        raise _nao_pode_abster_se(cliente, resposta_do_modelo, erro) from None
    return r, cliente, decisor


def _nao_pode_abster_se(cliente, resposta_do_modelo, erro):
    """A falha a mostrar quando o pedido não deixa o modelo responder como respondeu (um 500 do
    modelo offline): quase sempre um tool_choice que o obriga a chamar uma ferramenta."""
    corpo = cliente.pedidos[-1] if cliente.pedidos else {}
    return AssertionError(explica(
        "O modelo tem de poder abster-se (responder só com texto): não o obrigues a chamar uma "
        "ferramenta com tool_choice=\"required\" ou uma função nomeada.",
        f"tool_choice={corpo.get('tool_choice')!r}; o modelo falso respondeu "
        f"{resposta_do_modelo!r} e a API recusou: {erro}"))


def _pedido_feito(nb):
    """O corpo do (primeiro) pedido que decidir_com_modelo fez, com o modelo a chamar uma ferramenta."""
    _, cliente, _ = _decidir(nb, PEDIDO_TECLADO, CHAMADA_TECLADO)
    assert cliente.pedidos, explica("Faz o pedido com cliente.chat.completions.create(...).", "nenhum pedido")
    return cliente.pedidos[0]


def _texto(conteudo):
    """O texto de uma mensagem: uma string, ou as partes de texto de uma lista."""
    if isinstance(conteudo, str):
        return conteudo
    if isinstance(conteudo, list):
        return " ".join(p.get("text", "") for p in conteudo if isinstance(p, dict))
    return ""


class TestEx4_4:
    """O mesmo agente, com um modelo a decidir"""

    recebe_contentores = False  # recebe um texto, um cliente e o nome do modelo

    def test_um_pedido(self, nb):
        """Faz um só pedido ao modelo por decisão"""
        _, cliente, _ = _decidir(nb, PEDIDO_TECLADO, CHAMADA_TECLADO)
        assert len(cliente.pedidos) == 1, explica(
            "Uma decisão, um pedido ao modelo: cada pedido custa tempo e dinheiro.",
            f"fizeste {len(cliente.pedidos)} pedidos")

    def test_modelo_dado(self, nb):
        """Usa o modelo que recebe"""
        corpo = _pedido_feito(nb)
        assert corpo.get("model") == "modelo-de-teste", explica(
            "Usa model=modelo (o argumento), não um nome fixo.", f"model = {corpo.get('model')!r}")

    def test_mensagem_do_utilizador(self, nb):
        """O pedido do utilizador vai numa mensagem «user»"""
        corpo = _pedido_feito(nb)
        mensagens = [m for m in corpo.get("messages") or [] if isinstance(m, dict)]
        do_utilizador = [_texto(m.get("content")) for m in mensagens if m.get("role") == "user"]
        assert any(PEDIDO_TECLADO in t for t in do_utilizador), explica(
            "Põe o pedido numa mensagem {'role': 'user', 'content': pedido} (uma mensagem de sistema "
            "antes dela é opcional).", f"messages = {json.dumps(mensagens, ensure_ascii=False)}")

    def test_as_duas_ferramentas(self, nb):
        """Dá ao modelo as duas ferramentas"""
        corpo = _pedido_feito(nb)
        nomes = sorted(f["function"]["name"] for f in corpo.get("tools") or [])
        assert nomes == ["calcular_total", "consultar_catalogo"], explica(
            "Passa tools=ESQUEMAS_FERRAMENTAS: o modelo só escolhe entre as ferramentas que lhe dás.",
            f"ferramentas enviadas: {nomes}")

    def test_le_a_chamada(self, nb):
        """Devolve (nome, argumentos) da chamada de ferramenta, com os argumentos como dicionário"""
        chamada = {"nome": "consultar_catalogo", "argumentos": {"nome_produto": "monitor 27 polegadas"}}
        r, _, _ = _decidir(nb, "Há monitores?", [chamada])
        assert r == ("consultar_catalogo", {"nome_produto": "monitor 27 polegadas"}), explica(
            "Lê tool_calls[0].function.name e json.loads(tool_calls[0].function.arguments).",
            f"devolveste {r!r}")

    def test_primeira_chamada(self, nb):
        """Com várias chamadas paralelas, usa a primeira"""
        chamadas = [
            {"nome": "calcular_total", "argumentos": {"quantidade": 3, "preco_unitario": 24.5}},
            {"nome": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"}},
        ]
        r, _, _ = _decidir(nb, "3 ratos", chamadas)
        assert r == ("calcular_total", {"quantidade": 3, "preco_unitario": 24.5}), explica(
            "tool_calls é uma lista: o agente de um passo usa a primeira chamada.", f"devolveste {r!r}")

    def test_texto_e_abstencao(self, nb):
        """Quando o modelo responde com texto, devolve None"""
        r, _, _ = _decidir(nb, "Que horas são?", "Não tenho nenhuma ferramenta para isso.")
        assert r is None, explica(
            "Sem tool_calls (a lista vem None), o modelo absteve-se: devolve None.", f"devolveste {r!r}")

    def test_agente_sem_mudancas(self, nb):
        """agente_simples funciona com o decisor do modelo sem mudar uma linha"""
        decisor = _modelo_espiao([{"nome": "calcular_total",
                                   "argumentos": {"quantidade": 2, "preco_unitario": 79.9}}])
        cliente = cliente_offline(decisor)
        r = nb.agente_simples("dois teclados", decidir=lambda p: nb.decidir_com_modelo(p, cliente, "m"))
        esperado = {"ferramenta": "calcular_total", "argumentos": {"quantidade": 2, "preco_unitario": 79.9},
                    "resultado": 159.8, "mensagem": None}
        assert _do_agente(r) == esperado, explica(
            "O agente executa o que o modelo decidiu, com o mesmo formato do 4.3.",
            f"esperava {esperado!r}, obtive {r!r}")
        texto = "Só vendo teclados, ratos e monitores."
        cliente = cliente_offline(_modelo_espiao(texto))
        import openai

        try:
            r = nb.agente_simples("Vendes bicicletas?", decidir=lambda p: nb.decidir_com_modelo(p, cliente, "m"))
        except openai.InternalServerError as erro:
            raise _nao_pode_abster_se(cliente, texto, erro) from None
        assert r["ferramenta"] is None and r["mensagem"], explica(
            "Quando o modelo se abstém, o agente diz que nenhuma ferramenta serve.", f"obtive {r!r}")
