"""Verificações públicas do capítulo 1 — O que é um agente, na prática."""

import copy

from curso.verificacao import como_lido_do_modelo, explica, igual_estrito, so_dados
from curso.verificacao.dominios import (
    com_extremos,
    contraexemplo,
    example,
    nomes,
    propriedade,
    resultados,
    st,
    textos,
    folhas_json,
)


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


# O domínio do 1.1: um guião de ferramentas pedidas, cada uma com os seus argumentos e o que devolve
# (qualquer valor JSON: None, [], {}, 0, False, textos, listas, objetos)
_NOMES_1_1 = ("procurar", "somar", "ler_ficheiro")
_PASSO_1_1 = st.fixed_dictionaries({
    "ferramenta": st.sampled_from(_NOMES_1_1),
    "argumentos": st.dictionaries(nomes(), folhas_json(), max_size=2),
    "resultado": resultados(2),
})
_GUIAO_1_1 = st.lists(_PASSO_1_1, max_size=4)


def _seguir_guiao(nb, guiao, texto_final="fim", pedido="o pedido", **opcoes):
    """Corre correr_ciclo com um decisor que pede, por ordem, as ferramentas do guião e depois
    responde ``texto_final``; cada ferramenta devolve o resultado do guião.

    Devolve o resultado, o que o decisor recebeu em cada chamada (pedido e uma cópia do histórico)
    e cada ferramenta corrida (nome, argumentos posicionais, argumentos nomeados)."""
    vistos, corridas = [], []

    def decidir(p, historico):
        vistos.append((p, copy.deepcopy(list(historico))))
        i = len(vistos) - 1
        if i < len(guiao):
            return {"ferramenta": guiao[i]["ferramenta"], "argumentos": copy.deepcopy(guiao[i]["argumentos"])}
        return _final(texto_final)

    def espia(nome):
        def ferramenta(*posicionais, **nomeados):
            corridas.append((nome, posicionais, nomeados))
            i = len(corridas) - 1
            return copy.deepcopy(guiao[i]["resultado"]) if i < len(guiao) else None
        return ferramenta

    opcoes.setdefault("max_passos", len(guiao) + 2)  # uma volta de folga: a última volta é do 1.10
    r = nb.correr_ciclo(pedido, decidir, {nome: espia(nome) for nome in _NOMES_1_1}, **opcoes)
    return r, vistos, corridas


def _observacoes(guiao):
    """O histórico que o enunciado pede para um guião: uma entrada por ferramenta corrida."""
    return [{"ferramenta": p["ferramenta"], "argumentos": p["argumentos"], "resultado": p["resultado"]}
            for p in guiao]


def _chamada_1_1(guiao, **opcoes):
    pedidas = ", ".join(p["ferramenta"] for p in guiao) or "nenhuma"
    extra = "".join(f", {k}={v!r}" for k, v in opcoes.items())
    return f"correr_ciclo(…{extra}) e um decisor que pede [{pedidas}] e depois responde"


