"""Verificações públicas do capítulo 7 — Memória e estado entre passos."""

import copy
import json
import re

from curso.verificacao import explica, igual_estrito, lanca, so_dados
from curso.verificacao.dominios import contraexemplo, example, propriedade, resultados, st, textos


def _propriedade(*estrategias):
    """As propriedades deste capítulo, escritas dentro das verificações: as definições do curso
    (semente fixa, sem base de dados), com 15 exemplos (60 custavam mais de 1 s por exercício na
    correção)."""
    return propriedade(*estrategias, exemplos=15)


def _sem_alterar(funcao, entrada, *args):
    """Chama funcao(entrada, *args) e confirma que a entrada não mudou; devolve o resultado."""
    antes = copy.deepcopy(entrada)
    r = funcao(entrada, *args)
    assert entrada == antes, explica(
        "Não alteres a lista que recebes: constrói e devolve uma lista nova.",
        f"a lista tinha {len(antes)} elementos e ficou com {len(entrada)}")
    return r


def _numa_copia(funcao, entrada, *args):
    """Chama funcao numa cópia da entrada: as verificações do resultado não dependem de a função a alterar."""
    return funcao(copy.deepcopy(entrada), *args)


def _resultado_e_novo(funcao, entrada, *args):
    """Acrescenta um intruso ao resultado e confirma que a entrada não o ganhou."""
    papeis = [m.get("role", "passo") for m in entrada]  # antes da chamada: para a mensagem
    r = funcao(entrada, *args)
    tamanho = len(entrada)
    r.append({"intruso": True})
    assert len(entrada) == tamanho, explica(
        "Devolve uma lista nova (list(...) ou uma fatia), não a própria lista, também quando não há nada a "
        "cortar (uma lista vazia, só mensagens system): quem te chamou continua a usá-la.",
        f"com uma lista de {tamanho} ({', '.join(papeis) or 'vazia'}) e {args}, acrescentei um elemento ao "
        f"resultado e a lista original passou de {tamanho} para {len(entrada)}")


def _passos(n):
    return [{"passo": i, "ferramenta": "ler", "argumentos": {"pagina": i}, "resultado": f"página {i}"}
            for i in range(1, n + 1)]


# --------------------------------------------------------------------------- 7.1


class TestEx7_1:
    """Só os passos recentes"""

    @propriedade(st.lists(resultados(2), min_size=1, max_size=9), st.integers(1, 9), exemplos=6)
    @example(h=_passos(8), mantidos=3)
    def test_ultimos(self, nb, h, mantidos):
        """Devolve os últimos 'mantidos' passos, pela ordem original, sejam os passos o que forem"""
        mantidos = min(mantidos, len(h))  # (menos passos do que 'mantidos' é de outro requisito)
        r = _numa_copia(nb.historico_recente, h, mantidos)
        assert igual_estrito(r, h[len(h) - mantidos:]), contraexemplo(
            "Guarda os ÚLTIMOS 'mantidos' passos (os mais recentes), pela ordem original.",
            f"historico_recente({h!r}, {mantidos})", h[len(h) - mantidos:], r)

    def test_todos_se_houver_menos(self, nb):
        """Com menos passos do que 'mantidos' (ou nenhum), devolve-os todos"""
        for n, mantidos in ((2, 5), (3, 4), (0, 2)):
            h = _passos(n)
            r = _numa_copia(nb.historico_recente, h, mantidos)
            assert r == h, explica(
                "Se há menos passos do que 'mantidos', ficam todos (e uma lista vazia dá []).",
                f"{n} passos, mantidos={mantidos}: obtive {r!r}")

    def test_por_omissao(self, nb):
        """Por omissão, mantidos=5"""
        r = nb.historico_recente(_passos(7))
        assert r == _passos(7)[2:], explica(
            "Por omissão, mantidos=5: com 7 passos ficam os 5 últimos.",
            f"sem mantidos, obtive os passos {[p.get('passo') for p in r]}")

    def test_zero(self, nb):
        """mantidos=0 dá uma lista vazia (cuidado com historico[-0:])"""
        r = nb.historico_recente(_passos(4), 0)
        assert r == [], explica(
            "historico[-0:] é o mesmo que historico[0:], a lista toda. Trata o 0 à parte.",
            f"com mantidos=0 obtive {len(r)} passos")

    def test_negativo(self, nb):
        """Um valor negativo lança ValueError"""
        with lanca(ValueError):
            nb.historico_recente(_passos(4), -1)

    def test_lista_nova(self, nb):
        """Devolve uma lista nova: mexer no resultado não mexe no histórico"""
        for n, mantidos in ((3, 3), (5, 2)):
            _resultado_e_novo(nb.historico_recente, _passos(n), mantidos)

    def test_nao_altera_historico(self, nb):
        """Não altera o histórico que recebe"""
        for n, mantidos in ((8, 3), (4, 4), (4, 0)):
            _sem_alterar(nb.historico_recente, _passos(n), mantidos)

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.lists(resultados(1), max_size=8), st.integers(-2, 10), st.booleans(), exemplos=4)
    def oraculo_os_mesmos_passos(self, nb, solucao, h, mantidos, tuplo):
        """Os mesmos passos (numa lista) que a solução, ou ValueError onde ela dá ValueError; o
        histórico pode chegar como um tuplo."""

        def correr(historico_recente):
            try:
                return so_dados(historico_recente(tuple(h) if tuplo else list(h), mantidos))
            except ValueError:
                return "ValueError"

        obtido, esperado = correr(nb.historico_recente), correr(solucao.historico_recente)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "historico_recente não faz o que o enunciado pede (comparado com a solução do curso).",
            f"historico_recente({tuple(h) if tuplo else h!r}, {mantidos})", esperado, obtido)


