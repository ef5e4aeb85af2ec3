"""Verificações públicas do capítulo 1 — O que é um agente, na prática."""

from curso.verificacao import como_lido_do_modelo, explica, so_dados


def _decisor_roteirizado(decisoes):
    """Um decisor que devolve as decisões dadas, por ordem, e regista o que viu."""
    chamadas = []

    def decidir(pedido, historico):
        chamadas.append((pedido, [dict(p) for p in historico]))
        if len(chamadas) > len(decisoes):
            return _final("fim")
        return decisoes[len(chamadas) - 1]

    decidir.chamadas = chamadas
    return decidir


def _teimoso():
    """Um decisor que nunca responde: pede sempre a mesma ferramenta."""
    chamadas = []

    def decidir(pedido, historico):
        chamadas.append(len(historico))
        return {"ferramenta": "procurar", "argumentos": {"termo": "x"}}

    decidir.chamadas = chamadas
    return decidir


def _final(texto):
    # o nome chega como chegaria do JSON de um modelo: compara-se com ==, nunca com is
    return {"ferramenta": como_lido_do_modelo("responder_final"), "argumentos": {"texto": texto}}


class TestEx1_1:
    """O ciclo mínimo pensar → agir → observar"""

    def test_decisor_recebe_pedido_e_historico(self, nb):
        """Em cada volta o decisor é chamado como decidir(pedido, historico)"""
        decidir = _decisor_roteirizado([{"ferramenta": "eco", "argumentos": {"x": 1}}, _final("ok")])
        nb.correr_ciclo("o pedido", decidir, {"eco": lambda x: x})
        pedidos = [pedido for pedido, _ in decidir.chamadas]
        assert pedidos == ["o pedido", "o pedido"], explica(
            "Chama o decisor com o pedido e o histórico, decidir(pedido, historico), em todas as "
            "voltas (não só na primeira).", f"pedidos que o decisor recebeu, volta a volta: {pedidos!r}")

    def test_responde_com_o_texto(self, nb):
        """Um decisor que responde na primeira volta termina o ciclo com concluido=True e a resposta"""
        r = nb.correr_ciclo("diz olá", _decisor_roteirizado([_final("Olá!")]), {})
        assert isinstance(r, dict), explica(
            "correr_ciclo tem de devolver um dicionário.", f"devolveu {r!r}")
        assert r.get("concluido") is True, explica(
            "Quando o decisor escolhe 'responder_final', o ciclo termina com concluido=True (o "
            "bool True, não 1).", f"obtive {r!r}")
        assert r.get("resposta") == "Olá!", explica(
            "A resposta é o texto de argumentos['texto'] da decisão final.", f"obtive {r!r}")
        assert isinstance(r.get("historico"), list), explica(
            "O resultado leva também o histórico, na chave 'historico'.", f"obtive {r!r}")

    def test_resposta_final_fora_do_historico(self, nb):
        """A resposta final não entra no histórico"""
        r = nb.correr_ciclo("diz olá", _decisor_roteirizado([_final("Olá!")]), {})
        assert r.get("historico") == [], explica(
            "A resposta final não entra no histórico: só ações executadas e as suas observações.",
            f"histórico devolvido: {r.get('historico')!r}")
        decisoes = [{"ferramenta": "eco", "argumentos": {"x": 7}}, _final("sete")]
        r = nb.correr_ciclo("eco", _decisor_roteirizado(decisoes), {"eco": lambda x: x})
        assert len(r.get("historico", [])) == 1, explica(
            "Depois de uma ferramenta e da resposta final, o histórico tem uma só entrada.",
            f"histórico devolvido: {r.get('historico')!r}")

    def test_executa_ferramentas(self, nb):
        """As ferramentas correm com ferramentas[nome](**argumentos), os argumentos pelo nome"""
        executadas = []

        def dividir(total, partes):  # nem a ordem do dicionário nem a alfabética são a dos parâmetros
            executadas.append((total, partes))
            return total / partes

        decidir = _decisor_roteirizado([
            {"ferramenta": "dividir", "argumentos": {"partes": 4, "total": 20}},
            {"ferramenta": "dividir", "argumentos": {"total": 1, "partes": 1}},
            _final("feito"),
        ])
        nb.correr_ciclo("divide", decidir, {"dividir": dividir})
        assert executadas == [(20, 4), (1, 1)], explica(
            "Corre a ferramenta escolhida com ferramentas[nome](**argumentos): cada argumento vai "
            "pelo nome, seja qual for a ordem do dicionário.",
            f"a ferramenta foi chamada com (total, partes) = {executadas!r}")

    def test_regista_cada_observacao(self, nb):
        """Cada volta acrescenta {'ferramenta', 'argumentos', 'resultado'} ao histórico"""
        decidir = _decisor_roteirizado([
            {"ferramenta": "somar", "argumentos": {"a": 2, "b": 3}},
            {"ferramenta": "somar", "argumentos": {"a": 10, "b": -4}},
            _final("feito"),
        ])
        r = nb.correr_ciclo("soma coisas", decidir, {"somar": lambda a, b: a + b})
        esperado = [
            {"ferramenta": "somar", "argumentos": {"a": 2, "b": 3}, "resultado": 5},
            {"ferramenta": "somar", "argumentos": {"a": 10, "b": -4}, "resultado": 6},
        ]
        assert r.get("historico") == esperado, explica(
            "Cada volta acrescenta {'ferramenta', 'argumentos', 'resultado'} ao histórico.",
            f"esperava {esperado!r}, obtive {r.get('historico')!r}")

    def test_decisor_ve_observacoes_anteriores(self, nb):
        """Em cada volta o decisor vê todas as observações anteriores"""

        def decidir(pedido, historico):
            # só sabe o passo seguinte lendo o que já observou
            if len(historico) < 3:
                ultimo = historico[-1]["resultado"] if historico else 1
                return {"ferramenta": "dobrar", "argumentos": {"n": ultimo}}
            return _final(f"cheguei a {historico[-1]['resultado']}")

        r = nb.correr_ciclo("dobra três vezes", decidir, {"dobrar": lambda n: 2 * n})
        assert r.get("resposta") == "cheguei a 8", explica(
            "Passa ao decisor o histórico atualizado em cada volta (é assim que o agente "
            "'observa').", f"obtive {r!r}")

    def test_para_em_max_passos(self, nb):
        """Sem resposta final, para ao fim de max_passos voltas, com concluido=False e o motivo"""
        for max_passos in (1, 3):
            decidir = _teimoso()
            corridas = []

            def procurar(termo, corridas=corridas):
                corridas.append(termo)

            r = nb.correr_ciclo("x", decidir, {"procurar": procurar}, max_passos=max_passos)
            assert len(decidir.chamadas) == max_passos, explica(
                "O decisor é chamado exatamente max_passos vezes antes de desistir.",
                f"max_passos={max_passos}, mas o decisor foi chamado {len(decidir.chamadas)} vezes")
            assert len(corridas) == max_passos, explica(
                "Cada volta sem resposta corre uma ferramenta.",
                f"max_passos={max_passos}, ferramenta corrida {len(corridas)} vezes")
            assert r.get("concluido") is False and r.get("motivo") == "max_steps atingido", explica(
                "No limite, devolve concluido=False e motivo 'max_steps atingido'.", f"obtive {r!r}")
            assert len(r.get("historico", [])) == max_passos, explica(
                "O histórico devolvido tem as observações de todas as voltas.",
                f"tem {len(r.get('historico', []))} entradas")

    def test_sem_resposta_inventada(self, nb):
        """Uma execução cortada pelo limite não traz a chave 'resposta'"""
        r = nb.correr_ciclo("x", _teimoso(), {"procurar": lambda termo: None}, max_passos=2)
        assert isinstance(r, dict) and "resposta" not in r, explica(
            "Uma execução cortada pelo limite não traz 'resposta' (nem vazia, nem None): não se "
            "inventa uma.", f"obtive {r!r}")

    def test_limite_por_omissao_e_5(self, nb):
        """Sem max_passos, o limite é o de max_passos=5"""
        por_omissao, com_5 = _teimoso(), _teimoso()
        nb.correr_ciclo("x", por_omissao, {"procurar": lambda termo: None})
        nb.correr_ciclo("x", com_5, {"procurar": lambda termo: None}, max_passos=5)
        assert len(por_omissao.chamadas) == len(com_5.chamadas) > 0, explica(
            "max_passos vale 5 por omissão: sem ele, o ciclo dá as mesmas voltas que com "
            "max_passos=5.", f"sem max_passos o decisor foi chamado {len(por_omissao.chamadas)} "
            f"vezes, com max_passos=5 {len(com_5.chamadas)}")

    def test_resposta_na_ultima_volta(self, nb):
        """Uma resposta na última volta ainda conta"""
        decisoes = [{"ferramenta": "procurar", "argumentos": {"termo": "x"}}] * 2 + [_final("à justa")]
        r = nb.correr_ciclo("x", _decisor_roteirizado(decisoes), {"procurar": lambda termo: 1},
                            max_passos=3)
        assert r.get("resposta") == "à justa", explica(
            "Com max_passos=3, uma resposta na 3.ª volta ainda está dentro do limite.",
            f"obtive {r!r}")


