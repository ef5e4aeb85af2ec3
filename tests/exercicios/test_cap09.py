"""Verificações públicas do capítulo 9 — Prática: agente multi-step sob controlo."""

import copy
import json
import re

from curso.verificacao import aprox, como_lido_do_modelo, emprestado, explica, igual_estrito, so_dados
from curso.verificacao.dominios import contraexemplo, example, propriedade, resultados, st, textos

PEDIDO = "Quero orçamento para 3 unidades do teclado mecânico"
TECLADO = {"preco": 79.90, "stock": 12}


def _passo(numero, ferramenta, argumentos, resultado, aprovada=True, motivo=None):
    passo = {"passo": numero, "ferramenta": ferramenta, "argumentos": argumentos,
             "resultado": resultado, "aprovada": aprovada}
    if not aprovada:
        passo["motivo_rejeicao"] = motivo or "rejeitada"
    return passo


def _consulta(numero=1, nome="teclado mecânico", resultado=TECLADO, aprovada=True):
    return _passo(numero, "consultar_catalogo", {"nome_produto": nome}, resultado, aprovada,
                  None if aprovada else "ferramenta rejeitada num teste")


def _calculo(numero, total, quantidade=3.0, preco=79.9, aprovada=True):
    return _passo(numero, "calcular_total", {"quantidade": quantidade, "preco_unitario": preco}, total,
                  aprovada, None if aprovada else "cálculo rejeitado num teste")


def _final(texto):
    # o nome chega como chegaria do JSON de um modelo: compara-se com ==, nunca com is
    return {"ferramenta": como_lido_do_modelo("responder_final"), "argumentos": {"texto": texto}}


def _resumo(resultado):
    """O que importa comparar num resultado: motivo/resposta e, por passo, o essencial."""
    essencial = {k: resultado.get(k) for k in ("concluido", "resposta", "motivo") if k in resultado}
    essencial["log"] = [{k: p.get(k) for k in ("passo", "ferramenta", "argumentos", "resultado", "aprovada")}
                        for p in resultado.get("log", [])]
    return essencial

# Para os oráculos escondidos do capítulo: pedidos com um produto (noutras maiúsculas), uma
# quantidade ou nenhuma, e históricos com consultas, cálculos, passos rejeitados e repetidos
_PRODUTO_9 = st.sampled_from(["teclado mecânico", "Rato Sem Fios", "MONITOR 27 POLEGADAS", "cadeira"])
_PEDIDO_9 = st.builds(lambda produto, n: f"Quero {n} do {produto}" if n else f"Quanto custa o {produto}?",
                      _PRODUTO_9, st.sampled_from(["", "1 unidade", "2 unidades", "7 unidades", "12 unidades"]))
_PASSO_9 = st.one_of(
    st.builds(lambda r, a: _consulta(1, "teclado mecânico", r, a), st.sampled_from([TECLADO, None, {"preco": 24.5,
                                                                                                     "stock": 3}]),
              st.booleans()),
    st.builds(lambda total, a: _calculo(2, total, aprovada=a), st.sampled_from([239.7, 0.0, 24.5]), st.booleans()))
_HISTORICO_9 = st.lists(_PASSO_9, max_size=4).map(lambda passos: [{**p, "passo": i} for i, p in enumerate(passos, 1)])


def _decisao_fixa(d):
    """A decisão, com a quantidade comparada pelo valor (3 e 3.0 servem: o enunciado decide-o)."""
    d = so_dados(d, dict)
    argumentos = dict(d.get("argumentos") or {})
    if "quantidade" in argumentos and isinstance(argumentos["quantidade"], (int, float)):
        argumentos["quantidade"] = float(argumentos["quantidade"])
    return [d.get("ferramenta"), argumentos]


