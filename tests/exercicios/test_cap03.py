"""Verificações públicas do capítulo 3 — Workflows determinísticos vs agentes autónomos."""

from curso.verificacao import explica, igual_estrito, so_dados
from curso.verificacao.dominios import (
    com_maiusculas_e_espacos,
    contraexemplo,
    espacos,
    example,
    folhas_json,
    propriedade,
    st,
    textos,
)

# --------------------------------------------------------------------------- utilitários


def _tem(r, esperado):
    """``r`` é um dicionário com estas chaves e valores, do mesmo tipo (True não é 1); chaves a mais
    são aceites, porque o enunciado não diz «só estas»."""
    return isinstance(r, dict) and all(
        k in r and r[k] == v and type(r[k]) is type(v) for k, v in esperado.items())


class _ModeloEspiao:
    """Faz de chamar_modelo: responde pela ordem dada (depois repete a última) e guarda os prompts."""

    def __init__(self, *respostas):
        self.respostas, self.prompts = respostas, []

    def __call__(self, prompt):
        self.prompts.append(prompt)
        return self.respostas[min(len(self.prompts), len(self.respostas)) - 1]


# --------------------------------------------------------------------------- 3.1

CERTAS_3_1 = {"A": "workflow", "B": "agente", "C": "workflow", "D": "agente", "E": "workflow", "F": "agente"}
PORQUE_3_1 = {
    "A": "os passos (ler, extrair, validar, gravar) são sempre os mesmos, pela mesma ordem",
    "B": "a consulta seguinte depende do que a anterior devolveu: não cabe num fluxograma fixo",
    "C": "traduzir e depois classificar é uma cadeia fixa; a classificação só escolhe um ramo conhecido",
    "D": "ninguém sabe à partida quantas consultas nem quais: é o resultado de cada uma que decide",
    "E": "gerar → avaliar → repetir com limite é um grafo fixo com um ciclo limitado (avaliador-otimizador)",
    "F": "as ações seguintes (que ficheiro abrir, o que editar) dependem do que se observa a cada passo",
}


class TestEx3_1:
    """Workflow ou agente?"""

    recebe_contentores = False  # uma resposta, não uma função

    def test_forma(self, nb):
        """CLASSIFICACAO tem as chaves A a F e só os valores "workflow" ou "agente\""""
        c = nb.CLASSIFICACAO
        assert isinstance(c, dict) and sorted(c) == list("ABCDEF"), explica(
            "Escreve um dicionário com as chaves \"A\" a \"F\" (maiúsculas).", f"CLASSIFICACAO = {c!r}")
        maus = {k: v for k, v in c.items() if v not in ("workflow", "agente")}
        assert not maus, explica(
            "Os valores são exatamente \"workflow\" ou \"agente\" (minúsculas, sem acentos).", f"valores estranhos: {maus!r}")

    def test_certas(self, nb):
        """Cada cenário está bem classificado"""
        c = nb.CLASSIFICACAO
        erradas = sorted(k for k in CERTAS_3_1 if c.get(k) != CERTAS_3_1[k])
        assert not erradas, explica(
            "Aplica o teste do fluxograma: consegues desenhar todos os ramos antes de correr? "
            "(Um ciclo com limite fixo ainda cabe num fluxograma.)",
            "; ".join(f"{k}: {PORQUE_3_1[k]}" for k in erradas[:1]) + f" — reveem-se {len(erradas)} cenário(s): {erradas}")


# --------------------------------------------------------------------------- 3.2

FATURA = ("FATURA N.º 2024/0193\nCliente: Marta Sousa <marta.sousa@correio.pt>\n"
          "Artigos: 3 × cadeira 45,00 €\nTotal: 135,00 €\n")