class TestEx1_1:
    """O ciclo mínimo pensar → agir → observar"""

    @propriedade(textos(min_size=1, max_size=20), st.lists(_PASSO_1_1, max_size=2), exemplos=4)
    @example(pedido="o pedido", guiao=[{"ferramenta": "procurar", "argumentos": {"x": 1}, "resultado": 1}])
    def test_decisor_recebe_pedido_e_historico(self, nb, pedido, guiao):
        """Em cada volta o decisor é chamado uma vez, como decidir(pedido, historico)"""
        _, vistos, _ = _seguir_guiao(nb, guiao, pedido=pedido)
        recebidos = [p for p, _ in vistos]
        esperados = [pedido] * (len(guiao) + 1)
        assert recebidos == esperados, contraexemplo(
            "Chama o decisor uma vez em cada volta, com o pedido tal como o recebeste e o histórico: "
            "decidir(pedido, historico) — em todas as voltas, não só na primeira.",
            _chamada_1_1(guiao, pedido=pedido), esperados, recebidos)

    @propriedade(st.lists(_PASSO_1_1, max_size=2), textos(max_size=16), exemplos=4)
    @example(guiao=[], texto="Olá!")
    def test_responde_com_o_texto(self, nb, guiao, texto):
        """Quando o decisor responde, o ciclo termina com concluido=True e a resposta, seja qual for o texto"""
        r, _, _ = _seguir_guiao(nb, guiao, texto)
        entrada = _chamada_1_1(guiao) + f" {texto!r}"
        assert isinstance(r, dict), contraexemplo(
            "correr_ciclo tem de devolver um dicionário.", entrada, "um dicionário", r)
        assert r.get("concluido") is True, contraexemplo(
            "Quando o decisor escolhe 'responder_final', o ciclo termina com concluido=True (o "
            "bool True, não 1).", entrada, True, r.get("concluido"))
        assert type(r.get("resposta")) is str and r.get("resposta") == texto, contraexemplo(
            "A resposta é o texto de argumentos['texto'] da decisão final, tal como está (sem "
            "limpar espaços nem trocar um texto vazio por outro).", entrada, texto, r.get("resposta"))
        assert isinstance(r.get("historico"), list), contraexemplo(
            "O resultado leva também o histórico, na chave 'historico'.", entrada, "uma lista", r)

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

    @propriedade(st.lists(_PASSO_1_1, min_size=1, max_size=3), exemplos=5)
    @example(guiao=[{"ferramenta": "somar", "argumentos": {"a": 2, "b": 3}, "resultado": 5},
                    {"ferramenta": "somar", "argumentos": {"a": 10, "b": -4}, "resultado": 6}])
    def test_regista_cada_observacao(self, nb, guiao):
        """Cada volta acrescenta {'ferramenta', 'argumentos', 'resultado'} ao histórico, seja qual for o resultado"""
        r, _, _ = _seguir_guiao(nb, guiao)
        esperado, obtido = _observacoes(guiao), r.get("historico") if isinstance(r, dict) else r
        assert isinstance(obtido, list) and igual_estrito(obtido, esperado), contraexemplo(
            "Cada volta acrescenta {'ferramenta': nome, 'argumentos': argumentos, 'resultado': "
            "resultado} ao histórico, com o resultado tal como a ferramenta o devolveu — também "
            "None, [], 0 ou False.", _chamada_1_1(guiao), esperado, obtido)

    @propriedade(st.lists(_PASSO_1_1, min_size=2, max_size=4), exemplos=4)
    def test_decisor_ve_observacoes_anteriores(self, nb, guiao):
        """Em cada volta o decisor vê todas as observações anteriores"""
        r, vistos, _ = _seguir_guiao(nb, guiao)
        # o histórico que a função devolve, tal como o guarda: na volta n o decisor vê as n - 1
        # primeiras entradas (a forma de cada entrada é do requisito do registo, não deste)
        esperado = so_dados(r, dict).get("historico")
        for volta, (_, historico) in enumerate(vistos):
            assert isinstance(esperado, list) and igual_estrito(historico, esperado[:volta]), contraexemplo(
                "Passa ao decisor o histórico atualizado em cada volta, com todas as observações "
                "anteriores (é assim que o agente 'observa').",
                _chamada_1_1(guiao) + f", na volta {volta + 1}", esperado[:volta], historico)

    @propriedade(st.integers(1, 7), exemplos=4)
    @example(max_passos=3)
    def test_para_em_max_passos(self, nb, max_passos):
        """Sem resposta final, para ao fim de max_passos voltas, com concluido=False e o motivo"""
        decidir = _teimoso()
        corridas = []

        def procurar(termo):
            corridas.append(termo)
            return f"nada sobre {termo}"

        r = nb.correr_ciclo("x", decidir, {"procurar": procurar}, max_passos=max_passos)
        entrada = f"correr_ciclo(…, max_passos={max_passos}) e um decisor que nunca responde"
        assert len(decidir.chamadas) == max_passos, contraexemplo(
            "Em cada volta o decisor é chamado uma vez: max_passos voltas sem resposta são "
            "max_passos chamadas, e depois o ciclo desiste.", entrada,
            f"{max_passos} chamadas ao decisor", f"{len(decidir.chamadas)}")
        assert len(corridas) == max_passos, contraexemplo(
            "Cada volta sem resposta corre uma ferramenta.", entrada,
            f"{max_passos} ferramentas corridas", f"{len(corridas)}")
        assert r.get("concluido") is False and r.get("motivo") == "max_steps atingido", contraexemplo(
            "No limite, devolve concluido=False e motivo 'max_steps atingido'.", entrada,
            {"concluido": False, "motivo": "max_steps atingido"}, r)
        assert len(r.get("historico", [])) == max_passos, contraexemplo(
            "O histórico devolvido tem as observações de todas as voltas.", entrada,
            f"{max_passos} entradas", f"{len(r.get('historico', []))}")

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

    @propriedade(st.integers(1, 6), exemplos=3)
    @example(max_passos=3)
    def test_resposta_na_ultima_volta(self, nb, max_passos):
        """Uma resposta na última volta ainda conta"""
        decisoes = [{"ferramenta": "procurar", "argumentos": {"termo": "x"}}] * (max_passos - 1)
        r = nb.correr_ciclo("x", _decisor_roteirizado(decisoes + [_final("à justa")]),
                            {"procurar": lambda termo: 1}, max_passos=max_passos)
        assert r.get("resposta") == "à justa", contraexemplo(
            f"Com max_passos={max_passos}, uma resposta na volta {max_passos} ainda está dentro do limite.",
            f"correr_ciclo(…, max_passos={max_passos}) e a resposta na volta {max_passos}", "à justa", r)


    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo): a solução como oráculo

    @propriedade(_GUIAO_1_1, st.integers(1, 6), textos(max_size=10), exemplos=3)
    def oraculo_o_mesmo_ciclo(self, nb, solucao, guiao, max_passos, texto):
        """O mesmo decisor e as mesmas ferramentas dão o que a solução dá, no que o enunciado fixa:
        as chaves do resultado, o histórico, o que o decisor viu e as ferramentas corridas."""
        aluno = _seguir_guiao(nb, guiao, texto, max_passos=max_passos)
        certo = _seguir_guiao(solucao, guiao, texto, max_passos=max_passos)
        fixo = ("concluido", "resposta", "motivo", "historico")
        obtido = [{k: v for k, v in so_dados(aluno[0], dict).items() if k in fixo}, aluno[1], aluno[2]]
        esperado = [{k: v for k, v in certo[0].items() if k in fixo}, certo[1], certo[2]]
        assert igual_estrito(obtido, esperado), contraexemplo(
            "correr_ciclo não faz o que o enunciado pede (comparado com a solução do curso).",
            _chamada_1_1(guiao, max_passos=max_passos), esperado, obtido)


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