# --------------------------------------------------------------------------- 7.2


def _chamada(ident, nome="procurar"):
    return {"id": ident, "type": "function", "function": {"name": nome, "arguments": '{"q": "x"}'}}


def _construir(sistemas, voltas):
    """Um histórico válido: sistemas, o pedido e voltas de texto, de utilizador ou de chamadas paralelas."""
    m = [{"role": "system", "content": f"regra {i}"} for i in range(sistemas)]
    m.append({"role": "user", "content": "o pedido"})
    for v, volta in enumerate(voltas):
        if volta == 0:
            m.append({"role": "assistant", "content": f"texto {v}"})
        elif volta == -1:
            m.append({"role": "user", "content": f"mais uma coisa {v}"})
        else:
            ids = [f"call_{v}_{j}" for j in range(volta)]
            m.append({"role": "assistant", "content": None, "tool_calls": [_chamada(i) for i in ids]})
            m.extend({"role": "tool", "tool_call_id": i, "content": f"resultado {i}"} for i in ids)
    return m


def _esperado(mensagens, manter, cabeca):
    resto = mensagens[cabeca:]
    if len(resto) <= manter:
        return list(mensagens)
    janela = resto[len(resto) - manter:]
    while janela and janela[0]["role"] == "tool":
        janela = janela[1:]
    return mensagens[:cabeca] + janela


def _confirmar_aparado(nb, mensagens, manter, sistemas):
    from curso.offline import validar_mensagens

    r = _numa_copia(nb.aparar_historico, mensagens, manter)
    cabeca = sistemas + 1
    assert r[:cabeca] == mensagens[:cabeca], explica(
        "Mantém sempre as mensagens system do início e a primeira mensagem do utilizador (o pedido).",
        f"manter={manter}: o resultado começa por {[m['role'] for m in r[:cabeca]]}")
    try:
        validar_mensagens(r)
    except ValueError as erro:
        raise AssertionError(explica(
            "O resultado tem de ser aceite pela API: tira as mensagens tool do início da janela "
            "(todas, se eram respostas paralelas).",
            f"manter={manter}, papéis {[m['role'] for m in r]}: {erro}")) from None
    esperado = _esperado(mensagens, manter, cabeca)
    assert r == esperado, explica(
        "Depois da cabeça vêm as últimas 'manter' mensagens, menos as tool do início da janela; "
        "se tudo já cabe, a lista fica igual.",
        f"manter={manter}: papéis obtidos {[m['role'] for m in r]}, esperados {[m['role'] for m in esperado]}")