# O domínio do 3.2: e-mails plausíveis (algo antes do @, um só @, nenhum espaço em branco, um ponto
# no domínio) e respostas que quebram cada uma dessas regras. Um ponto no princípio ou no fim do
# domínio («x@.pt», «x@pt.») fica de fora: o enunciado não diz se conta.
_LOCAL_3_2 = st.text(alphabet="abcxyzçé019._+-", min_size=1, max_size=8)
_ROTULO_3_2 = st.text(alphabet="abcdefxyz019-", min_size=1, max_size=6)
_DOMINIO_3_2 = st.lists(_ROTULO_3_2, min_size=2, max_size=3).map(".".join)
_EMAIL_3_2 = st.builds(lambda local, dominio: f"{local}@{dominio}", _LOCAL_3_2, _DOMINIO_3_2)
_BRANCO_3_2 = st.sampled_from([" ", "\t", "\n", "  ", "\r\n"])
_INVALIDO_3_2 = st.one_of(
    st.builds(lambda local, dominio: f"{local}.{dominio}", _LOCAL_3_2, _DOMINIO_3_2),  # sem @
    st.builds(lambda local, meio, dominio: f"{local}@{meio}@{dominio}", _LOCAL_3_2,
              st.sampled_from(["", "x"]), _DOMINIO_3_2),  # dois @
    st.builds(lambda a, branco, b, dominio: f"{a}{branco}{b}@{dominio}", _LOCAL_3_2, _BRANCO_3_2, _LOCAL_3_2,
              _DOMINIO_3_2),  # espaço em branco no meio (espaço, tab, mudança de linha)
    st.builds(lambda local, branco, dominio: f"{local}@{dominio[:1]}{branco}{dominio[1:]}", _LOCAL_3_2,
              _BRANCO_3_2, _DOMINIO_3_2),  # espaço em branco no domínio
    st.builds(lambda dominio: f"@{dominio}", _DOMINIO_3_2),  # nada antes do @
    st.builds(lambda local, rotulo: f"{local}.x@{rotulo}", _LOCAL_3_2, _ROTULO_3_2),  # ponto só antes do @
    st.sampled_from(["", "Não encontrei nenhum e-mail.", "marta sousa@correio.pt"]),
)
# faturas de todos os tamanhos: de uma linha de artigos a uma dezena (mais de 200 caracteres)
_ARTIGO_3_2 = st.builds(lambda q, artigo, preco: f"{q} × {artigo} {preco},00 €", st.integers(1, 9),
                        st.sampled_from(["cadeira", "mesa de apoio", "candeeiro de pé", "estante"]),
                        st.integers(5, 400))
_DOCUMENTO_3_2 = st.builds(
    lambda n, texto, artigos: "\n".join([f"FATURA N.º {n}", texto, *artigos, f"Total: {n},00 €"]),
    st.integers(1, 9999), textos(max_size=20), st.lists(_ARTIGO_3_2, max_size=12))


