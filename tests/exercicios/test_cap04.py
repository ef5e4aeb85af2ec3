"""Verificações públicas do capítulo 4 — Prática: o teu primeiro agente."""

import json

from curso.verificacao import emprestado, explica, igual_estrito
from curso.verificacao.dominios import (
    com_maiusculas_e_espacos,
    contraexemplo,
    example,
    folhas_json,
    propriedade,
    resultados,
    st,
    textos,
)


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


# O domínio do 4.1: pedidos com um produto do catálogo (com outras maiúsculas) no meio de texto,
# contas «<n> vezes <p>» / «<n> x <p>» com números inteiros ou decimais (ponto ou vírgula), com ou
# sem espaços e com outras maiúsculas, e pedidos sem nada disto
PRODUTOS_4_1 = ("teclado mecânico", "rato sem fios", "monitor 27 polegadas")
_TEXTO_4_1 = st.text(alphabet="abcdefghijlmnopqrstuvzáéçãõ ?!.:ÁÉQ", max_size=12)  # sem algarismos
_PRODUTO_4_1 = st.sampled_from(PRODUTOS_4_1).flatmap(lambda nome: st.tuples(st.just(nome), st.tuples(
    *(st.sampled_from(sorted({c.lower(), c.upper()})) for c in nome)).map("".join)))
_NUMERO_4_1 = st.one_of(
    st.integers(0, 999).map(lambda n: (str(n), float(n))),
    st.tuples(st.integers(0, 999), st.integers(0, 99), st.sampled_from([".", ","])).map(
        lambda t: (f"{t[0]}{t[2]}{t[1]:02d}", float(f"{t[0]}.{t[1]:02d}"))),
)
_PALAVRA_4_1 = st.sampled_from(["vezes", "x"]).flatmap(
    lambda p: st.tuples(*(st.sampled_from(sorted({c.lower(), c.upper()})) for c in p)).map("".join))
_ESPACO_4_1 = st.sampled_from(["", " ", "  "])
_CONTA_4_1 = st.builds(
    lambda antes, n, e1, palavra, e2, p, depois: (f"{antes} {n[0]}{e1}{palavra}{e2}{p[0]}{depois}", n[1], p[1]),
    _TEXTO_4_1, _NUMERO_4_1, _ESPACO_4_1, _PALAVRA_4_1, _ESPACO_4_1, _NUMERO_4_1,
    st.sampled_from(["", "?", " euros", " cada"]))