class TestEx7_2:
    """Aparar uma lista de mensagens sem deixar órfãs"""

    def test_corte_a_meio_de_chamadas_paralelas(self, nb):
        """Um corte que cai a meio de respostas paralelas tira-as todas"""
        mensagens = _construir(1, [2, 0, -1, 3, 0])
        # system, user, [a, t, t], a, u, [a, t, t, t], a  → com manter=3: t, t, a → só a
        for manter in (3, 4, 5, 6):
            _confirmar_aparado(nb, mensagens, manter, 1)

    def test_ja_cabe(self, nb):
        """Quando já cabe, a lista fica igual"""
        mensagens = _construir(2, [1, 0, 0])  # o resto tem 4 mensagens
        for manter in (4, 5, 6, 7, 20):
            _confirmar_aparado(nb, mensagens, manter, 2)

    def test_cabeca_ate_ao_primeiro_pedido(self, nb):
        """A cabeça vai até à primeira mensagem user, inclusive, mesmo com uma saudação antes"""
        base = _construir(1, [2, 0, -1, 3, 0])
        mensagens = base[:1] + [{"role": "assistant", "content": "Olá! Em que posso ajudar?"}] + base[1:]
        for manter in (3, 4, 5):
            # como chega de um ficheiro ou da rede: os papéis comparam-se com ==, não com is
            r = nb.aparar_historico(json.loads(json.dumps(mensagens)), manter)
            esperado = _esperado(mensagens, manter, 3)
            assert r == esperado, explica(
                "A cabeça é tudo até à primeira mensagem com role \"user\", inclusive (aqui: system, "
                "a saudação do assistente e o pedido); compara os papéis com ==.",
                f"manter={manter}: papéis obtidos {[m['role'] for m in r]}, esperados "
                f"{[m['role'] for m in esperado]}")

    def test_por_omissao(self, nb):
        """Por omissão, manter=6"""
        mensagens = _construir(1, [1, 1, 1, 1])
        r = nb.aparar_historico(copy.deepcopy(mensagens))
        assert r == _esperado(mensagens, 6, 2), explica(
            "Por omissão, manter=6.", f"sem manter, papéis obtidos {[m['role'] for m in r]}")

    def test_manter_zero(self, nb):
        """manter=0 deixa só a cabeça"""
        for sistemas, voltas in ((1, [1, 1, 1, 1]), (0, [2, 0]), (2, [0])):
            mensagens = _construir(sistemas, voltas)
            r = _numa_copia(nb.aparar_historico, mensagens, 0)
            assert r == mensagens[:sistemas + 1], explica(
                "Com manter=0 a janela fica vazia: o resultado é só a cabeça (cuidado com resto[-0:], "
                "que é o resto todo).", f"papéis obtidos {[m['role'] for m in r]}")

    def test_lista_vazia(self, nb):
        """Uma lista vazia dá []"""
        for manter in (0, 6):
            try:
                r = nb.aparar_historico([], manter)
            except NotImplementedError:
                raise
            except Exception as erro:  # o erro é do aluno: mostramo-lo como dica
                r = f"{type(erro).__name__}: {erro}"
            assert r == [], explica(
                "Sem mensagens não há cabeça nem resto: devolve [] (procura a primeira mensagem user sem "
                "supor que existe).", f"aparar_historico([], {manter}) deu {r!r}")

    # todas as formas de lista: com pedido, só com mensagens system, vazia
    @propriedade(st.integers(0, 2), st.lists(st.integers(-1, 3), max_size=6), st.integers(0, 8),
                 st.sampled_from(["com pedido", "só system", "vazia"]), exemplos=6)
    @example(sistemas=1, voltas=[2, 0, 1], manter=20, forma="com pedido")
    @example(sistemas=0, voltas=[], manter=6, forma="vazia")
    def test_lista_nova(self, nb, sistemas, voltas, manter, forma):
        """Devolve uma lista nova, mesmo quando já cabe ou está vazia"""
        mensagens = [] if forma == "vazia" else _construir(sistemas, voltas)
        if forma == "só system":
            mensagens = [m for m in mensagens if m["role"] == "system"]
        _resultado_e_novo(nb.aparar_historico, mensagens, manter)

    def test_nao_altera_a_lista(self, nb):
        """Não altera a lista que recebe"""
        for manter in (3, 4, 0, 20):
            _sem_alterar(nb.aparar_historico, _construir(1, [2, 0, -1, 3, 0]), manter)

    def test_aceite_pelo_modelo_offline(self, nb):
        """O histórico aparado é aceite pelo modelo offline (sem erro 400)"""
        from curso.offline import cliente_offline

        mensagens = _construir(1, [2, 0, 3, 1])
        llm = cliente_offline(lambda mensagens, ferramentas: "ok")
        r = nb.aparar_historico(copy.deepcopy(mensagens), 5)
        try:
            llm.chat.completions.create(model="offline", messages=r)
        except Exception as erro:  # mostramos o erro da API tal como vem
            raise AssertionError(explica(
                "O modelo offline recusou o histórico aparado: há mensagens tool sem a chamada antes?",
                f"{type(erro).__name__}: {erro}")) from None

    def test_propriedades_historicos_ao_acaso(self, nb):
        """Em dezenas de históricos ao acaso (com chamadas paralelas), o resultado é sempre válido"""

        from hypothesis import strategies as st

        @_propriedade(st.integers(0, 2), st.lists(st.integers(-1, 3), max_size=10), st.integers(0, 12))
        def propriedade(sistemas, voltas, manter):
            _confirmar_aparado(nb, _construir(sistemas, voltas), manter, sistemas)

        propriedade()

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.integers(0, 2), st.lists(st.integers(-1, 3), max_size=8), st.integers(0, 10),
                 st.sampled_from(["normal", "sem user", "saudação antes"]), exemplos=5)
    def oraculo_o_mesmo_corte(self, nb, solucao, sistemas, voltas, manter, forma):
        """O mesmo corte que a solução, também sem nenhuma mensagem user (a cabeça são então só as
        system do início) e com uma mensagem do assistente antes do pedido."""
        mensagens = _construir(sistemas, voltas)
        if forma == "sem user":
            mensagens = [m for m in mensagens if m["role"] != "user"]
        elif forma == "saudação antes":
            mensagens.insert(sistemas, {"role": "assistant", "content": "Olá!"})
        obtido = so_dados(nb.aparar_historico(copy.deepcopy(mensagens), manter), list)
        esperado = solucao.aparar_historico(copy.deepcopy(mensagens), manter)
        assert obtido == esperado, contraexemplo(
            "aparar_historico não faz o que o enunciado pede (comparado com a solução do curso).",
            f"papéis {[m['role'] for m in mensagens]} e manter={manter}", [m["role"] for m in esperado],
            [m.get("role") for m in obtido])