class TestEx3_2:
    """Um pipeline com validação entre etapas"""

    recebe_contentores = False  # recebe um texto e uma função

    @propriedade(_EMAIL_3_2, textos(max_size=12), _DOCUMENTO_3_2, exemplos=6)
    @example(email="marta.sousa@correio.pt", resumo="RESUMO-4417", documento=FATURA)
    @example(email="marta.sousa@correio.pt", resumo="RESUMO-4417",
             documento=FATURA + "".join(f"{n} × cadeira 45,00 €\n" for n in range(1, 10)))
    def test_sucesso(self, nb, email, resumo, documento):
        """Email válido: duas chamadas, ambas com o documento, e o resumo da 2.ª"""
        modelo = _ModeloEspiao(email, resumo)
        r = nb.extrair_validar_resumir(documento, modelo)
        entrada = f"o modelo a responder {email!r} e depois {resumo!r}"
        assert len(modelo.prompts) == 2, contraexemplo(
            "Com um e-mail válido, o pipeline faz exatamente duas chamadas.", entrada, "2 chamadas",
            f"{len(modelo.prompts)}")
        assert all(documento in p for p in modelo.prompts), contraexemplo(
            "Os dois prompts levam o documento inteiro, também quando é comprido (não só o princípio): o "
            "modelo não sabe nada da fatura a não ser o que lhe mandas.",
            entrada, "dois prompts com o documento", [p[:60] for p in modelo.prompts])
        esperado = {"ok": True, "campo": email, "resumo": resumo}
        assert _tem(r, esperado), contraexemplo(
            "Devolve {\"ok\": True, \"campo\": email, \"resumo\": resposta da chamada 2}.", entrada, esperado, r)

    @propriedade(espacos(), _EMAIL_3_2, espacos(), exemplos=5)
    @example(antes="  ", email="marta.sousa@correio.pt", depois=" \n")
    def test_limpa_espacos(self, nb, antes, email, depois):
        """A resposta do modelo é limpa (strip) antes de validar"""
        resposta = antes + email + depois
        r = nb.extrair_validar_resumir(FATURA, _ModeloEspiao(resposta, "R"))
        assert isinstance(r, dict) and r.get("ok") is True and r.get("campo") == email, contraexemplo(
            "Os modelos juntam espaços, tabs e mudanças de linha: faz strip() antes de validar, e o campo "
            "é o e-mail limpo.", f"o modelo a responder {resposta!r}", {"ok": True, "campo": email}, r)

    @propriedade(_INVALIDO_3_2, exemplos=10)
    @example(mau="marta\tsousa@correio.pt")
    def test_invalido_para_antes(self, nb, mau):
        """Um e-mail inválido para na validação, sem gastar a 2.ª chamada"""
        modelo = _ModeloEspiao(mau, "NÃO-DEVIA-CHEGAR-AQUI")
        r = nb.extrair_validar_resumir(FATURA, modelo)
        entrada = f"o modelo a responder {mau!r}"
        assert len(modelo.prompts) == 1, contraexemplo(
            "Valida em código entre as etapas: um e-mail inválido (sem @, com dois, com espaço em branco, "
            "nada antes do @ ou sem ponto no domínio) não segue para a chamada 2.", entrada, "1 chamada",
            f"{len(modelo.prompts)}")
        assert isinstance(r, dict) and r.get("ok") is False and r.get("etapa") == "validacao", contraexemplo(
            "Na falha devolve {\"ok\": False, \"etapa\": \"validacao\", \"erro\": texto}.", entrada,
            {"ok": False, "etapa": "validacao", "erro": "…"}, r)
        assert isinstance(r.get("erro"), str) and r["erro"], contraexemplo(
            "O erro é um texto que diz o que correu mal.", entrada, "um texto", r.get("erro"))

    # (respostas sem @: qualquer validação as recusa, e aqui só interessa o texto do erro)
    @propriedade(_INVALIDO_3_2.filter(lambda t: t.strip() != "" and "@" not in t), espacos(), exemplos=5)
    @example(mau="marta.sousa.correio.pt", espaco="  ")
    def test_erro_diz_o_que_veio(self, nb, mau, espaco):
        """Na falha, o texto do erro mostra o que o modelo respondeu"""
        resposta = espaco + mau + espaco
        r = nb.extrair_validar_resumir(FATURA, _ModeloEspiao(resposta, "R"))
        erro = r.get("erro") if isinstance(r, dict) else None
        veio = resposta.strip()
        assert isinstance(erro, str) and (veio in erro or repr(veio) in erro), contraexemplo(
            "Põe no erro a resposta que chegou (por exemplo f\"e-mail inválido: {email}\"): quem lê o "
            "registo vê logo o que o modelo disse.", f"o modelo a responder {resposta!r}",
            f"um erro com {veio!r}", erro)

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.one_of(_EMAIL_3_2, _INVALIDO_3_2).flatmap(
        lambda e: st.builds(lambda a, b: a + e + b, espacos(), espacos())), textos(max_size=8), exemplos=4)
    def oraculo_o_mesmo_pipeline(self, nb, solucao, resposta, resumo):
        """O mesmo que a solução: ok, a etapa ou o campo e o resumo, e o número de chamadas (o texto
        do erro é livre)."""

        def correr(extrair_validar_resumir):
            modelo = _ModeloEspiao(resposta, resumo)
            r = so_dados(extrair_validar_resumir(FATURA, modelo), dict)
            fixo = ("ok", "etapa") if r.get("ok") is False else ("ok", "campo", "resumo")
            return [{k: r.get(k) for k in fixo}, len(modelo.prompts)]

        obtido, esperado = correr(nb.extrair_validar_resumir), correr(solucao.extrair_validar_resumir)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "extrair_validar_resumir não faz o que o enunciado pede (comparado com a solução do curso).",
            f"o modelo a responder {resposta!r} e depois {resumo!r}", esperado, obtido)


# --------------------------------------------------------------------------- 3.3


def _classificador(resposta):
    chamadas = []

    def classificar(pedido):
        chamadas.append(pedido)
        if isinstance(resposta, BaseException):
            raise resposta
        return resposta

    classificar.chamadas = chamadas
    return classificar