class TestEx9_1:
    """O decisor por regras que lê o histórico"""

    def test_primeiro_passo_consulta_o_catalogo(self, nb):
        """Sem consulta ao catálogo no histórico, consulta o produto nomeado no pedido (sem ligar a maiúsculas)"""
        for pedido, nome in [(PEDIDO, "teclado mecânico"),
                             ("Preço do RATO SEM FIOS, por favor", "rato sem fios"),
                             ("2 unidades do Monitor 27 Polegadas", "monitor 27 polegadas")]:
            d = nb.decidir_proximo_passo(pedido, [])
            assert d == {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": nome}}, explica(
                "Procura cada nome do CATALOGO em pedido.lower() e consulta o que encontrares, com o nome "
                "tal como está no catálogo.", f"pedido {pedido!r}: decidiu {d!r}")

    def test_sem_produto_responde(self, nb):
        """Sem produto do catálogo no pedido, responde logo com a mensagem combinada"""
        d = nb.decidir_proximo_passo("Quanto custa uma impressora?", [])
        assert d == _final("Não encontrei nenhum produto do catálogo neste pedido."), explica(
            "Se nenhum nome do catálogo aparece no pedido, decide responder_final com o texto exato "
            "\"Não encontrei nenhum produto do catálogo neste pedido.\"", f"decidiu {d!r}")

    def test_produto_inexistente(self, nb):
        """Se a consulta aprovada devolveu None, diz que o produto não existe"""
        d = nb.decidir_proximo_passo(PEDIDO, [_consulta(resultado=None)])
        assert d == _final("Esse produto não existe no catálogo."), explica(
            "Quando o resultado da consulta é None, responde \"Esse produto não existe no catálogo.\"",
            f"decidiu {d!r}")

    def test_calcula_com_quantidade_e_preco(self, nb):
        """Depois da consulta, calcula o total com a quantidade do pedido e o preço observado"""
        casos = [(PEDIDO, 3), ("Quero 1 unidade do teclado mecânico", 1),
                 ("Quero 12 unidades do teclado mecânico", 12), ("Quanto custa o teclado mecânico?", 1),
                 ("Do monitor 27 polegadas quero 4 unidades", 4)]
        preco = 81.25  # o preço vem da observação, não do CATALOGO
        for pedido, quantidade in casos:
            d = nb.decidir_proximo_passo(pedido, [_consulta(resultado={"preco": preco, "stock": 3})])
            assert isinstance(d, dict) and d.get("ferramenta") == "calcular_total", explica(
                "Com o produto consultado e sem total, o passo seguinte é calcular_total.",
                f"pedido {pedido!r}: decidiu {d!r}")
            argumentos = d.get("argumentos") or {}
            assert argumentos == {"quantidade": quantidade, "preco_unitario": preco}, explica(
                "A quantidade vem de \"<n> unidade(s)\" no pedido (1 se não houver) e o preço unitário "
                "do resultado da consulta (resultado[\"preco\"]).",
                f"pedido {pedido!r}: argumentos {argumentos!r}")

    def test_responde_com_o_total_observado(self, nb):
        """Com consulta e total no histórico, responde «Orçamento: <total>€.» com o total observado"""
        for total, texto in [(123.45, "Orçamento: 123.45€."), (239.7, "Orçamento: 239.7€."),
                             (49.0, "Orçamento: 49.0€."), (1000.5, "Orçamento: 1000.5€.")]:
            d = nb.decidir_proximo_passo(PEDIDO, [_consulta(), _calculo(2, total)])
            assert d == _final(texto), explica(
                "O texto final é exatamente f\"Orçamento: {total}€.\" com o total observado, sem outro "
                "formato (nada de :.2f nem de arredondar).", f"com o total {total!r} decidiu {d!r}")

    def test_ignora_passos_rejeitados(self, nb):
        """Só conta com passos aprovados: um passo rejeitado não é uma observação"""
        d = nb.decidir_proximo_passo(PEDIDO, [_consulta(resultado=None, aprovada=False)])
        assert d == {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "teclado mecânico"}}, explica(
            "Procura no histórico só passos com aprovada=True: uma consulta rejeitada nunca correu, "
            "por isso ainda falta consultar.", f"decidiu {d!r}")
        d = nb.decidir_proximo_passo(PEDIDO, [_consulta(), _calculo(2, 999.0, aprovada=False)])
        assert isinstance(d, dict) and d.get("ferramenta") == "calcular_total", explica(
            "Um cálculo rejeitado não deu total nenhum: ainda falta calcular.", f"decidiu {d!r}")

    def test_cada_observacao_pela_sua_ferramenta(self, nb):
        """Só uma consulta ao catálogo conta como consulta, e um log lido de JSON decide o mesmo"""
        d = nb.decidir_proximo_passo(PEDIDO, [_calculo(1, 50.0)])
        assert d == {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "teclado mecânico"}}, explica(
            "Procura a consulta pelo nome exato da ferramenta (== \"consultar_catalogo\"): um cálculo não é "
            "uma consulta, por isso ainda falta consultar.", f"com só um calcular_total no histórico decidiu {d!r}")
        historico = json.loads(json.dumps([_consulta(), _calculo(2, 239.7)]))  # um log guardado e relido
        d = nb.decidir_proximo_passo(PEDIDO, historico)
        assert d == _final("Orçamento: 239.7€."), explica(
            "Compara os nomes das ferramentas com ==, não com is: num log relido de JSON os textos são "
            "objetos novos.", f"decidiu {d!r}")

    def test_varias_do_mesmo_tipo_conta_a_primeira(self, nb):
        """Com vários passos aprovados da mesma ferramenta, conta o primeiro"""
        consultas = [_consulta(resultado={"preco": 10.0, "stock": 1}), _consulta(2, resultado={"preco": 20.0, "stock": 1})]
        d = nb.decidir_proximo_passo(PEDIDO, consultas)
        assert isinstance(d, dict) and (d.get("argumentos") or {}).get("preco_unitario") == 10.0, explica(
            "Se houver mais de uma consulta aprovada, usa a primeira (a que veio antes no histórico).",
            f"com duas consultas (preços 10.0 e 20.0) decidiu {d!r}")
        d = nb.decidir_proximo_passo(PEDIDO, [_consulta(), _calculo(2, 100.0), _calculo(3, 200.0)])
        assert d == _final("Orçamento: 100.0€."), explica(
            "O mesmo para os totais: com dois cálculos aprovados, responde com o do primeiro.",
            f"com os totais 100.0 e 200.0 decidiu {d!r}")

    def test_nao_altera_o_historico(self, nb):
        """Só lê o histórico"""
        historico = [_consulta(resultado=None, aprovada=False), _consulta(2), _calculo(3, 239.7)]
        antes = copy.deepcopy(historico)
        nb.decidir_proximo_passo(PEDIDO, historico)
        assert historico == antes, explica("O decisor decide; não escreve no histórico.", f"ficou {historico!r}")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(_PEDIDO_9, _HISTORICO_9, exemplos=5)
    def oraculo_a_mesma_decisao(self, nb, solucao, pedido, historico):
        """A mesma decisão que a solução (a quantidade comparada pelo valor)."""
        obtido = _decisao_fixa(nb.decidir_proximo_passo(pedido, copy.deepcopy(historico)))
        esperado = _decisao_fixa(solucao.decidir_proximo_passo(pedido, copy.deepcopy(historico)))
        assert obtido == esperado, contraexemplo(
            "decidir_proximo_passo não faz o que o enunciado pede (comparado com a solução do curso).",
            f"decidir_proximo_passo({pedido!r}, {historico!r})", esperado, obtido)