# --------------------------------------------------------------------------- 7.3


def _resumidor():
    chamadas = []

    def resumir(antigos):
        chamadas.append(copy.deepcopy(antigos))
        return f"resumo de {len(antigos)} passos"

    resumir.chamadas = chamadas
    return resumir


class TestEx7_3:
    """Resumir os passos antigos"""

    # (mantidos de 1 a n-1: o 0 e «nada antigo» são de outros requisitos)
    @propriedade(st.integers(2, 8).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, n - 1))), exemplos=5)
    @example(n_e_mantidos=(6, 2))
    def test_troca_os_antigos_por_um_resumo(self, nb, n_e_mantidos):
        """Os passos antigos viram uma entrada de resumo à frente; os recentes ficam iguais"""
        n, mantidos = n_e_mantidos
        # passos todos diferentes, e passos todos iguais (um antigo igual a um recente continua antigo)
        for h in (_passos(n), [_passos(1)[0] for _ in range(n)]):
            resumir = _resumidor()
            r = _numa_copia(nb.resumir_passos_antigos, h, mantidos, resumir)
            assert resumir.chamadas == [h[:n - mantidos]], explica(
                "Chama resumir uma vez, com a lista dos passos antigos (os de antes dos últimos "
                "'mantidos', contados pela posição, mesmo que um seja igual a um recente), pela ordem original.",
                f"{n} passos, mantidos={mantidos}: resumir recebeu {resumir.chamadas!r}")
            esperado = [{"ferramenta": "resumo", "resultado": f"resumo de {n - mantidos} passos"}]
            esperado += h[n - mantidos:]
            assert r == esperado, explica(
                "Resultado: [{'ferramenta': 'resumo', 'resultado': resumir(antigos)}] + os últimos "
                "'mantidos' passos, tal como estavam.",
                f"{n} passos, mantidos={mantidos}: obtive {r!r}")

    def test_nada_antigo_nao_resume(self, nb):
        """Sem passos antigos, nada muda e resumir não é chamado"""
        for n, mantidos in ((3, 3), (2, 5), (3, 5), (0, 1)):
            resumir = _resumidor()
            h = _passos(n)
            r = _numa_copia(nb.resumir_passos_antigos, h, mantidos, resumir)
            assert resumir.chamadas == [], explica(
                "Se não há passos antigos, não chames resumir: cada resumo é uma chamada ao modelo.",
                f"{n} passos, mantidos={mantidos}: resumir foi chamado {len(resumir.chamadas)} vez(es)")
            assert r == h, explica("Sem passos antigos, o histórico fica igual.", f"obtive {r!r}")

    def test_mantidos_zero(self, nb):
        """Com mantidos=0 todos os passos são antigos: fica só a entrada de resumo"""
        h = _passos(4)
        resumir = _resumidor()
        r = _numa_copia(nb.resumir_passos_antigos, h, 0, resumir)
        assert resumir.chamadas == [h] and r == [{"ferramenta": "resumo", "resultado": "resumo de 4 passos"}], explica(
            "Com mantidos=0 não fica nenhum passo recente: resume todos (cuidado com historico[-0:], que é "
            "a lista toda).", f"resumir recebeu {resumir.chamadas!r}; obtive {r!r}")

    def test_lista_nova(self, nb):
        """Devolve uma lista nova, mesmo sem passos antigos"""
        for mantidos in (3, 1):
            _resultado_e_novo(nb.resumir_passos_antigos, _passos(3), mantidos, _resumidor())

    def test_nao_altera_historico(self, nb):
        """Não altera o histórico que recebe"""
        for n, mantidos in ((6, 2), (3, 3), (4, 0)):
            _sem_alterar(nb.resumir_passos_antigos, _passos(n), mantidos, _resumidor())

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.lists(resultados(1), max_size=7), st.integers(0, 9), exemplos=4)
    def oraculo_o_mesmo_resumo(self, nb, solucao, h, mantidos):
        """O mesmo resultado e as mesmas chamadas a resumir que a solução."""

        def correr(resumir_passos_antigos):
            resumir = _resumidor()
            return [so_dados(resumir_passos_antigos(list(h), mantidos, resumir)), resumir.chamadas]

        obtido, esperado = correr(nb.resumir_passos_antigos), correr(solucao.resumir_passos_antigos)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "resumir_passos_antigos não faz o que o enunciado pede (comparado com a solução do curso).",
            f"resumir_passos_antigos({h!r}, {mantidos}, resumir)", esperado, obtido)