FILAS_3_3 = ("cobranca", "infra", "suporte")
_FILA_3_3 = st.sampled_from(FILAS_3_3).flatmap(lambda fila: st.tuples(st.just(fila), com_maiusculas_e_espacos(fila)))
# o que não é uma fila: etiquetas inventadas (também parecidas com as filas: que começam ou acabam
# pelo nome de uma, ou o contêm) e o que nem é texto
_PARECIDA_3_3 = st.builds(
    lambda fila, antes, depois: f"{antes}{fila}{depois}", st.sampled_from(FILAS_3_3),
    st.sampled_from(["", "", "fila: ", "a "]), st.sampled_from(["estrutura", " atrasada", "-geral", "?", "s"]))
_NAO_FILA_3_3 = st.one_of(
    st.sampled_from(["marketing", "cobrança", "infra-estrutura", "suporte técnico", "", "fila: infra", "in fra"]),
    _PARECIDA_3_3,
    textos(max_size=10).filter(lambda t: t.strip().lower() not in FILAS_3_3),
    folhas_json().filter(lambda v: not isinstance(v, str)),
    st.lists(st.sampled_from(FILAS_3_3), max_size=2), st.dictionaries(st.sampled_from(FILAS_3_3), st.booleans(), max_size=1),
)
_EXCECAO_3_3 = st.builds(lambda tipo, mensagem: tipo(mensagem),
                         st.sampled_from([TimeoutError, ValueError, KeyError, RuntimeError, ConnectionError, OSError]),
                         textos(max_size=10))


class TestEx3_3:
    """Um router com alternativa"""

    recebe_contentores = False  # recebe um texto e uma função

    @propriedade(_FILA_3_3, textos(min_size=1, max_size=12), exemplos=8)
    @example(fila_e_resposta=("infra", " INFRA\n"), pedido="o servidor caiu")
    def test_filas_validas_normalizadas(self, nb, fila_e_resposta, pedido):
        """Uma fila válida, com maiúsculas ou espaços, é normalizada; o classificador é chamado uma vez"""
        fila, resposta = fila_e_resposta
        classificar = _classificador(resposta)
        r = nb.rotear(pedido, classificar)
        entrada = f"rotear({pedido!r}, …) e o classificador a responder {resposta!r}"
        assert r == fila, contraexemplo("Normaliza a etiqueta: strip() e lower().", entrada, fila, r)
        assert classificar.chamadas == [pedido], contraexemplo(
            "Chama classificar(pedido) exatamente uma vez, com o pedido (cada chamada é uma chamada ao modelo).",
            entrada, [pedido], classificar.chamadas)

    @propriedade(_NAO_FILA_3_3, exemplos=8)
    @example(resposta=None)
    @example(resposta="cobranca atrasada")
    def test_etiqueta_inventada(self, nb, resposta):
        """Uma etiqueta fora das filas (ou que nem é texto) vai para "suporte\""""
        r = nb.rotear("olá", _classificador(resposta))
        assert r == "suporte", contraexemplo(
            "Tudo o que não é uma fila válida (uma etiqueta inventada, ou algo que nem é texto) vai para a "
            "alternativa \"suporte\", sem rebentar: depois de strip() e lower() a etiqueta tem de ser "
            "igual ao nome de uma fila, não basta começar por ele ou contê-lo.", f"o classificador a responder {resposta!r}", "suporte", r)

    @propriedade(_EXCECAO_3_3, exemplos=5)
    @example(erro=TimeoutError("o modelo demorou demais"))
    def test_classificador_rebenta(self, nb, erro):
        """Se o classificador lançar uma exceção, o pedido vai para "suporte" na mesma"""
        classificar = _classificador(erro)
        entrada = f"um classificador que lança {type(erro).__name__}({str(erro)!r})"
        try:
            r = nb.rotear("a fatura veio a dobrar", classificar)
        except NotImplementedError:
            raise
        except Exception as e:
            raise AssertionError(contraexemplo(
                "Um classificador que falha não pode deitar abaixo o router: apanha a exceção e usa "
                "a alternativa.", entrada, "suporte", f"{type(e).__name__}: {e}")) from None
        assert r == "suporte" and len(classificar.chamadas) == 1, contraexemplo(
            "Na falha do classificador, a alternativa é \"suporte\" (sem voltar a tentar: chama-o uma vez).",
            entrada, "suporte, depois de 1 chamada", f"{r!r}, depois de {len(classificar.chamadas)}")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.one_of(_FILA_3_3.map(lambda par: par[1]), _NAO_FILA_3_3, _EXCECAO_3_3), exemplos=4)
    def oraculo_a_mesma_fila(self, nb, solucao, resposta):
        """A mesma fila que a solução, e o classificador chamado as mesmas vezes."""

        def correr(rotear):
            classificar = _classificador(resposta)
            return [rotear("pedido", classificar), len(classificar.chamadas)]

        obtido, esperado = correr(nb.rotear), correr(solucao.rotear)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "rotear não faz o que o enunciado pede (comparado com a solução do curso).",
            f"o classificador a responder {resposta!r}", esperado, obtido)