_NENHUMA_4_1 = st.one_of(
    _TEXTO_4_1, st.builds(lambda n, t: f"{n} vezes {t}", st.integers(0, 99), _TEXTO_4_1),
    st.builds(lambda t: f"algumas vezes {t}", _TEXTO_4_1),
    st.sampled_from(["Que horas são?", "Quanto custa uma cadeira?", "3 vezes ao dia", "", "rato com fios"]),
)


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

    @propriedade(_PRODUTO_4_1, _TEXTO_4_1, _TEXTO_4_1, exemplos=6)
    @example(produto=("rato sem fios", "Rato Sem Fios"), antes="Quanto custa o ", depois="?")
    def test_produto_do_catalogo(self, nb, produto, antes, depois):
        """Um produto do catálogo no pedido leva a consultar_catalogo com o nome do catálogo"""
        nome, escrito = produto
        pedido = f"{antes}{escrito}{depois}"
        r = nb.decidir_ferramenta_e_argumentos(pedido)
        esperado = ("consultar_catalogo", {"nome_produto": nome})
        assert r == esperado, contraexemplo(
            "Procura cada nome do CATALOGO no pedido em minúsculas e devolve "
            "('consultar_catalogo', {'nome_produto': nome}) com o nome tal como está no catálogo.",
            f"decidir_ferramenta_e_argumentos({pedido!r})", esperado, r)

    @propriedade(_TEXTO_4_1, _NUMERO_4_1, st.sampled_from(["vezes", "x"]), _NUMERO_4_1, exemplos=6)
    @example(antes="Quanto custa", n=("3", 3.0), palavra="vezes", p=("24.50", 24.5))
    def test_conta_com_vezes_ou_x(self, nb, antes, n, palavra, p):
        """«n vezes p» e «n x p» levam a calcular_total, com floats e vírgula ou ponto decimal"""
        _contas(nb, {f"{antes} {n[0]} {palavra} {p[0]}?": (n[1], p[1])})

    @propriedade(_CONTA_4_1, exemplos=6)
    @example(conta=("12x0.5", 12.0, 0.5))
    def test_espacos_e_maiusculas(self, nb, conta):
        """Os espaços à volta de «vezes»/«x» são opcionais e as maiúsculas não contam"""
        pedido, n, p = conta
        _contas(nb, {pedido: (n, p)})

    @propriedade(st.sampled_from(PRODUTOS_4_1), _CONTA_4_1, st.booleans(), exemplos=4)
    @example(nome="teclado mecânico", conta=("Quero 2 x", 2.0, 0.0), antes=True)
    def test_catalogo_primeiro(self, nb, nome, conta, antes):
        """Quando há um produto e uma conta, o catálogo ganha"""
        # (o produto escrito como no catálogo: as maiúsculas são de outro requisito)
        pedido = f"{conta[0]} {nome}" if antes else f"{nome}: {conta[0]}"
        r = nb.decidir_ferramenta_e_argumentos(pedido)
        esperado = ("consultar_catalogo", {"nome_produto": nome})
        assert r == esperado, contraexemplo(
            "Verifica os produtos do catálogo antes da regra das contas (as regras vão por esta "
            "ordem).", f"decidir_ferramenta_e_argumentos({pedido!r})", esperado, r)

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

    @propriedade(_NENHUMA_4_1, exemplos=6)
    @example(pedido="3 vezes ao dia")
    def test_nenhuma_serve(self, nb, pedido):
        """Sem produto nem conta, devolve None (não adivinha)"""
        r = nb.decidir_ferramenta_e_argumentos(pedido)
        assert r is None, contraexemplo(
            "Quando nenhuma regra se aplica, devolve None: um agente que adivinha uma "
            "ferramenta dá respostas erradas com ar de certas.", f"decidir_ferramenta_e_argumentos({pedido!r})",
            None, r)

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.one_of(_CONTA_4_1.map(lambda c: c[0]), _NENHUMA_4_1,
                           st.builds(lambda p, t: t + p[1], _PRODUTO_4_1, _TEXTO_4_1)), exemplos=5)
    def oraculo_a_mesma_decisao(self, nb, solucao, pedido):
        """A mesma decisão que a solução (com os mesmos tipos: floats, e None onde nada serve)."""
        obtido = nb.decidir_ferramenta_e_argumentos(pedido)
        esperado = solucao.decidir_ferramenta_e_argumentos(pedido)
        assert type(obtido) is type(esperado) and igual_estrito(obtido, esperado), contraexemplo(
            "decidir_ferramenta_e_argumentos não faz o que o enunciado pede (comparado com a solução do curso).",
            f"decidir_ferramenta_e_argumentos({pedido!r})", esperado, obtido)


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


_PRODUTO_DO_MODELO = st.sampled_from(["rato sem fios", "cadeira de escritório"]).flatmap(com_maiusculas_e_espacos)