# --------------------------------------------------------------------------- 7.4

_MARCADOR = re.compile(r"\[\.\.\. (\d+) caracteres omitidos \.\.\.\]")


def _confirmar_limitado(nb, texto, max_chars):
    r = nb.limitar_observacao(texto, max_chars)
    assert isinstance(r, str), explica("Devolve uma string.", f"devolveu {r!r}")
    if len(texto) <= max_chars:
        assert r == texto, explica(
            "Um texto que já cabe em max_chars fica exatamente igual.",
            f"len(texto)={len(texto)}, max_chars={max_chars}")
        return
    assert len(r) <= max_chars, explica(
        "O resultado INTEIRO (início + marcador + fim) cabe em max_chars: desconta o marcador.",
        f"max_chars={max_chars}, o resultado tem {len(r)} caracteres")
    encontrados = list(_MARCADOR.finditer(r))
    assert len(encontrados) == 1, explica(
        "Põe exatamente um marcador \"[... N caracteres omitidos ...]\" entre o início e o fim.",
        f"resultado: {r[:80]!r}…")
    marca = encontrados[0]
    inicio, fim, omitidos = r[:marca.start()], r[marca.end():], int(marca.group(1))
    assert texto.startswith(inicio) and texto.endswith(fim), explica(
        "Antes do marcador vai o início do texto e depois dele o fim do texto, sem alterações.",
        f"início {inicio[:20]!r}…, fim …{fim[-20:]!r}")
    assert omitidos == len(texto) - len(inicio) - len(fim), explica(
        "N é o número de caracteres que ficaram de fora (não o tamanho do marcador nem o excesso).",
        f"len(texto)={len(texto)}, guardei {len(inicio)} + {len(fim)}, o marcador diz {omitidos}")
    assert len(r) >= max_chars - 2, explica(
        "Aproveita o espaço: guarda max_chars − len(marcador(len(texto))) caracteres do texto.",
        f"max_chars={max_chars}, o resultado só tem {len(r)} caracteres")
    assert 0 <= len(inicio) - len(fim) <= 1, explica(
        "Metade para cada lado (o início fica com o carácter a mais quando o número é ímpar).",
        f"início com {len(inicio)} caracteres, fim com {len(fim)}")


