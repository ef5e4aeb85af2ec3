"""Verificações públicas do capítulo 3 — Workflows determinísticos vs agentes autónomos."""

from curso.verificacao import explica

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


class TestEx3_2:
    """Um pipeline com validação entre etapas"""

    recebe_contentores = False  # recebe um texto e uma função

    def test_sucesso(self, nb):
        """Email válido: duas chamadas, ambas com o documento, e o resumo da 2.ª"""
        modelo = _ModeloEspiao("marta.sousa@correio.pt", "RESUMO-4417")
        r = nb.extrair_validar_resumir(FATURA, modelo)
        assert len(modelo.prompts) == 2, explica(
            "Com um e-mail válido, o pipeline faz exatamente duas chamadas.", f"fez {len(modelo.prompts)}")
        assert all(FATURA in p for p in modelo.prompts), explica(
            "Os dois prompts levam o documento: o modelo não sabe nada da fatura a não ser o que lhe mandas.",
            f"prompts: {[p[:60] for p in modelo.prompts]!r}")
        assert _tem(r, {"ok": True, "campo": "marta.sousa@correio.pt", "resumo": "RESUMO-4417"}), explica(
            "Devolve {\"ok\": True, \"campo\": email, \"resumo\": resposta da chamada 2}.", f"devolveu {r!r}")

    def test_limpa_espacos(self, nb):
        """A resposta do modelo é limpa (strip) antes de validar"""
        modelo = _ModeloEspiao("  marta.sousa@correio.pt \n", "R")
        r = nb.extrair_validar_resumir(FATURA, modelo)
        assert r.get("ok") is True and r.get("campo") == "marta.sousa@correio.pt", explica(
            "Os modelos juntam espaços e mudanças de linha: faz strip() antes de validar.", f"devolveu {r!r}")

    def test_invalido_para_antes(self, nb):
        """Um e-mail inválido para na validação, sem gastar a 2.ª chamada"""
        for mau in ("Não encontrei nenhum e-mail.", "marta.sousa.correio.pt", "marta@@correio.pt",
                    "marta@sousa@correio.pt", "marta sousa@correio.pt", "marta\tsousa@correio.pt", "marta@correio",
                    "marta.sousa@correio", "", "@correio.pt"):
            modelo = _ModeloEspiao(mau, "NÃO-DEVIA-CHEGAR-AQUI")
            r = nb.extrair_validar_resumir(FATURA, modelo)
            assert len(modelo.prompts) == 1, explica(
                "Valida em código entre as etapas: um e-mail inválido não segue para a chamada 2.",
                f"com {mau!r} fizeste {len(modelo.prompts)} chamadas")
            assert isinstance(r, dict) and r.get("ok") is False and r.get("etapa") == "validacao", explica(
                "Na falha devolve {\"ok\": False, \"etapa\": \"validacao\", \"erro\": texto}.", f"com {mau!r}: {r!r}")
            assert isinstance(r.get("erro"), str) and r["erro"], explica(
                "O erro é um texto que diz o que correu mal.", f"com {mau!r}: {r!r}")

    def test_erro_diz_o_que_veio(self, nb):
        """Na falha, o texto do erro mostra o que o modelo respondeu"""
        for mau in ("Não encontrei nenhum e-mail.", "  marta.sousa.correio.pt\n"):
            r = nb.extrair_validar_resumir(FATURA, _ModeloEspiao(mau, "R"))
            erro = r.get("erro") if isinstance(r, dict) else None
            assert isinstance(erro, str) and mau.strip() in erro, explica(
                "Põe no erro a resposta que chegou (por exemplo f\"e-mail inválido: {email!r}\"): quem lê o "
                "registo vê logo o que o modelo disse.", f"com {mau!r}: {r!r}")


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