class TestEx9_2:
    """Um log estruturado: registar_passo"""

    altera = ("log",)  # o enunciado pede que registar_passo acrescente ao log recebido

    @propriedade(st.sampled_from(["calcular_total", "consultar_catalogo", "responder_final"]),
                 st.dictionaries(st.sampled_from(["quantidade", "texto", "nome_produto"]), resultados(1), max_size=2),
                 resultados(2), exemplos=5)
    @example(ferramenta="calcular_total", argumentos={"quantidade": 2, "preco_unitario": 5.0}, resultado=10.0)
    def test_passo_aprovado(self, nb, ferramenta, argumentos, resultado):
        """Acrescenta ao log e devolve a mesma entrada, com as cinco chaves e sem motivo"""
        log = [{"passo": 1}]
        entrada = nb.registar_passo(log, 2, ferramenta, argumentos, resultado, True)
        esperado = _passo(2, ferramenta, argumentos, resultado)
        assert igual_estrito(entrada, esperado), contraexemplo(
            "A entrada tem passo, ferramenta, argumentos, resultado e aprovada, tal como os recebes (também "
            "um resultado None, 0 ou []) — e motivo_rejeicao só quando aprovada é False.",
            f"registar_passo(log, 2, {ferramenta!r}, {argumentos!r}, {resultado!r}, True)", esperado, entrada)
        assert len(log) == 2 and log[0] == {"passo": 1} and log[-1] is entrada, explica(
            "Acrescenta a entrada ao fim do log que recebes (log.append) e devolve esse mesmo dicionário.",
            f"o log ficou {log!r}")

    def test_usa_o_numero_dado(self, nb):
        """O número do passo é o que recebes em numero, não o tamanho do log"""
        for log, numero in [([], 4), ([{"passo": 1}, {"passo": 2}], 2)]:
            entrada = nb.registar_passo(log, numero, "calcular_total", {}, 1.0, True)
            assert isinstance(entrada, dict) and entrada.get("passo") == numero, explica(
                "Usa o parâmetro numero tal como vem: quem chama é que sabe em que passo está "
                "(um log pode ter entradas de outra origem).",
                f"com {len(log) - 1} entradas antes e numero={numero}: \"passo\" ficou {entrada!r}")

    def test_passo_rejeitado(self, nb):
        """Um passo rejeitado leva o motivo da rejeição"""
        log = []
        entrada = nb.registar_passo(log, 1, "apagar_tudo", {}, None, False, "ferramenta 'apagar_tudo' não está na allowlist")
        assert entrada == _passo(1, "apagar_tudo", {}, None, False, "ferramenta 'apagar_tudo' não está na allowlist"), explica(
            "Com aprovada=False, acrescenta \"motivo_rejeicao\".", f"devolveu {entrada!r}")
        assert log == [entrada], explica("O passo rejeitado também fica no log.", f"log: {log!r}")
        entrada = nb.registar_passo([], 2, "apagar_tudo", {}, None, False)
        assert isinstance(entrada, dict) and "motivo_rejeicao" in entrada and entrada["motivo_rejeicao"] is None, explica(
            "Com aprovada=False a chave motivo_rejeicao entra sempre, mesmo que o motivo seja None (o valor "
            "por omissão).", f"registar_passo(log, 2, 'apagar_tudo', {{}}, None, False) devolveu {entrada!r}")

    def test_motivo_por_nome(self, nb):
        """O motivo da rejeição também se passa por nome, motivo_rejeicao=..."""
        log = []
        try:
            entrada = nb.registar_passo(log, 2, None, None, None, False, motivo_rejeicao="timeout global atingido")
        except TypeError as erro:
            raise AssertionError(explica(
                "O último parâmetro chama-se motivo_rejeicao (com None por omissão), como na assinatura do "
                "enunciado.", f"{type(erro).__name__}: {erro}")) from None
        assert entrada.get("ferramenta") is None and entrada.get("motivo_rejeicao") == "timeout global atingido", explica(
            "motivo_rejeicao também se pode passar por nome.", f"devolveu {entrada!r}")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.integers(1, 9), st.sampled_from([None, "calcular_total", "apagar_tudo"]), resultados(1),
                 st.booleans(), st.sampled_from([None, "", "fora da allowlist"]), exemplos=4)
    def oraculo_a_mesma_entrada(self, nb, solucao, numero, ferramenta, resultado, aprovada, motivo):
        """A mesma entrada e o mesmo log que a solução."""

        def correr(registar_passo):
            log = [{"passo": 0}]
            entrada = registar_passo(log, numero, ferramenta, {"x": 1}, resultado, aprovada, motivo)
            return [so_dados(entrada), so_dados(log), log[-1] is entrada]

        obtido, esperado = correr(nb.registar_passo), correr(solucao.registar_passo)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "registar_passo não faz o que o enunciado pede (comparado com a solução do curso).",
            f"registar_passo(log, {numero}, {ferramenta!r}, {{'x': 1}}, {resultado!r}, {aprovada}, {motivo!r})",
            esperado, obtido)


def _decisor_espiao(decisoes):
    """Um decisor de ciclo com decisões fixas, que regista o tamanho do log em cada chamada."""
    chamadas = []

    def decidir(pedido, historico):
        chamadas.append([dict(p) for p in historico])
        return decisoes[min(len(chamadas), len(decisoes)) - 1]

    decidir.chamadas = chamadas
    return decidir