class TestEx7_4:
    """Limitar uma observação enorme"""

    recebe_contentores = False  # recebe um texto e um número

    def test_curto_fica_igual(self, nb):
        """Um texto que cabe fica exatamente igual"""
        for texto, max_chars in (("", 10), ("abc", 3), ("linha\n" * 5, 100)):
            _confirmar_limitado(nb, texto, max_chars)

    def test_longo(self, nb):
        """Um texto longo fica com o início, o marcador certo e o fim, dentro do limite"""
        registo = "".join(f"linha {i}: tudo bem\n" for i in range(400)) + "ERRO: disco cheio"
        for max_chars in (200, 201, 1000):
            _confirmar_limitado(nb, registo, max_chars)
        r = nb.limitar_observacao(registo, 200)
        assert r.endswith("ERRO: disco cheio"), explica(
            "Guarda também o fim: é lá que costumam estar os erros.", f"o resultado acaba em {r[-30:]!r}")

    def test_limite_apertado(self, nb):
        """Com espaço só para o marcador e um carácter, continua dentro do limite"""
        texto = "x" * 100 + "y" * 100
        largura = len("[... 200 caracteres omitidos ...]")
        for max_chars in (largura + 1, largura + 2, largura + 3):
            _confirmar_limitado(nb, texto, max_chars)
        r = nb.limitar_observacao(texto, largura)
        assert r == "[... 200 caracteres omitidos ...]", explica(
            "Com max_chars igual ao tamanho do marcador, o marcador ainda cabe: devolve-o sozinho "
            "(guardados = 0 não é erro).", f"max_chars={largura} devolveu {r!r}")

    def test_nem_o_marcador_cabe(self, nb):
        """Se nem o marcador cabe, lança ValueError"""
        texto = "x" * 100 + "y" * 100
        largura = len("[... 200 caracteres omitidos ...]")
        for max_chars in (largura - 1, 10, 0):
            with lanca(ValueError, explica(
                    "Se nem o marcador cabe, lança ValueError (nunca devolvas mais do que max_chars).",
                    f"max_chars={max_chars}, o marcador tem {largura} caracteres")):
                nb.limitar_observacao(texto, max_chars)

    def test_propriedades(self, nb):
        """Em textos e limites ao acaso, o resultado respeita sempre as regras"""

        from hypothesis import strategies as st

        # um pedaço repetido: a hypothesis gera sobretudo textos curtos, que caberiam quase sempre
        @_propriedade(st.text(alphabet="abcçé \n0123", min_size=1, max_size=40), st.integers(0, 150),
                      st.integers(40, 2000))
        def propriedade(pedaco, vezes, max_chars):
            _confirmar_limitado(nb, pedaco * vezes, max_chars)

        propriedade()

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.text(alphabet="abcçé \n0123", max_size=20), st.integers(0, 120), st.integers(0, 1500),
                 exemplos=5)
    def oraculo_o_mesmo_texto(self, nb, solucao, pedaco, vezes, max_chars):
        """O mesmo texto que a solução, ou ValueError onde ela dá ValueError."""

        def correr(limitar_observacao):
            try:
                return so_dados(limitar_observacao(pedaco * vezes, max_chars))
            except ValueError:
                return "ValueError"

        obtido, esperado = correr(nb.limitar_observacao), correr(solucao.limitar_observacao)
        assert obtido == esperado, contraexemplo(
            "limitar_observacao não faz o que o enunciado pede (comparado com a solução do curso).",
            f"limitar_observacao({pedaco!r} * {vezes}, {max_chars})", esperado, obtido)