class TestEx3_3:
    """Um router com alternativa"""

    recebe_contentores = False  # recebe um texto e uma função

    def test_filas_validas_normalizadas(self, nb):
        """Uma fila válida, com maiúsculas ou espaços, é normalizada; o classificador é chamado uma vez"""
        for resposta, fila in (("cobranca", "cobranca"), (" INFRA\n", "infra"), ("Suporte ", "suporte"),
                               ("\tCobranca", "cobranca")):
            classificar = _classificador(resposta)
            r = nb.rotear("o servidor caiu", classificar)
            assert r == fila, explica(
                "Normaliza a etiqueta: strip() e lower().", f"o classificador disse {resposta!r}, devolveste {r!r}")
            assert classificar.chamadas == ["o servidor caiu"], explica(
                "Chama classificar(pedido) exatamente uma vez.", f"chamadas: {classificar.chamadas!r}")

    def test_etiqueta_inventada(self, nb):
        """Uma etiqueta fora das filas (ou que nem é texto) vai para "suporte\""""
        for resposta in ("marketing", "cobrança", "infra-estrutura", "", None, 3):
            r = nb.rotear("olá", _classificador(resposta))
            assert r == "suporte", explica(
                "Tudo o que não é uma fila válida vai para a alternativa \"suporte\".",
                f"o classificador disse {resposta!r}, devolveste {r!r}")

    def test_classificador_rebenta(self, nb):
        """Se o classificador lançar uma exceção, o pedido vai para "suporte" na mesma"""
        for erro in (TimeoutError("o modelo demorou demais"), ValueError("resposta vazia"), KeyError("x")):
            classificar = _classificador(erro)
            try:
                r = nb.rotear("a fatura veio a dobrar", classificar)
            except NotImplementedError:
                raise
            except Exception as e:
                raise AssertionError(explica(
                    "Um classificador que falha não pode deitar abaixo o router: apanha a exceção e usa "
                    "a alternativa.", f"{type(e).__name__}: {e}")) from None
            assert r == "suporte" and len(classificar.chamadas) == 1, explica(
                "Na falha do classificador, a alternativa é \"suporte\" (sem voltar a tentar).",
                f"devolveste {r!r} após {len(classificar.chamadas)} chamadas")


# --------------------------------------------------------------------------- 3.4


def _gerador():
    chamadas = []

    def gerar(feedback):
        chamadas.append(feedback)
        return f"versão {len(chamadas)}"

    gerar.chamadas = chamadas
    return gerar


def _avaliador(passa_em=None):
    avaliados = []

    def avaliar(resultado):
        avaliados.append(resultado)
        return (len(avaliados) == passa_em, f"crítica {len(avaliados)}")

    avaliar.avaliados = avaliados
    return avaliar


class TestEx3_4:
    """Avaliador-otimizador com limite"""

    recebe_contentores = False  # recebe duas funções e um número

    def test_passa_a_primeira(self, nb):
        """Se a primeira versão passa, para logo: uma geração, uma avaliação"""
        gerar, avaliar = _gerador(), _avaliador(passa_em=1)
        r = nb.refinar(gerar, avaliar)
        assert _tem(r, {"estado": "concluido", "resultado": "versão 1", "iteracoes": 1}), explica(
            "À primeira versão que passa, devolve estado \"concluido\", o resultado e quantas geraste.",
            f"devolveu {r!r}")
        assert gerar.chamadas == [None] and avaliar.avaliados == ["versão 1"], explica(
            "A primeira geração recebe None; depois de passar, não se gera nem avalia mais nada.",
            f"gerar recebeu {gerar.chamadas!r}, avaliar recebeu {avaliar.avaliados!r}")

    def test_feedback_passa_de_volta(self, nb):
        """Cada geração recebe o feedback da avaliação anterior"""
        gerar, avaliar = _gerador(), _avaliador(passa_em=3)
        r = nb.refinar(gerar, avaliar, max_iteracoes=5)
        assert gerar.chamadas == [None, "crítica 1", "crítica 2"], explica(
            "Passa a gerar o feedback que a avaliação anterior devolveu.", f"gerar recebeu {gerar.chamadas!r}")
        assert _tem(r, {"estado": "concluido", "resultado": "versão 3", "iteracoes": 3}), explica(
            "Devolve a versão que passou e o número de gerações.", f"devolveu {r!r}")

    def test_limite_honesto(self, nb):
        """Sem nenhuma versão aprovada: exatamente max_iteracoes gerações e estado "incompleto\""""
        for maximo in (1, 2, 4):
            gerar, avaliar = _gerador(), _avaliador(passa_em=None)
            r = nb.refinar(gerar, avaliar, max_iteracoes=maximo)
            assert len(gerar.chamadas) == maximo, explica(
                "O ciclo tem um teto: exatamente max_iteracoes gerações, nem mais uma.",
                f"max_iteracoes={maximo}, geraste {len(gerar.chamadas)} vezes")
            assert _tem(r, {"estado": "incompleto", "resultado": f"versão {maximo}", "iteracoes": maximo}), explica(
                "No limite diz a verdade: estado \"incompleto\", a última versão e o número de gerações.",
                f"max_iteracoes={maximo}, devolveu {r!r}")

    def test_limite_por_omissao(self, nb):
        """max_iteracoes vale 3 por omissão, e passar na 3.ª ainda conta"""
        gerar = _gerador()
        r = nb.refinar(gerar, _avaliador(passa_em=None))
        assert len(gerar.chamadas) == 3 and r.get("estado") == "incompleto", explica(
            "max_iteracoes vale 3 por omissão.", f"geraste {len(gerar.chamadas)} vezes: {r!r}")
        r = nb.refinar(_gerador(), _avaliador(passa_em=3))
        assert _tem(r, {"estado": "concluido", "resultado": "versão 3", "iteracoes": 3}), explica(
            "Uma versão aprovada na última geração permitida conta como concluída.", f"devolveu {r!r}")