# --------------------------------------------------------------------------- 3.4


# O domínio do 3.4: versões e feedbacks gerados (textos quaisquer, um feedback pode até ser None) e
# um avaliador que decide pela versão que recebe (avaliar duas vezes a mesma dá o mesmo)
_VERSOES_3_4 = st.lists(textos(max_size=8), min_size=7, max_size=7, unique=True)
_FEEDBACKS_3_4 = st.lists(st.one_of(textos(max_size=8), st.none()), min_size=7, max_size=7)


def _refinar(refinar, versoes, feedbacks, passa_em, **opcoes):
    """Corre refinar com um gerador que dá as versões por ordem e um avaliador que aprova só a
    versão ``passa_em`` (a contar de 1; ``None``: nenhuma). Devolve o resultado, o que o gerador
    recebeu em cada chamada e as versões avaliadas."""
    gerados, avaliados = [], []

    def gerar(feedback):
        gerados.append(feedback)
        return versoes[len(gerados) - 1] if len(gerados) <= len(versoes) else f"a mais {len(gerados)}"

    def avaliar(resultado):
        avaliados.append(resultado)
        i = versoes.index(resultado) if resultado in versoes else -1
        return (passa_em is not None and i + 1 == passa_em, feedbacks[i] if i >= 0 else None)

    return refinar(gerar, avaliar, **opcoes), gerados, avaliados


def _chamada_3_4(passa_em, **opcoes):
    extra = "".join(f", {k}={v!r}" for k, v in opcoes.items())
    aprova = f"aprova só a {passa_em}.ª versão" if passa_em else "não aprova nenhuma"
    return f"refinar(gerar, avaliar{extra}), em que avaliar {aprova}"