# --------------------------------------------------------------------------- 7.5


def _conversa():
    chamadas = [
        {"id": "call_a", "type": "function",
         "function": {"name": "consultar_catalogo", "arguments": '{"nome_produto": "rato sem fios"}'}},
        {"id": "call_b", "type": "function",
         "function": {"name": "calcular_total", "arguments": '{"quantidade": 3, "preco_unitario": 24.5}'}},
    ]
    return [
        {"role": "system", "content": "És um assistente de uma loja. Respondes em português de Portugal."},
        {"role": "user", "content": "Quanto custam 3 ratos sem fios? 🐭", "name": "ana"},
        {"role": "assistant", "content": None, "tool_calls": chamadas},
        {"role": "tool", "tool_call_id": "call_a", "content": '{"preco": 24.5, "stock": 30}'},
        {"role": "tool", "tool_call_id": "call_b", "content": "73.5"},
        {"role": "assistant", "content": "Três ratos custam 73,50 €."},
        {"role": "user", "content": [{"type": "text", "text": "E com envio "},
                                     {"type": "text", "text": "expresso?"}]},
    ]


def _prompt_tokens(mensagens):
    from curso.offline import cliente_offline

    llm = cliente_offline(lambda mensagens, ferramentas: "ok")
    return llm.chat.completions.create(model="offline", messages=mensagens).usage.prompt_tokens


class _Espiao:
    """Um codificador que delega noutro e conta as chamadas; fator=2 duplica cada lista de tokens."""

    def __init__(self, base, fator=1):
        self.base, self.fator, self.textos = base, fator, []

    def encode(self, texto, **opcoes):
        self.textos.append(texto)
        return list(self.base.encode(texto)) * self.fator


def _conversa_com_vazios():
    """Campos vazios ou ausentes: um name vazio, um content ausente, um content None e uma parte sem "text"."""
    chamada = {"id": "call_z", "type": "function", "function": {"name": "consultar_catalogo", "arguments": "{}"}}
    return [
        {"role": "user", "content": "Olá", "name": ""},
        {"role": "assistant", "tool_calls": [chamada]},
        {"role": "tool", "tool_call_id": "call_z", "content": "null"},
        {"role": "assistant", "content": None, "tool_calls": [{**chamada, "id": "call_y"}]},
        {"role": "tool", "tool_call_id": "call_y", "content": "{}"},
        {"role": "user", "content": [{"type": "text", "text": "E esta foto?"},
                                     {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}]},
    ]