class TestEx4_2:
    """Executar o que foi decidido"""

    # os valores: qualquer folha JSON e nomes de produtos escritos como o modelo os escreve, com
    # maiúsculas e espaços à volta (a ferramenta normaliza-os; quem chama não tem de o fazer)
    @propriedade(st.dictionaries(st.sampled_from(["a", "b", "quantidade", "nome_produto", "x"]),
                                 st.one_of(folhas_json(), _PRODUTO_DO_MODELO), max_size=3), resultados(), exemplos=6)
    @example(argumentos={}, resultado={"loja": ["ratos", "teclados"]})
    def test_corre_as_ferramentas(self, nb, argumentos, resultado):
        """Corre a ferramenta de FERRAMENTAS com os argumentos por nome e devolve o resultado, tal como veio"""
        recebidos = []

        def ferramenta(**nomeados):
            recebidos.append(nomeados)
            return resultado

        with emprestado(nb.FERRAMENTAS, "ferramenta_gerada", ferramenta):
            r = nb.executar_ferramenta("ferramenta_gerada", dict(argumentos))
        entrada = f"executar_ferramenta('ferramenta_gerada', {argumentos!r}) e uma ferramenta que devolve {resultado!r}"
        # (quantas vezes corre é de outro requisito: aqui só conta com que argumentos)
        assert recebidos and all(a == argumentos for a in recebidos), contraexemplo(
            "Chama FERRAMENTAS[nome](**argumentos): cada argumento pelo nome.", entrada, [argumentos], recebidos)
        mesmo = r is resultado if isinstance(resultado, (list, dict)) else igual_estrito(r, resultado)
        assert mesmo, contraexemplo(
            "Devolve o próprio objeto que a ferramenta devolveu, tal como veio: nem texto, nem cópia, "
            "nem outro tipo (também None, 0 ou False).", entrada, resultado, r)
        for nome, argumentos in (("calcular_total", {"preco_unitario": 79.9, "quantidade": 2}),
                                 ("consultar_catalogo", {"nome_produto": " Cadeira de Escritório "})):
            esperado = nb.FERRAMENTAS[nome](**argumentos)
            r = nb.executar_ferramenta(nome, dict(argumentos))
            assert r == esperado and type(r) is type(esperado), contraexemplo(
                "Chama FERRAMENTAS[nome](**argumentos) e devolve o resultado tal como vem.",
                f"executar_ferramenta({nome!r}, {argumentos!r})", esperado, r)

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

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.sampled_from(["calcular_total", "consultar_catalogo", "nao_existe"]),
                 st.dictionaries(st.sampled_from(["quantidade", "preco_unitario", "nome_produto"]),
                                 st.one_of(st.integers(0, 9), st.sampled_from(["rato sem fios", "x"])), max_size=2),
                 exemplos=3)
    def oraculo_o_mesmo_resultado(self, nb, solucao, nome, argumentos):
        """O mesmo resultado que a solução, ou um erro onde ela dá erro (o tipo do erro é livre)."""

        def correr(executar_ferramenta):
            try:
                return executar_ferramenta(nome, dict(argumentos))
            except Exception:  # o tipo e o texto do erro são livres: só conta que houve erro
                return "<erro>"

        obtido, esperado = correr(nb.executar_ferramenta), correr(solucao.executar_ferramenta)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "executar_ferramenta não faz o que o enunciado pede (comparado com a solução do curso).",
            f"executar_ferramenta({nome!r}, {argumentos!r})", esperado, obtido)


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

    @propriedade(st.one_of(
        st.builds(lambda q, p: ("calcular_total", {"quantidade": q, "preco_unitario": p}),
                  st.one_of(st.integers(0, 50), st.floats(0, 50, width=32)), st.floats(0, 500, width=32)),
        st.builds(lambda n: ("consultar_catalogo", {"nome_produto": n}),
                  st.sampled_from(["rato sem fios", "cadeira", "Monitor 27 Polegadas", ""]))), exemplos=6)
    @example(decisao=("calcular_total", {"quantidade": 4, "preco_unitario": 2.5}))
    def test_usa_o_decisor_dado(self, nb, decisao):
        """Chama o decisor que recebe, uma só vez, e executa a ferramenta que ele escolheu"""
        decidir = _decisor_espiao(decisao)
        r = nb.agente_simples("pedido qualquer", decidir=decidir)
        entrada = f"agente_simples('pedido qualquer', decidir) e um decisor que devolve {decisao!r}"
        assert decidir.chamadas == ["pedido qualquer"], contraexemplo(
            "Chama decidir(pedido) exatamente uma vez (é o decisor que recebes, não o do 4.1).",
            entrada, ["pedido qualquer"], decidir.chamadas)
        nome, argumentos = decisao
        esperado = {"ferramenta": nome, "argumentos": argumentos,
                    "resultado": nb.FERRAMENTAS[nome](**argumentos), "mensagem": None}
        assert igual_estrito(_do_agente(r), esperado), contraexemplo(
            "Devolve {'ferramenta', 'argumentos', 'resultado', 'mensagem'}, com o resultado da ferramenta "
            "(4.2) e 'mensagem' None quando correu bem.", entrada, esperado, r)

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

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.one_of(st.none(), st.builds(lambda q, p: ("calcular_total", {"quantidade": q, "preco_unitario": p}),
                                                st.integers(0, 20), st.floats(0, 99, width=32)),
                           st.builds(lambda n: ("consultar_catalogo", {"nome_produto": n}),
                                     st.sampled_from(["rato sem fios", "cadeira"]))), exemplos=3)
    def oraculo_o_mesmo_passo(self, nb, solucao, decisao):
        """As quatro chaves iguais às da solução, com a mensagem só a dizer se existe (o texto é livre)."""

        def correr(agente_simples):
            r = _do_agente(agente_simples("pedido", decidir=_decisor_espiao(decisao)))
            return {**r, "mensagem": isinstance(r["mensagem"], str) and bool(r["mensagem"].strip())}

        obtido, esperado = correr(nb.agente_simples), correr(solucao.agente_simples)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "agente_simples não faz o que o enunciado pede (comparado com a solução do curso).",
            f"agente_simples('pedido', decidir) e um decisor que devolve {decisao!r}", esperado, obtido)


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
    modelo offline): um tool_choice que o obriga a chamar uma ferramenta, ou que o proíbe."""
    corpo = cliente.pedidos[-1] if cliente.pedidos else {}
    if corpo.get("tool_choice") == "none":
        return AssertionError(explica(
            "O modelo tem de poder escolher uma ferramenta: com tool_choice=\"none\" nunca pode chamar "
            "nenhuma. Deixa tool_choice de fora (ou \"auto\").",
            f"o modelo falso quis responder {resposta_do_modelo!r} e a API recusou: {erro}"))
    return AssertionError(explica(
        "O modelo tem de poder abster-se (responder só com texto): não o obrigues a chamar uma "
        "ferramenta com tool_choice=\"required\" ou uma função nomeada.",
        f"tool_choice={corpo.get('tool_choice')!r}; o modelo falso respondeu "
        f"{resposta_do_modelo!r} e a API recusou: {erro}"))


def _pedidos_feitos(nb, resposta=CHAMADA_TECLADO, pedido=PEDIDO_TECLADO, tolerados=None):
    """O cliente depois de decidir_com_modelo, com o modelo a dar ``resposta`` (por omissão, a chamar
    uma ferramenta). Estas verificações olham só para o que foi pedido: um erro dos ``tolerados``
    (por omissão, o 500 do modelo offline quando o tool_choice não deixa o modelo responder assim)
    julga-o outra verificação."""
    import openai

    tolerados = tolerados or openai.InternalServerError
    cliente = cliente_offline(_modelo_espiao(resposta))
    decidir = nb.decidir_com_modelo
    try:
        decidir(pedido, cliente, "modelo-de-teste")
    except NotImplementedError:
        raise
    except tolerados:
        pass
    return cliente


def _pedido_feito(nb):
    """O corpo do (primeiro) pedido que decidir_com_modelo fez."""
    cliente = _pedidos_feitos(nb)
    assert cliente.pedidos, explica("Faz o pedido com cliente.chat.completions.create(...).", "nenhum pedido")
    return cliente.pedidos[0]


def _texto(conteudo):
    """O texto de uma mensagem: uma string, ou as partes de texto de uma lista."""
    if isinstance(conteudo, str):
        return conteudo
    if isinstance(conteudo, list):
        return " ".join(p.get("text", "") for p in conteudo if isinstance(p, dict))
    return ""


# O domínio do 4.4: chamadas às duas ferramentas com argumentos gerados (dentro dos esquemas), uma ou
# várias em paralelo, às vezes com um comentário ao lado, e respostas só com texto
_CHAMADA_4_4 = st.one_of(
    st.builds(lambda n: {"nome": "consultar_catalogo", "argumentos": {"nome_produto": n}}, textos(max_size=12)),
    st.builds(lambda q, p: {"nome": "calcular_total", "argumentos": {"quantidade": q, "preco_unitario": p}},
              st.one_of(st.integers(0, 99), st.floats(0, 99, width=32)), st.floats(0, 999, width=32)))


def _com_comentario(chamadas):
    from curso.offline import Roteiro

    return st.sampled_from([None, "Vou consultar o catálogo.", " "]).map(
        lambda texto: chamadas if texto is None else Roteiro.com_texto(texto, chamadas))


class TestEx4_4:
    """O mesmo agente, com um modelo a decidir"""

    recebe_contentores = False  # recebe um texto, um cliente e o nome do modelo

    def test_um_pedido(self, nb):
        """Faz um só pedido ao modelo por decisão"""
        cliente = _pedidos_feitos(nb)
        assert len(cliente.pedidos) == 1, explica(
            "Uma decisão, um pedido ao modelo: cada pedido custa tempo e dinheiro.",
            f"fizeste {len(cliente.pedidos)} pedidos")
        # rebentar com um texto julga-o outra verificação: aqui contam-se os pedidos
        cliente = _pedidos_feitos(nb, "Não sei responder a isso.", "Que horas são?", tolerados=Exception)
        assert len(cliente.pedidos) == 1, explica(
            "Uma resposta só com texto também é a decisão do modelo (absteve-se): não perguntes outra vez.",
            f"com o modelo a responder só texto, fizeste {len(cliente.pedidos)} pedidos")

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
        assert corpo.get("tools") == nb.ESQUEMAS_FERRAMENTAS, explica(
            "Passa as definições inteiras, tools=ESQUEMAS_FERRAMENTAS: o modelo só sabe para que serve cada "
            "ferramenta e que argumentos leva pela description e pelos parameters.",
            f"tools = {json.dumps(corpo.get('tools'), ensure_ascii=False)[:300]}")

    @propriedade(_CHAMADA_4_4.flatmap(lambda c: _com_comentario([c])), exemplos=5)
    @example(resposta=[{"nome": "consultar_catalogo", "argumentos": {"nome_produto": "monitor 27 polegadas"}}])
    def test_le_a_chamada(self, nb, resposta):
        """Devolve (nome, argumentos) da chamada de ferramenta, com os argumentos como dicionário, mesmo com texto ao lado"""
        chamada = resposta[0] if isinstance(resposta, list) else resposta.chamadas[0]
        r, _, _ = _decidir(nb, "Há monitores?", resposta)
        esperado = (chamada["nome"], chamada["argumentos"])
        assert r == esperado, contraexemplo(
            "Lê tool_calls[0].function.name e json.loads(tool_calls[0].function.arguments); um texto ao "
            "lado das chamadas («Vou consultar o catálogo.») não é uma resposta final.",
            f"o modelo a responder {resposta!r}", esperado, r)

    @propriedade(st.lists(_CHAMADA_4_4, min_size=2, max_size=3), exemplos=4)
    @example(chamadas=[{"nome": "calcular_total", "argumentos": {"quantidade": 3, "preco_unitario": 24.5}},
                       {"nome": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"}}])
    def test_primeira_chamada(self, nb, chamadas):
        """Com várias chamadas paralelas, usa a primeira"""
        r, _, _ = _decidir(nb, "3 ratos", chamadas)
        esperado = (chamadas[0]["nome"], chamadas[0]["argumentos"])
        assert r == esperado, contraexemplo(
            "tool_calls é uma lista: o agente de um passo usa a primeira chamada.",
            f"o modelo a pedir {[c['nome'] for c in chamadas]}", esperado, r)

    @propriedade(textos(min_size=1, max_size=20), exemplos=4)
    @example(texto="Não tenho nenhuma ferramenta para isso.")
    def test_texto_e_abstencao(self, nb, texto):
        """Quando o modelo responde só com texto, devolve None"""
        r, _, _ = _decidir(nb, "Que horas são?", texto)
        assert r is None, contraexemplo(
            "Sem tool_calls (a lista vem None), o modelo absteve-se: devolve None.",
            f"o modelo a responder só {texto!r}", None, r)

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

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.one_of(textos(min_size=1, max_size=12),
                           st.lists(_CHAMADA_4_4, min_size=1, max_size=3).flatmap(_com_comentario)), exemplos=3)
    def oraculo_a_mesma_decisao(self, nb, solucao, resposta):
        """A mesma decisão que a solução, com um só pedido ao modelo."""

        def correr(decidir_com_modelo):
            cliente = cliente_offline(lambda mensagens, ferramentas: resposta)
            return [decidir_com_modelo("pedido", cliente, "m"), len(cliente.pedidos)]

        obtido, esperado = correr(nb.decidir_com_modelo), correr(solucao.decidir_com_modelo)
        assert obtido == esperado, contraexemplo(
            "decidir_com_modelo não faz o que o enunciado pede (comparado com a solução do curso).",
            f"o modelo a responder {resposta!r}", esperado, obtido)


class TestEx4_5:
    """Quiz: o que muda quando um modelo passa a decidir"""

    recebe_contentores = False  # um quiz: não há funções a chamar

    def test_resposta_e_uma_letra(self, nb):
        """resposta_4_5 é uma das letras a, b, c ou d (a certa vê-se na correção)"""
        from curso.quizzes import letra_do_quiz

        letra_do_quiz(nb.resposta_4_5, "resposta_4_5", "abcd")