class TestEx3_4:
    """Avaliador-otimizador com limite"""

    recebe_contentores = False  # recebe duas funções e um número

    @propriedade(_VERSOES_3_4, _FEEDBACKS_3_4, exemplos=4)
    def test_passa_a_primeira(self, nb, versoes, feedbacks):
        """Se a primeira versão passa, para logo: uma geração, uma avaliação"""
        r, gerados, avaliados = _refinar(nb.refinar, versoes, feedbacks, 1)
        esperado = {"estado": "concluido", "resultado": versoes[0], "iteracoes": 1}
        assert _tem(r, esperado), contraexemplo(
            "À primeira versão que passa, devolve estado \"concluido\", o resultado e quantas geraste.",
            _chamada_3_4(1), esperado, r)
        assert gerados == [None] and avaliados == [versoes[0]], contraexemplo(
            "A primeira geração recebe None; cada versão é avaliada uma vez (é uma chamada ao modelo), e "
            "depois de passar não se gera nem avalia mais nada.", _chamada_3_4(1),
            {"gerar recebeu": [None], "avaliar recebeu": [versoes[0]]},
            {"gerar recebeu": gerados, "avaliar recebeu": avaliados})

    @propriedade(_VERSOES_3_4, _FEEDBACKS_3_4, st.integers(2, 5), exemplos=5)
    def test_feedback_passa_de_volta(self, nb, versoes, feedbacks, passa_em):
        """Cada versão é avaliada uma vez, e cada geração recebe o feedback da avaliação anterior"""
        r, gerados, avaliados = _refinar(nb.refinar, versoes, feedbacks, passa_em, max_iteracoes=5)
        assert avaliados == versoes[:passa_em], contraexemplo(
            "Cada versão é avaliada uma vez: cada avaliação é uma chamada ao modelo.",
            _chamada_3_4(passa_em, max_iteracoes=5), versoes[:passa_em], avaliados)
        esperado_gerar = [None, *feedbacks[:passa_em - 1]]
        assert gerados == esperado_gerar, contraexemplo(
            "Passa a gerar o feedback que a avaliação anterior devolveu, seja ele qual for.",
            _chamada_3_4(passa_em, max_iteracoes=5), esperado_gerar, gerados)
        esperado = {"estado": "concluido", "resultado": versoes[passa_em - 1], "iteracoes": passa_em}
        assert _tem(r, esperado), contraexemplo(
            "Devolve a versão que passou e o número de gerações.", _chamada_3_4(passa_em, max_iteracoes=5),
            esperado, r)

    @propriedade(_VERSOES_3_4, _FEEDBACKS_3_4, st.integers(1, 6), exemplos=5)
    @example(versoes=[f"versão {i}" for i in range(1, 8)], feedbacks=["x"] * 7, maximo=4)
    def test_limite_honesto(self, nb, versoes, feedbacks, maximo):
        """Sem nenhuma versão aprovada: exatamente max_iteracoes gerações e estado "incompleto\""""
        r, gerados, _ = _refinar(nb.refinar, versoes, feedbacks, None, max_iteracoes=maximo)
        assert len(gerados) == maximo, contraexemplo(
            "O ciclo tem um teto: exatamente max_iteracoes gerações, nem mais uma.",
            _chamada_3_4(None, max_iteracoes=maximo), f"{maximo} gerações", f"{len(gerados)}")
        esperado = {"estado": "incompleto", "resultado": versoes[maximo - 1], "iteracoes": maximo}
        assert _tem(r, esperado), contraexemplo(
            "No limite diz a verdade: estado \"incompleto\", a última versão e o número de gerações.",
            _chamada_3_4(None, max_iteracoes=maximo), esperado, r)

    def test_limite_por_omissao(self, nb):
        """max_iteracoes vale 3 por omissão, e passar na 3.ª ainda conta"""
        versoes, feedbacks = [f"versão {i}" for i in range(1, 8)], [f"crítica {i}" for i in range(1, 8)]
        r, gerados, _ = _refinar(nb.refinar, versoes, feedbacks, None)
        assert len(gerados) == 3 and r.get("estado") == "incompleto", explica(
            "max_iteracoes vale 3 por omissão.", f"geraste {len(gerados)} vezes: {r!r}")
        r, _, _ = _refinar(nb.refinar, versoes, feedbacks, 3)
        assert _tem(r, {"estado": "concluido", "resultado": "versão 3", "iteracoes": 3}), explica(
            "Uma versão aprovada na última geração permitida conta como concluída.", f"devolveu {r!r}")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(_VERSOES_3_4, _FEEDBACKS_3_4, st.one_of(st.none(), st.integers(1, 6)), st.integers(1, 6),
                 exemplos=3)
    def oraculo_o_mesmo_refinamento(self, nb, solucao, versoes, feedbacks, passa_em, maximo):
        """O mesmo resultado que a solução, o mesmo feedback a cada geração e as mesmas avaliações."""
        obtido = list(_refinar(nb.refinar, versoes, feedbacks, passa_em, max_iteracoes=maximo))
        esperado = list(_refinar(solucao.refinar, versoes, feedbacks, passa_em, max_iteracoes=maximo))
        obtido[0] = {k: so_dados(obtido[0], dict).get(k) for k in ("estado", "resultado", "iteracoes")}
        esperado[0] = {k: esperado[0][k] for k in ("estado", "resultado", "iteracoes")}
        assert igual_estrito(obtido, esperado), contraexemplo(
            "refinar não faz o que o enunciado pede (comparado com a solução do curso).",
            _chamada_3_4(passa_em, max_iteracoes=maximo), esperado, obtido)


class TestEx3_5:
    """Quiz: um avaliador-otimizador é um agente?"""

    recebe_contentores = False  # um quiz: não há funções a chamar

    def test_resposta_e_uma_letra(self, nb):
        """resposta_3_5 é uma das letras a, b, c ou d (a certa vê-se na correção)"""
        from curso.quizzes import letra_do_quiz

        letra_do_quiz(nb.resposta_3_5, "resposta_3_5", "abcd")