# O domínio do 7.5: conversas válidas geradas, com textos de todo o tipo (acentos, emojis, vazios),
# content None, ausente ou em partes (com e sem "text"), names vazios ou não e chamadas paralelas
_TEXTO_7_5 = st.one_of(textos(max_size=12), st.sampled_from(["", "🐭 rato", "{\"a\": 1}", "Olá\n"]))
_CONTEUDO_7_5 = st.one_of(_TEXTO_7_5, st.none(), st.lists(st.one_of(
    st.builds(lambda t: {"type": "text", "text": t}, _TEXTO_7_5),
    st.just({"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}})), min_size=1, max_size=2))


def _volta_7_5(tipo, conteudo, nome, n, argumentos):
    if tipo == "user":
        m = {"role": "user", "content": conteudo if conteudo is not None else ""}
        return [{**m, "name": nome} if nome is not None else m]
    if tipo == "texto":
        return [{"role": "assistant", "content": conteudo if isinstance(conteudo, str) else "ok"}]
    ids = [f"call_{n}_{i}" for i in range(len(argumentos))]
    chamadas = [{"id": i, "type": "function", "function": {"name": "consultar_catalogo", "arguments": a}}
                for i, a in zip(ids, argumentos)]
    return [{"role": "assistant", "content": None, "tool_calls": chamadas},
            *({"role": "tool", "tool_call_id": i, "content": str(conteudo)} for i in ids)]


_CONVERSA_7_5 = st.lists(st.tuples(st.sampled_from(["user", "texto", "chamadas"]), _CONTEUDO_7_5,
                                   st.sampled_from([None, "", "ana"]), st.lists(
                                       st.sampled_from(["{}", '{"nome_produto": "rato"}', '{"q": "ç"}']),
                                       min_size=1, max_size=2)), min_size=1, max_size=4).map(
    lambda voltas: [{"role": "system", "content": "És uma loja."}, *(
        m for n, v in enumerate(voltas) for m in _volta_7_5(*v[:3], n, v[3]))])


class TestEx7_5:
    """Contar os tokens de um pedido como o modelo offline"""

    @propriedade(_CONVERSA_7_5, exemplos=6)
    @example(conversa=_conversa())
    def test_igual_ao_modelo_offline(self, nb, conversa):
        """Dá o mesmo que usage.prompt_tokens do modelo offline, em conversas de todo o tipo"""
        from curso.offline import codificador

        esperado = _prompt_tokens(conversa)
        obtido = nb.contar_tokens_mensagens(copy.deepcopy(conversa), codificador())
        assert obtido == esperado, contraexemplo(
            "Segue a regra: 3 de preparação + por mensagem 3 + role + content (texto, ou o 'text' "
            "de cada parte) + 1 + name (se houver e não for vazio) + por chamada 3 + nome + argumentos.",
            f"as mensagens {[{k: v for k, v in m.items() if k != 'tool_calls'} for m in conversa]!r}",
            esperado, obtido)

    def test_usa_o_codificador_dado(self, nb):
        """Usa o codificador que recebe (e a parte que depende dele escala com ele)"""
        from curso.offline import codificador

        conversa = _conversa()
        espiao = _Espiao(codificador())
        base = nb.contar_tokens_mensagens(conversa, espiao)
        assert espiao.textos, explica(
            "Conta com codificador.encode(texto), o codificador que recebes como argumento.",
            "o codificador dado nunca foi chamado")
        dobro = nb.contar_tokens_mensagens(conversa, _Espiao(codificador(), fator=2))
        fixo = 3 + 3 * len(conversa) + 3 * 2 + 1  # preparação, mensagens, 2 chamadas, 1 name
        assert dobro - fixo == 2 * (base - fixo), explica(
            "Só os textos passam pelo codificador; as parcelas fixas (3 por pedido, 3 por mensagem, "
            "3 por chamada, 1 por name) não mudam com ele.",
            f"com um codificador que dá o dobro dos tokens: {dobro} (esperava {fixo + 2 * (base - fixo)})")

    def test_campos_vazios_nao_contam(self, nb):
        """Um name vazio, um content None ou ausente e uma parte sem texto contam 0 (e o name vazio não leva o 1)"""
        from curso.offline import codificador

        conversa = _conversa_com_vazios()
        for n in (1, 3, 5, 6):
            parte = conversa[:n]
            esperado = _prompt_tokens(parte)
            obtido = nb.contar_tokens_mensagens(copy.deepcopy(parte), codificador())
            assert obtido == esperado, explica(
                "n(None) e n(\"\") são 0, um content ausente também, uma parte sem \"text\" (uma imagem) não "
                "conta, e o 1 + n(name) só entra quando o name não é vazio.", f"com {n} mensagem(ns) ({[sorted(m) for m in parte]}): o modelo offline "
                f"conta {esperado}, tu contas {obtido}")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(_CONVERSA_7_5, exemplos=3)
    def oraculo_a_mesma_conta(self, nb, solucao, conversa):
        """A mesma conta que a solução."""
        from curso.offline import codificador

        obtido = nb.contar_tokens_mensagens(copy.deepcopy(conversa), codificador())
        esperado = solucao.contar_tokens_mensagens(copy.deepcopy(conversa), codificador())
        assert obtido == esperado and type(obtido) is int, contraexemplo(
            "contar_tokens_mensagens não faz o que o enunciado pede (comparado com a solução do curso).",
            f"as mensagens {conversa!r}", esperado, obtido)


class TestEx7_6:
    """Quiz: o 400 depois de cortar a conversa"""

    recebe_contentores = False  # um quiz: não há funções a chamar

    def test_resposta_e_uma_letra(self, nb):
        """resposta_7_6 é uma das letras a, b, c ou d (a certa vê-se na correção)"""
        from curso.quizzes import letra_do_quiz

        letra_do_quiz(nb.resposta_7_6, "resposta_7_6", "abcd")
