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

    def test_responde_logo(self, nb):
        """Um decisor que responde na primeira volta termina o ciclo com a resposta"""
        decidir = _decisor_roteirizado([_final("Olá!")])
        r = nb.correr_ciclo("diz olá", decidir, {})
        assert isinstance(r, dict), explica(
            "correr_ciclo tem de devolver um dicionário.", f"devolveu {r!r}")
        assert r.get("concluido") is True, explica(
            "Quando o decisor escolhe 'responder_final', o ciclo termina com concluido=True.",
            f"obtive {r!r}")
        assert r.get("resposta") == "Olá!", explica(
            "A resposta é o texto de argumentos['texto'] da decisão final.", f"obtive {r!r}")
        assert r.get("historico") == [], explica(
            "A resposta final não entra no histórico: só ações executadas e as suas observações.",
            f"histórico devolvido: {r.get('historico')!r}")
        assert len(decidir.chamadas) == 1 and decidir.chamadas[0][0] == "diz olá", explica(
            "O decisor é chamado com o pedido e o histórico: decidir(pedido, historico).",
            f"chamadas ao decisor: {decidir.chamadas!r}")

    def test_executa_ferramentas_e_regista(self, nb):
        """As ferramentas correm com **argumentos e cada observação entra no histórico"""
        executadas = []

        def somar(a, b):
            executadas.append((a, b))
            return a + b

        decidir = _decisor_roteirizado([
            {"ferramenta": "somar", "argumentos": {"a": 2, "b": 3}},
            {"ferramenta": "somar", "argumentos": {"a": 10, "b": -4}},
            _final("feito"),
        ])
        r = nb.correr_ciclo("soma coisas", decidir, {"somar": somar})
        assert executadas == [(2, 3), (10, -4)], explica(
            "Corre a ferramenta escolhida com ferramentas[nome](**argumentos).",
            f"a ferramenta foi chamada com {executadas!r}")
        esperado = [
            {"ferramenta": "somar", "argumentos": {"a": 2, "b": 3}, "resultado": 5},
            {"ferramenta": "somar", "argumentos": {"a": 10, "b": -4}, "resultado": 6},
        ]
        assert r.get("historico") == esperado, explica(
            "Cada volta acrescenta {'ferramenta', 'argumentos', 'resultado'} ao histórico.",
            f"esperava {esperado!r}, obtive {r.get('historico')!r}")
        assert r.get("concluido") is True and r.get("resposta") == "feito", explica(
            "Depois das ferramentas, a decisão 'responder_final' termina o ciclo.", f"obtive {r!r}")

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
        """Sem resposta final, para ao fim de max_passos voltas, sem inventar resposta"""
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
            assert "resposta" not in r, explica(
                "Uma execução cortada pelo limite não traz 'resposta': não se inventa uma.",
                f"obtive {r!r}")
            assert len(r.get("historico", [])) == max_passos, explica(
                "O histórico devolvido tem as observações de todas as voltas.",
                f"tem {len(r.get('historico', []))} entradas")

    def test_limite_por_omissao_e_ultima_volta(self, nb):
        """O limite por omissão é 5, e uma resposta na última volta ainda conta"""
        decidir = _teimoso()
        r = nb.correr_ciclo("x", decidir, {"procurar": lambda termo: None})
        assert len(decidir.chamadas) == 5 and r.get("concluido") is False, explica(
            "max_passos vale 5 por omissão.", f"o decisor foi chamado {len(decidir.chamadas)} vezes")
        decisoes = [{"ferramenta": "procurar", "argumentos": {"termo": "x"}}] * 2 + [_final("à justa")]
        r = nb.correr_ciclo("x", _decisor_roteirizado(decisoes), {"procurar": lambda termo: 1},
                            max_passos=3)
        assert r.get("concluido") is True and r.get("resposta") == "à justa", explica(
            "Com max_passos=3, uma resposta na 3.ª volta ainda está dentro do limite.",
            f"obtive {r!r}")


OPCOES_1_2 = {
    "a": "Não: uma cadeia fixa também pode fazer muitas chamadas ao modelo. O número de "
         "chamadas não é o que distingue.",
    "b": "Certo: num agente é o modelo que escolhe, a cada volta, o passo seguinte (e quando "
         "parar), com base no que já observou; numa cadeia fixa a sequência está escrita no código.",
    "c": "Não: o tamanho do modelo é indiferente; o mesmo modelo serve uma cadeia ou um agente.",
    "d": "Não: uma cadeia fixa pode chamar ferramentas — só que é o teu código que decide quais "
         "e por que ordem.",
}


class TestEx1_2:
    """Quiz: o que distingue um agente de uma cadeia fixa"""

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
        assert r == "b", explica(
            "Relê a secção «Quem decide o passo seguinte?» da lição.",
            OPCOES_1_2.get(r, f"{r!r} não é uma das opções"))


def _modelo_espiao(respostas):
    prompts = []

    def chamar_modelo(prompt):
        prompts.append(prompt)
        return respostas[min(len(prompts), len(respostas)) - 1]

    chamar_modelo.prompts = prompts
    return chamar_modelo


class TestEx1_3:
    """Uma cadeia fixa: resumir e depois traduzir"""

    def test_duas_chamadas_pela_ordem(self, nb):
        """Faz exatamente duas chamadas: primeiro com o texto, depois com a primeira resposta"""
        modelo = _modelo_espiao(["RESUMO-7781", "TRADUCAO-3310"])
        texto = "O gato subiu ao telhado e não quis descer durante três dias."
        r = nb.resumir_e_traduzir(texto, modelo)
        assert len(modelo.prompts) == 2, explica(
            "Uma cadeia fixa chama o modelo sempre o mesmo número de vezes: aqui, duas.",
            f"chamou {len(modelo.prompts)} vez(es)")
        assert texto in modelo.prompts[0], explica(
            "O primeiro prompt tem de levar o texto a resumir.",
            f"1.º prompt: {modelo.prompts[0]!r}")
        assert "RESUMO-7781" in modelo.prompts[1] and texto not in modelo.prompts[1], explica(
            "O segundo prompt traduz a primeira resposta (o resumo), não o texto original.",
            f"2.º prompt: {modelo.prompts[1]!r}")
        assert r == "TRADUCAO-3310", explica(
            "Devolve a resposta da segunda chamada, tal como veio.", f"devolveu {r!r}")

    def test_sempre_igual(self, nb):
        """O número de chamadas não depende do que o modelo responde"""
        for respostas in (["", ""], ["muito " * 200, "ok"], ["Não sei.", "I don't know."]):
            modelo = _modelo_espiao(respostas)
            r = nb.resumir_e_traduzir("texto curto", modelo)
            assert len(modelo.prompts) == 2 and r == respostas[1], explica(
                "Nada de repetir ou saltar chamadas conforme a resposta: isso já seria o "
                "código a decidir em função do modelo.",
                f"respostas {respostas[0][:20]!r}…: {len(modelo.prompts)} chamadas, devolveu {r!r}")