def _relogio_que_avanca(por_decisao):
    """Um relógio falso que só avança quando o decisor é chamado: não depende de quantas vezes é lido."""
    agora = [0.0]

    def relogio():
        return agora[0]

    def decidir(pedido, historico):
        agora[0] += por_decisao
        decidir.chamadas += 1
        return {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"}}

    decidir.chamadas = 0
    return relogio, decidir


class TestEx9_3:
    """O agente sob controlo: correr_agente"""

    recebe_contentores = False  # recebe um texto, números e funções

    def test_pedido_do_capitulo(self, nb):
        """«3 unidades do teclado mecânico» → 3 passos e «Orçamento: 239.7€.»"""
        r = nb.correr_agente(PEDIDO)
        assert r.get("concluido") is True and r.get("resposta") == "Orçamento: 239.7€.", explica(
            "Com o decisor de 9.1: consulta, cálculo e resposta; a resposta é o resultado de "
            "responder_final.", f"obtive {r!r}")
        ferramentas = [p.get("ferramenta") for p in r.get("log", [])]
        assert ferramentas == ["consultar_catalogo", "calcular_total", "responder_final"], explica(
            "responder_final é um passo como os outros: fica no log.", f"ferramentas no log: {ferramentas}")
        assert [p.get("passo") for p in r["log"]] == [1, 2, 3] and all(p.get("aprovada") is True for p in r["log"]), explica(
            "Os passos contam a partir de 1 e os três foram aprovados.", f"log: {r['log']!r}")
        assert r["log"][2].get("resultado") == "Orçamento: 239.7€." and "motivo" not in r, explica(
            "O resultado de responder_final é o próprio texto; uma execução concluída não traz motivo.",
            f"obtive {r!r}")

    def test_max_steps(self, nb):
        """Com max_steps=2: não concluído, «max_steps atingido», 2 passos no log e nenhuma resposta"""
        r = nb.correr_agente(PEDIDO, max_steps=2)
        assert r.get("concluido") is False and r.get("motivo") == "max_steps atingido", explica(
            "Quando os passos acabam sem responder_final, devolve concluido=False e motivo "
            "\"max_steps atingido\".", f"obtive {r!r}")
        assert "resposta" not in r, explica(
            "Uma execução cortada por um limite não traz \"resposta\": nada de inventar uma.", f"obtive {r!r}")
        assert [p.get("ferramenta") for p in r.get("log", [])] == ["consultar_catalogo", "calcular_total"], explica(
            "O log guarda os dois passos dados.", f"log: {r.get('log')!r}")

    def test_decisor_resolvido_na_chamada(self, nb):
        """Sem decidir, usa o decidir_proximo_passo atual, não o que existia quando o def correu"""
        espaco, nome, falta = nb.correr_agente.__globals__, "decidir_proximo_passo", object()
        original, espiao = espaco.get(nome, falta), _decisor_espiao([_final("versão nova")])
        espaco[nome] = espiao  # como se tivesses corrigido o 9.1 e corrido só essa célula
        try:
            r = nb.correr_agente(PEDIDO)
        finally:  # o espaço de nomes é partilhado pelas verificações: fica como estava
            if original is falta:
                espaco.pop(nome, None)
            else:
                espaco[nome] = original
        assert len(espiao.chamadas) == 1 and r.get("resposta") == "versão nova", explica(
            "Usa decidir=None e escolhe decidir_proximo_passo dentro da função: um valor por omissão "
            "fica fixado quando o def corre, preso à versão antiga do 9.1.",
            f"o agente não chamou a versão atual de decidir_proximo_passo; obtive {r!r}")
        r = nb.correr_agente(PEDIDO, decidir=None)
        assert r.get("resposta") == "Orçamento: 239.7€.", explica(
            "Com decidir=None, usa o teu decidir_proximo_passo de 9.1.",
            f"correr_agente({PEDIDO!r}, decidir=None) deu {r!r}")

    def test_um_so_passo(self, nb):
        """Com max_steps=1: um passo e paragem por «max_steps atingido»"""
        r = nb.correr_agente(PEDIDO, max_steps=1)
        assert r.get("motivo") == "max_steps atingido" and [p.get("ferramenta") for p in r.get("log", [])] == [
            "consultar_catalogo"], explica(
            "Dá no máximo max_steps passos, para qualquer max_steps: range(1, max_steps + 1).", f"obtive {r!r}")

    def test_decisor_ve_o_log(self, nb):
        """Usa o decisor que recebe e passa-lhe o log até ali"""
        decidir = _decisor_espiao([
            {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"}},
            {"ferramenta": "calcular_total", "argumentos": {"quantidade": 2, "preco_unitario": 24.5}},
            _final("feito"),
        ])
        r = nb.correr_agente("qualquer coisa", decidir=decidir)
        assert [len(v) for v in decidir.chamadas] == [0, 1, 2], explica(
            "Chama decidir(pedido, log) em cada passo, com o log atualizado.",
            f"tamanhos do log vistos pelo decisor: {[len(v) for v in decidir.chamadas]}")
        assert decidir.chamadas[2][0].get("resultado") == {"preco": 24.5, "stock": 30}, explica(
            "O log que o decisor vê tem o resultado de cada ferramenta.", f"viu {decidir.chamadas[2]!r}")
        assert r.get("resposta") == "feito" and r["log"][1].get("resultado") == 49.0, explica(
            "Corre as ferramentas de FERRAMENTAS com **argumentos.", f"obtive {r!r}")

    def test_rejeita_fora_da_allowlist(self, nb):
        """Uma ferramenta fora da allowlist não corre: passo rejeitado e «acao_rejeitada»"""
        for decisao, motivo in [
            ({"ferramenta": "apagar_catalogo", "argumentos": {}}, "ferramenta 'apagar_catalogo' não está na allowlist"),
            ({"ferramenta": "calcular_total", "argumentos": [2, 5.0]}, "argumentos têm de ser um dicionário"),
        ]:
            decidir = _decisor_espiao([decisao])
            try:
                r = nb.correr_agente("x", decidir=decidir)
            except NotImplementedError:
                raise
            except Exception as erro:
                raise AssertionError(explica(
                    "Valida com validar_acao(ferramenta, argumentos, ALLOWLIST_FERRAMENTAS) antes de "
                    "executar: uma ação inválida nunca chega a correr.",
                    f"a decisão {decisao!r} deu {type(erro).__name__}: {erro}")) from None
            assert r.get("concluido") is False and r.get("motivo") == "acao_rejeitada" and "resposta" not in r, explica(
                "Uma ação rejeitada termina a execução com motivo \"acao_rejeitada\".", f"obtive {r!r}")
            ultimo = (r.get("log") or [{}])[-1]
            assert ultimo.get("aprovada") is False and ultimo.get("motivo_rejeicao") == motivo, explica(
                "Regista o passo rejeitado, com aprovada=False e o motivo de validar_acao.", f"log: {r.get('log')!r}")
            assert len(decidir.chamadas) == 1, explica(
                "Depois de uma rejeição o decisor não volta a ser chamado.", f"{len(decidir.chamadas)} chamadas")

    def test_valida_antes_de_correr(self, nb):
        """Valida antes de executar: uma ação rejeitada nunca chegou a correr (um portão, não uma auditoria)"""
        corridas = []

        def apagar_catalogo(**argumentos):
            corridas.append(argumentos)
            return "catálogo apagado"

        with emprestado(nb.FERRAMENTAS, "apagar_catalogo", apagar_catalogo):
            decidir = _decisor_espiao([{"ferramenta": "apagar_catalogo", "argumentos": {"confirmar": True}}])
            r = nb.correr_agente("apaga tudo", decidir=decidir)
        assert corridas == [], explica(
            "Chama validar_acao ANTES de FERRAMENTAS[ferramenta](**argumentos): validar depois de correr "
            "só regista o estrago, não o impede.",
            f"apagar_catalogo existe em FERRAMENTAS mas não na allowlist, e correu com {corridas!r}")
        assert r.get("motivo") == "acao_rejeitada" and (r.get("log") or [{}])[-1].get("resultado") is None, explica(
            "O passo rejeitado fica no log com resultado None e a execução para com \"acao_rejeitada\".",
            f"obtive {r!r}")

    def test_timeout_com_relogio_injetado(self, nb):
        """O timeout global usa o relógio recebido e para antes de chamar o decisor outra vez"""
        relogio, decidir = _relogio_que_avanca(6)
        r = nb.correr_agente("x", max_steps=10, timeout_segundos=10, decidir=decidir, relogio=relogio)
        assert r.get("concluido") is False and r.get("motivo") == "timeout" and "resposta" not in r, explica(
            "Antes de cada passo, se relogio() - inicio > timeout_segundos, para com motivo \"timeout\" "
            "(usa o relogio que recebes, não time.time()).", f"obtive {r!r}")
        assert decidir.chamadas == 2, explica(
            "Com 6 s por decisão e limite 10 s: decide aos 0 e aos 6 s; aos 12 s já não chama o decisor.",
            f"o decisor foi chamado {decidir.chamadas} vezes")
        aprovados = [p for p in r["log"] if p.get("aprovada")]
        assert len(aprovados) == 2, explica(
            "O log tem os dois passos dados.", f"log: {r['log']!r}")
        relogio, decidir = _relogio_que_avanca(5)
        r = nb.correr_agente("x", max_steps=10, timeout_segundos=10, decidir=decidir, relogio=relogio)
        assert decidir.chamadas == 3 and r.get("motivo") == "timeout", explica(
            "Exatamente no limite (10 s) ainda não é timeout: a condição é \">\", não \">=\".",
            f"o decisor foi chamado {decidir.chamadas} vezes; motivo {r.get('motivo')!r}")

    def test_entrada_de_timeout(self, nb):
        """No timeout, o log tem os passos dados e, no máximo, uma entrada de timeout (ferramenta None, não aprovada)"""
        relogio, decidir = _relogio_que_avanca(6)
        r = nb.correr_agente("x", max_steps=10, timeout_segundos=10, decidir=decidir, relogio=relogio)
        log = r.get("log") or []
        dados, extra = log[:2], log[2:]
        assert [p.get("aprovada") for p in dados] == [True, True] and len(extra) <= 1, explica(
            "O log tem os dois passos dados e, se quiseres, UMA entrada de timeout no fim.", f"log: {log!r}")
        for p in extra:
            assert "ferramenta" in p and p["ferramenta"] is None and p.get("aprovada") is False, explica(
                "A entrada de timeout (se a registares) tem ferramenta None e aprovada False: nenhuma "
                "ferramenta correu.", f"entrada: {p!r}")

    def test_valores_por_omissao(self, nb):
        """Por omissão, max_steps=5 e timeout_segundos=10"""
        r = nb.correr_agente("x", decidir=_decisor_que_consulta_sempre)
        passos = [p for p in r.get("log", []) if p.get("aprovada")]
        assert r.get("motivo") == "max_steps atingido" and len(passos) == 5, explica(
            "Sem max_steps, o limite é 5 passos.", f"obtive {r.get('motivo')!r} com {len(passos)} passos")
        relogio, decidir = _relogio_que_avanca(2.4)  # decide aos 0; 2,4; 4,8; 7,2 e 9,6 s; aos 12 s já passou
        r = nb.correr_agente("x", max_steps=50, decidir=decidir, relogio=relogio)
        assert r.get("motivo") == "timeout" and decidir.chamadas == 5, explica(
            "Sem timeout_segundos, o limite é 10 s.",
            f"com 2,4 s por decisão: motivo {r.get('motivo')!r}, decisor chamado {decidir.chamadas} vezes")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.lists(st.one_of(
        st.builds(lambda n: {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": n}},
                  st.sampled_from(["rato sem fios", "cadeira"])),
        st.builds(lambda q: {"ferramenta": "calcular_total", "argumentos": {"quantidade": q, "preco_unitario": 2.5}},
                  st.integers(0, 9)),
        st.sampled_from([{"ferramenta": "apagar_tudo", "argumentos": {}},
                         {"ferramenta": "calcular_total", "argumentos": "quantidade=2"},
                         {"ferramenta": "responder_final", "argumentos": {"texto": "ok"}}])), max_size=5),
        st.integers(0, 6), st.integers(1, 6), exemplos=4)
    def oraculo_a_mesma_execucao(self, nb, solucao, decisoes, segundos, max_steps):
        """Os mesmos passos (sem contar a entrada de timeout, que é opcional), o mesmo fim e a mesma
        resposta que a solução, com o tempo a passar no decisor."""

        def correr(correr_agente):
            agora = [0.0]

            def decidir(pedido, historico):
                agora[0] += segundos
                return copy.deepcopy(decisoes[len(historico)] if len(historico) < len(decisoes) else _final("fim"))

            r = so_dados(correr_agente("x", max_steps, 10, decidir, lambda: agora[0]), dict)
            r["log"] = [p for p in r.get("log", []) if p.get("ferramenta") is not None]
            return _resumo(r)

        obtido, esperado = correr(nb.correr_agente), correr(solucao.correr_agente)
        assert obtido == esperado, contraexemplo(
            "correr_agente não faz o que o enunciado pede (comparado com a solução do curso).",
            f"decisões {decisoes}, {segundos} s por decisão, max_steps={max_steps}", esperado, obtido)


def _decisor_que_consulta_sempre(pedido, historico):
    return {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"}}


def _decisor_do_modelo_por_regras(catalogo):
    """O decisor do modelo offline com as regras de 9.1, lidas da conversa (pedidos e resultados ligados por id)."""

    def decidir(mensagens, ferramentas):
        pedido = next(m["content"] for m in mensagens if m["role"] == "user").lower()
        nomes_por_id = {c["id"]: c["function"]["name"] for m in mensagens if m["role"] == "assistant"
                        for c in m.get("tool_calls") or []}
        observado = {}
        for m in mensagens:
            if m["role"] == "tool":
                observado.setdefault(nomes_por_id[m["tool_call_id"]], json.loads(m["content"]))
        if "consultar_catalogo" not in observado:
            nome = next((n for n in catalogo if n in pedido), None)
            if nome is None:
                return "Não encontrei nenhum produto do catálogo neste pedido."
            return [{"nome": "consultar_catalogo", "argumentos": {"nome_produto": nome}}]
        if observado["consultar_catalogo"] is None:
            return "Esse produto não existe no catálogo."
        if "calcular_total" not in observado:
            achado = re.search(r"(\d+(?:[.,]\d+)?)\s*unidades?", pedido)
            quantidade = float(achado.group(1).replace(",", ".")) if achado else 1.0
            preco = observado["consultar_catalogo"]["preco"]
            return [{"nome": "calcular_total", "argumentos": {"quantidade": quantidade, "preco_unitario": preco}}]
        return f"Orçamento: {observado['calcular_total']}€."

    return decidir


def _offline():
    """O SDK e o modelo offline só se carregam no exercício 9.4 (verificar("9.1") fica rápido)."""
    import openai

    from curso.offline import Roteiro, cliente_offline, validar_mensagens

    return openai, Roteiro, cliente_offline, validar_mensagens


def _perguntar(nb, decisor, pedido, historico, modelo="modelo-de-teste"):
    """Cria o adaptador sobre um cliente offline, faz uma decisão e devolve-a com o cliente."""
    openai, _, cliente_offline, _ = _offline()
    llm = cliente_offline(decisor)
    decidir = nb.decisor_openai(llm, modelo, nb.ESQUEMAS)
    try:
        return decidir(pedido, historico), llm
    except openai.BadRequestError as erro:
        raise AssertionError(explica(
            "O modelo recusou a conversa, como a API real faria: cada mensagem tool tem de responder a "
            "um tool_call_id de uma mensagem assistant imediatamente antes.", f"400: {erro.message}")) from None


class TestEx9_4:
    """O mesmo ciclo com um modelo: decisor_openai"""

    def test_primeira_decisao(self, nb):
        """Pergunta ao modelo (com o modelo e as ferramentas dados) e transforma a chamada numa decisão"""
        openai, Roteiro, _, _ = _offline()
        duas = [{"nome": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"}},
                {"nome": "calcular_total", "argumentos": {"quantidade": 1, "preco_unitario": 2}}]
        try:
            d, llm = _perguntar(nb, Roteiro([duas]), "Quanto custa o rato sem fios?", [])
        except openai.InternalServerError:
            # com parallel_tool_calls=False (uma escolha válida) o modelo devolve uma só chamada, como a
            # API real: o modelo offline recusa o roteiro com duas, e repetimos com uma
            d, llm = _perguntar(nb, Roteiro([duas[:1]]), "Quanto custa o rato sem fios?", [])
            if llm.pedidos[-1].get("parallel_tool_calls") is not False:
                raise
        assert d == {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"}}, explica(
            "Lê a primeira tool call da resposta (mesmo que venham várias): o nome vira \"ferramenta\" e "
            "json.loads(arguments) vira \"argumentos\".", f"decidiu {d!r}")
        assert len(llm.pedidos) == 1, explica("Uma decisão, uma chamada ao modelo.", f"{len(llm.pedidos)} chamadas")
        corpo = llm.pedidos[0]
        assert corpo.get("model") == "modelo-de-teste" and corpo.get("tools") == nb.ESQUEMAS, explica(
            "Chama o modelo com model=modelo e tools=esquemas.",
            f"model={corpo.get('model')!r}, tools com {len(corpo.get('tools') or [])} ferramentas")
        assert any(m.get("role") == "user" and m.get("content") == "Quanto custa o rato sem fios?"
                   for m in corpo["messages"]), explica(
            "O pedido vai como mensagem do utilizador.", f"mensagens: {corpo['messages']!r}")
        # a decisão seguinte, já com um passo no histórico (rejeitado: a conversa fica só com o pedido,
        # e o que aqui se vê não depende da reconstrução do histórico): o mesmo modelo e as mesmas ferramentas
        _, llm = _perguntar(nb, Roteiro(["Não posso apagar o catálogo."]), "Apaga o catálogo.",
                            [_passo(1, "apagar_catalogo", {}, None, False)])
        corpo = llm.pedidos[0]
        assert corpo.get("model") == "modelo-de-teste" and corpo.get("tools") == nb.ESQUEMAS, explica(
            "Em cada chamada de decidir, também com passos no histórico, chama o modelo com model=modelo e "
            "tools=esquemas (todas): sem elas o modelo não pode pedir a ferramenta seguinte.",
            f"com um passo no histórico: model={corpo.get('model')!r}, tools "
            f"{[f.get('function', {}).get('name') for f in corpo.get('tools') or []]}")

    def test_texto_vira_responder_final(self, nb):
        """Uma resposta em texto, sem ferramentas, vira responder_final com esse texto"""
        d, _ = _perguntar(nb, _offline()[1](["Só vendemos teclados, ratos e monitores."]), "Têm impressoras?", [])
        assert d == _final("Só vendemos teclados, ratos e monitores."), explica(
            "Quando message.tool_calls está vazio, a decisão é {\"ferramenta\": \"responder_final\", "
            "\"argumentos\": {\"texto\": message.content}}.", f"decidiu {d!r}")

    def test_historico_ligado_por_id(self, nb):
        """O histórico volta como tool calls e resultados em JSON, ligados pelo tool_call_id"""
        consulta = _consulta(resultado={"preco": 79.9, "stock": 12, "nota": "últimas unidades"})
        rejeitado = _passo(2, "apagar_catalogo", {}, None, False, "ferramenta 'apagar_catalogo' não está na allowlist")
        historico = [consulta, rejeitado, _calculo(3, 239.7)]
        d, llm = _perguntar(nb, _decisor_do_modelo_por_regras(nb.CATALOGO), PEDIDO, historico)
        validar_mensagens = _offline()[3]
        mensagens = llm.pedidos[-1]["messages"]
        validar_mensagens(mensagens)
        pares = []
        for i, m in enumerate(mensagens):
            if m.get("role") == "tool":
                anterior = mensagens[i - 1]
                ids = {c["id"]: c for c in anterior.get("tool_calls") or []}
                chamada = ids.get(m.get("tool_call_id"))
                pares.append((chamada["function"]["name"], json.loads(chamada["function"]["arguments"]),
                              json.loads(m["content"])) if chamada else None)
        esperado = [(p["ferramenta"], p["argumentos"], p["resultado"]) for p in historico if p["aprovada"]]
        assert pares == esperado, explica(
            "Por cada passo aprovado: uma mensagem assistant com tool_calls=[{id, type: \"function\", "
            "function: {name, arguments: json.dumps(argumentos)}}] e logo a seguir uma mensagem tool com o "
            "mesmo tool_call_id e content=json.dumps(resultado).",
            f"pares (ferramenta, argumentos, resultado) reconstruídos: {pares!r} (o passo 2 foi rejeitado: "
            "não correu, não entra; os outros entram todos)")
        assert d == _final("Orçamento: 239.7€."), explica(
            "Com consulta e total na conversa, o modelo responde em texto.", f"decidiu {d!r}")

    def test_mesmos_passos_que_as_regras(self, nb):
        """Com o modelo offline a seguir as regras de 9.1, correr_agente dá os mesmos passos e a mesma resposta"""
        openai, _, cliente_offline, validar_mensagens = _offline()
        for pedido in (PEDIDO, "Preciso de 2 unidades do monitor 27 polegadas", "Têm impressoras?"):
            llm = cliente_offline(_decisor_do_modelo_por_regras(nb.CATALOGO))
            try:
                com_modelo = nb.correr_agente(pedido, decidir=nb.decisor_openai(llm, "modelo-de-teste", nb.ESQUEMAS))
            except openai.APIError as erro:
                raise AssertionError(explica(
                    "O modelo offline recusou um pedido: confirma as ligações tool_call_id e que os "
                    "resultados vão em JSON (json.dumps).", f"{type(erro).__name__}: {erro}")) from None
            com_regras = nb.correr_agente(pedido)
            assert _resumo(com_modelo) == _resumo(com_regras), explica(
                "Trocar o decisor não pode mudar o ciclo: os mesmos passos, argumentos, resultados e resposta.",
                f"pedido {pedido!r}\ncom o modelo: {_resumo(com_modelo)!r}\ncom as regras: {_resumo(com_regras)!r}")
            assert len(llm.pedidos) == len(com_regras["log"]), explica(
                "Uma chamada ao modelo por passo.", f"{len(llm.pedidos)} chamadas para {len(com_regras['log'])} passos")
            for corpo in llm.pedidos:
                validar_mensagens(corpo["messages"])
        assert com_regras.get("resposta") == "Não encontrei nenhum produto do catálogo neste pedido."

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(_PEDIDO_9, _HISTORICO_9, st.one_of(
        textos(min_size=1, max_size=10),
        st.sampled_from([[{"nome": "calcular_total", "argumentos": {"quantidade": 2, "preco_unitario": 1.5}}],
                         [{"nome": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"}}]])),
        exemplos=3)
    def oraculo_a_mesma_conversa(self, nb, solucao, pedido, historico, resposta):
        """A mesma decisão que a solução e a mesma conversa (sem a mensagem de sistema, que é opcional:
        papéis, pedido, chamadas e resultados lidos como JSON; os ids são livres, mas cada resultado
        aponta para a sua chamada)."""
        _, _, cliente_offline, validar_mensagens = _offline()

        def correr(caderno):
            llm = cliente_offline(lambda mensagens, ferramentas: resposta)
            decisao = caderno.decisor_openai(llm, "m", caderno.ESQUEMAS)(pedido, copy.deepcopy(historico))
            mensagens = [m for m in llm.pedidos[-1]["messages"] if m.get("role") != "system"]
            validar_mensagens(mensagens)
            conversa = []
            for m in mensagens:
                if m.get("role") == "tool":
                    conversa.append(["tool", json.loads(m["content"])])
                elif m.get("tool_calls"):
                    conversa.append(["assistant", [[c["function"]["name"], json.loads(c["function"]["arguments"])]
                                                   for c in m["tool_calls"]]])
                else:
                    conversa.append([m.get("role"), m.get("content")])
            return [so_dados(decisao, dict), conversa]

        obtido, esperado = correr(nb), correr(solucao)
        assert obtido == esperado, contraexemplo(
            "decisor_openai não faz o que o enunciado pede (comparado com a solução do curso).",
            f"o pedido {pedido!r}, o histórico {historico!r} e o modelo a responder {resposta!r}", esperado, obtido)


def _tarefas_e_agente(resultados_por_tarefa):
    """Tarefas cujo verificar lê o estado (o log), e um agente que devolve resultados pré-definidos."""
    chamadas = []
    feito = {"concluido": True, "resposta": "Feito.", "log": [_calculo(1, 10.0)]}
    so_palavras = {"concluido": True, "resposta": "Feito.", "log": []}  # diz que fez, mas não fez nada

    def agente(pedido, tentativa):
        chamadas.append((pedido, tentativa))
        return copy.deepcopy(feito if resultados_por_tarefa[pedido][tentativa] else so_palavras)

    def verificar(resultado):
        return any(p.get("ferramenta") == "calcular_total" and p.get("aprovada") for p in resultado.get("log", []))

    tarefas = [{"id": f"t{i}", "pedido": pedido, "verificar": verificar}
               for i, pedido in enumerate(resultados_por_tarefa)]
    return tarefas, agente, chamadas


class TestEx9_5:
    """Avaliar: pass@1, pass@k e pass^k por tarefa"""

    @propriedade(st.integers(1, 4).flatmap(lambda k: st.lists(st.lists(st.booleans(), min_size=k, max_size=k),
                                                            min_size=1, max_size=4)), exemplos=6)
    @example(resultados=[[True, False, True], [True, True, True], [False, False, False]])
    def test_metricas_por_tarefa(self, nb, resultados):
        """pass@1 = sucessos/k, pass@k = algum sucesso, pass^k = todos; médias sobre as tarefas"""
        k = len(resultados[0])
        tarefas, agente, chamadas = _tarefas_e_agente({f"p{i}": r for i, r in enumerate(resultados)})
        r = nb.avaliar(agente, tarefas, k)
        entrada = f"avaliar(agente, {len(resultados)} tarefas, {k}) com as tentativas a passar assim: {resultados}"
        esperado_por_tarefa = {f"t{i}": list(v) for i, v in enumerate(resultados)}
        assert isinstance(r, dict) and r.get("por_tarefa") == esperado_por_tarefa, contraexemplo(
            "por_tarefa mapeia o id de cada tarefa para a lista dos k resultados de verificar, pela ordem "
            "das tentativas.", entrada, esperado_por_tarefa, r.get("por_tarefa") if isinstance(r, dict) else r)
        n = len(resultados)
        esperado = {"pass@1": sum(sum(v) / k for v in resultados) / n, "pass@k": sum(any(v) for v in resultados) / n,
                    "pass^k": sum(all(v) for v in resultados) / n}
        for chave, valor in esperado.items():
            assert r.get(chave) == aprox(valor), contraexemplo(
                "Calcula cada métrica por tarefa e depois faz a média sobre as tarefas. pass^k por tarefa é "
                "«todas as k tentativas passaram» — não pass@1 elevado a k.", entrada, {chave: valor},
                {chave: r.get(chave)})
        esperadas = sorted((f"p{i}", t) for i in range(n) for t in range(k))
        assert sorted(set(chamadas)) == esperadas, contraexemplo(
            "Chama agente(pedido, tentativa) com tentativa = 0, 1, …, k-1 para cada tarefa.", entrada,
            esperadas, sorted(chamadas))

    def test_avalia_o_estado_nao_o_texto(self, nb):
        """Quem avalia é verificar(resultado): um agente que diz «Feito.» sem fazer nada falha"""
        tarefas, agente, _ = _tarefas_e_agente({"palavras": [False, False]})
        chamadas = []
        original = tarefas[0]["verificar"]
        tarefas[0]["verificar"] = lambda resultado: chamadas.append(resultado) or original(resultado)
        r = nb.avaliar(agente, tarefas, 2)
        assert r.get("por_tarefa") == {"t0": [False, False]} and r.get("pass@k") == 0, explica(
            "O sucesso é o que verificar(resultado) diz, não resultado[\"concluido\"] nem o texto da resposta.",
            f"obtive {r!r}")
        # (verificar não tem efeitos: chamá-la mais do que uma vez por tentativa não se conta)
        assert chamadas and all(isinstance(v, dict) and "log" in v for v in chamadas), explica(
            "Passa a verificar o resultado inteiro do agente (com o log).", f"verificar recebeu {chamadas!r}")

    def test_k_igual_a_um(self, nb):
        """Com k=1 as três métricas coincidem"""
        tarefas, agente, _ = _tarefas_e_agente({"a": [True], "b": [False], "c": [True], "d": [True]})
        r = nb.avaliar(agente, tarefas, 1)
        assert r.get("pass@1") == r.get("pass@k") == r.get("pass^k") == aprox(0.75), explica(
            "Com uma só tentativa, passar uma vez, passar alguma vez e passar sempre é o mesmo.", f"obtive {r!r}")

    def test_erros(self, nb):
        """ValueError sem tarefas ou com k < 1"""
        tarefas, agente, _ = _tarefas_e_agente({"a": [True]})
        for argumentos in (([], 3), (tarefas, 0), (tarefas, -1)):
            try:
                r = nb.avaliar(agente, *argumentos)
            except ValueError:
                continue
            except NotImplementedError:
                raise
            except Exception as erro:
                r = f"{type(erro).__name__}: {erro}"
            raise AssertionError(explica(
                "Lança ValueError quando não há tarefas ou k < 1 (não há nada para medir).",
                f"avaliar(agente, {len(argumentos[0])} tarefa(s), k={argumentos[1]}) deu {r!r}"))

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.integers(1, 4).flatmap(lambda k: st.lists(st.lists(st.booleans(), min_size=k, max_size=k),
                                                            min_size=1, max_size=5)), exemplos=4)
    def oraculo_as_mesmas_metricas(self, nb, solucao, resultados):
        """As mesmas métricas e o mesmo por_tarefa que a solução."""
        k = len(resultados[0])

        def correr(avaliar):
            tarefas, agente, _ = _tarefas_e_agente({f"p{i}": r for i, r in enumerate(resultados)})
            return so_dados(avaliar(agente, tarefas, k), dict)

        obtido, esperado = correr(nb.avaliar), correr(solucao.avaliar)
        certo = obtido.get("por_tarefa") == esperado["por_tarefa"] and all(
            obtido.get(c) == aprox(esperado[c]) for c in ("pass@1", "pass@k", "pass^k"))
        assert certo, contraexemplo(
            "avaliar não faz o que o enunciado pede (comparado com a solução do curso).",
            f"tentativas a passar assim: {resultados}", esperado, obtido)


class TestEx9_6:
    """Quiz: o que distingue 3 em 4 de 4 em 4"""

    recebe_contentores = False  # um quiz: não há funções a chamar

    def test_resposta_e_uma_letra(self, nb):
        """resposta_9_6 é uma das letras a, b, c ou d (a certa vê-se na correção)"""
        from curso.quizzes import letra_do_quiz

        letra_do_quiz(nb.resposta_9_6, "resposta_9_6", "abcd")