OPCOES_1_2 = {
    "a": "Não: uma cadeia fixa também pode fazer muitas chamadas ao modelo. O número de "
         "chamadas não é o que distingue.",
    "b": "Não: o tamanho do modelo é indiferente; o mesmo modelo serve uma cadeia ou um agente.",
    "c": "Certo: num agente é o modelo que escolhe, a cada volta, o passo seguinte (e quando "
         "parar), com base no que já observou; numa cadeia fixa a sequência está escrita no código.",
    "d": "Não: uma cadeia fixa pode chamar ferramentas — só que é o teu código que decide quais "
         "e por que ordem.",
}


class TestEx1_2:
    """Quiz: o que distingue um agente de uma cadeia fixa"""

    recebe_contentores = False  # um quiz: não há funções a chamar

    def test_resposta_e_uma_letra(self, nb):
        """resposta_1_2 é uma das letras a, b, c ou d"""
        r = nb.resposta_1_2
        assert type(r) is str and r.strip().lower() in OPCOES_1_2, explica(
            "Escreve só a letra da opção, entre aspas, por exemplo resposta_1_2 = \"a\".",
            f"resposta_1_2 = {r!r}" if type(r) is str else f"é do tipo {type(r).__qualname__}")

    def test_resposta_certa(self, nb):
        """A opção escolhida é a certa"""
        # um str a sério antes de comparar: uma subclasse com um __eq__ que mente é recusada
        r = so_dados(nb.resposta_1_2, str, nome="resposta_1_2").strip().lower()
        assert r == "c", explica(
            "Relê a secção «Quem decide o passo seguinte?» da lição.",
            OPCOES_1_2.get(r, f"{r!r} não é uma das opções"))