# respostas do modelo: qualquer texto, também vazio, só espaços, com mudanças de linha ou uma pergunta
_RESPOSTA_1_3 = com_extremos(
    st.builds(lambda texto, fim: texto + fim, textos(max_size=16), st.sampled_from(["", "?", "\n", "."])),
    "", "Queres que resuma?", "  \n")
# um resumo que não se confunde com as palavras de um prompt (para ver se o segundo prompt o leva)
_RESUMO_1_3 = st.builds(lambda n, extra: f"RESUMO-{n}{extra}", st.integers(0, 9999), textos(max_size=12))


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

    @propriedade(_RESUMO_1_3, exemplos=4)
    @example(resumo="RESUMO-7781")
    @example(resumo="um resumo comprido " * 20)  # um resumo longo vai inteiro, não cortado
    def test_segundo_prompt_leva_o_resumo(self, nb, resumo):
        """O segundo prompt leva a primeira resposta (o resumo), inteira"""
        modelo = _modelo_espiao([resumo, "TRADUCAO-3310"])
        nb.resumir_e_traduzir(TEXTO_1_3, modelo)
        segundo = modelo.prompts[1] if len(modelo.prompts) >= 2 else None
        assert segundo is not None and resumo.strip() in segundo, contraexemplo(
            "O segundo prompt traduz a primeira resposta: tem de a levar, inteira (o modelo não se "
            "lembra da chamada anterior).", f"a primeira resposta {resumo!r}",
            "um segundo prompt com ela", segundo)

    def test_segundo_prompt_sem_o_original(self, nb):
        """O segundo prompt leva só o resumo, sem o texto original"""
        modelo = _modelo_espiao(["RESUMO-7781", "TRADUCAO-3310"])
        nb.resumir_e_traduzir(TEXTO_1_3, modelo)
        assert len(modelo.prompts) >= 2 and TEXTO_1_3[:40] not in modelo.prompts[1], explica(
            "O segundo prompt traduz o resumo, e só o resumo: o texto original fica de fora.",
            f"2.º prompt: {modelo.prompts[1:2]!r}")

    @propriedade(_RESPOSTA_1_3, exemplos=6)
    @example(traducao="  The cat climbed onto the roof.\n")
    def test_devolve_a_segunda_resposta(self, nb, traducao):
        """Devolve a segunda resposta, tal como veio, seja ela qual for"""
        r = nb.resumir_e_traduzir(TEXTO_1_3, _modelo_espiao(["RESUMO-7781", traducao]))
        assert type(r) is str and r == traducao, contraexemplo(
            "Devolve a resposta da segunda chamada tal como veio: sem a limpar, cortar, juntar "
            "nada nem trocar uma resposta vazia por outra.", f"a segunda resposta {traducao!r}",
            traducao, r)

    @propriedade(_RESPOSTA_1_3, _RESPOSTA_1_3, exemplos=8)
    @example(resumo="muito " * 40, traducao="ok")
    def test_exatamente_duas_chamadas(self, nb, resumo, traducao):
        """Exatamente duas chamadas, seja qual for a resposta do modelo"""
        modelo = _modelo_espiao([resumo, traducao])
        nb.resumir_e_traduzir("texto curto", modelo)
        assert len(modelo.prompts) == 2, contraexemplo(
            "Uma cadeia fixa chama o modelo sempre o mesmo número de vezes: aqui, duas. Nada "
            "de repetir ou saltar chamadas conforme a resposta: isso já seria o código a "
            "decidir em função do modelo.", f"as respostas {resumo[:30]!r} e {traducao!r}",
            "2 chamadas", f"{len(modelo.prompts)}")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(textos(min_size=1, max_size=30), _RESPOSTA_1_3, _RESPOSTA_1_3, exemplos=3)
    def oraculo_a_mesma_cadeia(self, nb, solucao, texto, resumo, traducao):
        """As mesmas respostas do modelo dão o mesmo resultado e o mesmo número de chamadas que a solução."""
        aluno, certo = _modelo_espiao([resumo, traducao]), _modelo_espiao([resumo, traducao])
        obtido = [so_dados(nb.resumir_e_traduzir(texto, aluno)), len(aluno.prompts)]
        esperado = [solucao.resumir_e_traduzir(texto, certo), len(certo.prompts)]
        assert igual_estrito(obtido, esperado), contraexemplo(
            "resumir_e_traduzir não faz o que o enunciado pede (comparado com a solução do curso).",
            f"resumir_e_traduzir({texto!r}, …) com as respostas {resumo!r} e {traducao!r}",
            esperado, obtido)


class TestEx1_4:
    """Quiz: quem escreve a observação"""

    recebe_contentores = False  # um quiz: não há funções a chamar

    def test_resposta_e_uma_letra(self, nb):
        """resposta_1_4 é uma das letras a, b, c ou d (a certa vê-se na correção)"""
        from curso.quizzes import letra_do_quiz

        letra_do_quiz(nb.resposta_1_4, "resposta_1_4", "abcd")