def _modelo_espiao(respostas):
    prompts = []

    def chamar_modelo(prompt):
        prompts.append(prompt)
        return respostas[min(len(prompts), len(respostas)) - 1]

    chamar_modelo.prompts = prompts
    return chamar_modelo


# um texto com mais de 500 caracteres: quem o corta «para poupar» não o passa inteiro ao modelo
TEXTO_1_3 = (
    "O gato subiu ao telhado e não quis descer durante três dias. Os vizinhos trouxeram uma "
    "escada, depois uma lata de atum, depois a banda filarmónica da freguesia, que tocou duas "
    "marchas e um hino. Nada. Ao quarto dia choveu; o gato olhou para o céu, olhou para a escada "
    "e desceu sozinho, devagar, como quem tinha decidido aquilo desde o princípio. A dona diz que "
    "ele só queria ver o rio. O veterinário diz que é normal. A banda pediu para voltar no verão, "
    "desta vez com um palco montado no largo e cadeiras para toda a gente que quisesse ouvir."
)


class TestEx1_3:
    """Uma cadeia fixa: resumir e depois traduzir"""

    recebe_contentores = False  # recebe um texto e uma função, nenhuma lista nem dicionário

    def test_primeiro_prompt_leva_o_texto(self, nb):
        """O primeiro prompt leva o texto inteiro"""
        modelo = _modelo_espiao(["RESUMO-7781", "TRADUCAO-3310"])
        nb.resumir_e_traduzir(TEXTO_1_3, modelo)
        assert modelo.prompts and TEXTO_1_3 in modelo.prompts[0], explica(
            "O primeiro prompt tem de levar o texto a resumir, inteiro.",
            f"1.º prompt: {modelo.prompts[0]!r}" if modelo.prompts else "o modelo não foi chamado")

    def test_segundo_prompt_leva_o_resumo(self, nb):
        """O segundo prompt leva a primeira resposta (o resumo)"""
        modelo = _modelo_espiao(["RESUMO-7781", "TRADUCAO-3310"])
        nb.resumir_e_traduzir(TEXTO_1_3, modelo)
        assert len(modelo.prompts) >= 2 and "RESUMO-7781" in modelo.prompts[1], explica(
            "O segundo prompt traduz a primeira resposta: tem de a levar (o modelo não se lembra "
            "da chamada anterior).", f"prompts: {modelo.prompts!r}")

    def test_segundo_prompt_sem_o_original(self, nb):
        """O segundo prompt leva só o resumo, sem o texto original"""
        modelo = _modelo_espiao(["RESUMO-7781", "TRADUCAO-3310"])
        nb.resumir_e_traduzir(TEXTO_1_3, modelo)
        assert len(modelo.prompts) >= 2 and TEXTO_1_3[:40] not in modelo.prompts[1], explica(
            "O segundo prompt traduz o resumo, e só o resumo: o texto original fica de fora.",
            f"2.º prompt: {modelo.prompts[1:2]!r}")

    def test_devolve_a_segunda_resposta(self, nb):
        """Devolve a segunda resposta, tal como veio"""
        traducao = "  The cat climbed onto the roof.\n"
        r = nb.resumir_e_traduzir(TEXTO_1_3, _modelo_espiao(["RESUMO-7781", traducao]))
        assert r == traducao, explica(
            "Devolve a resposta da segunda chamada tal como veio: sem a limpar, cortar nem "
            "juntar nada.", f"esperava {traducao!r}, devolveu {r!r}")

    def test_exatamente_duas_chamadas(self, nb):
        """Exatamente duas chamadas, seja qual for a resposta do modelo"""
        for respostas in (["RESUMO", "TRADUCAO"], ["", ""], ["muito " * 200, "ok"],
                          ["Não sei.", "I don't know."]):
            modelo = _modelo_espiao(respostas)
            nb.resumir_e_traduzir("texto curto", modelo)
            assert len(modelo.prompts) == 2, explica(
                "Uma cadeia fixa chama o modelo sempre o mesmo número de vezes: aqui, duas. Nada "
                "de repetir ou saltar chamadas conforme a resposta: isso já seria o código a "
                "decidir em função do modelo.",
                f"com a 1.ª resposta {respostas[0][:20]!r}…: {len(modelo.prompts)} chamadas")
