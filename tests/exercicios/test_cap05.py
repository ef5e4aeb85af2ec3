"""Verificações públicas do capítulo 5 — Loops e limites.

Relógios falsos e espiões: cada verificação sabe exatamente quantas vezes o decisor (uma chamada
ao modelo por passo) e as ferramentas devem ser chamados, e que nada corre depois de um limite.
O relógio falso só anda quando o mundo anda (dentro do decisor ou de uma ferramenta): ler o
relógio mais vezes não muda nada. ``contar_tokens`` é uma função sem efeitos: não se contam as
vezes que é chamada.
"""

import copy
import inspect
import json
import time

from curso.verificacao import como_lido_do_modelo, explica, igual_estrito, so_dados
from curso.verificacao.dominios import (
    chamadas_repetidas,
    contraexemplo,
    example,
    propriedade,
    resultados,
    st,
    textos,
)


def _final(texto):
    # o nome chega como chegaria do JSON de um modelo: compara-se com ==, nunca com is
    return {"ferramenta": como_lido_do_modelo("responder_final"), "argumentos": {"texto": texto}}


def _espiao(funcao):
    """Um decisor (ou contar_tokens) espião: devolve `funcao(log)` e regista o tamanho do log que viu."""
    chamadas = []

    def espiao(pedido, log):
        chamadas.append(len(log))
        return funcao(log)

    espiao.chamadas = chamadas
    return espiao


def _teimoso(nome="procurar", argumentos=None):
    """Nunca responde: pede sempre a mesma ferramenta com os mesmos argumentos."""
    argumentos = {"termo": "x"} if argumentos is None else argumentos
    return _espiao(lambda log: {"ferramenta": nome, "argumentos": dict(argumentos)})


def _roteiro(decisoes):
    """Devolve as decisões dadas, pela ordem, uma por passo."""
    return _espiao(lambda log: decisoes[min(len(log), len(decisoes) - 1)])


def _ferramenta(resultado="nada", antes=None):
    """Uma ferramenta espiã: regista os argumentos; `antes()` corre dentro dela (o tempo passa)."""
    chamadas = []

    def correr(**argumentos):
        chamadas.append(argumentos)
        if antes is not None:
            antes()
        return resultado

    correr.chamadas = chamadas
    return correr


def _omissao(funcao, esperados, dica="", correr_com=None):
    """Os valores por omissão da assinatura são os do enunciado.

    Com `correr_com` (os argumentos depois das ferramentas), a função corre antes uma vez (um decisor que responde logo): no caderno em branco a
    assinatura já está escrita, e esta verificação não pode passar só por isso.
    """
    if correr_com is not None:
        funcao("x", _roteiro([_final("ok")]), {}, *correr_com)
    parametros = inspect.signature(funcao).parameters
    padroes = {n: parametros[n].default if n in parametros else "(em falta)" for n in esperados}
    assert padroes == esperados, explica(
        f"Usa a assinatura do enunciado, com os mesmos valores por omissão. {dica}".strip(),
        f"esperava {esperados}, a tua função tem {padroes}")


class _Relogio:
    """Um relógio falso: só anda quando alguém o manda andar (o decisor ou uma ferramenta que
    demoram) ou, com ``salto``, uma vez logo a seguir à primeira leitura (o tempo passou entre o
    início e o primeiro passo). Ler o relógio mais vezes nunca o faz andar."""

    def __init__(self, agora=1000.0, salto=0.0):
        self.agora, self.salto, self.leituras = agora, salto, 0

    def __call__(self):
        self.leituras += 1
        if self.leituras == 2:
            self.agora += self.salto
        return self.agora

    def avancar(self, segundos):
        self.agora += segundos


def _guiao_de_ferramentas(passos):
    """Ferramentas espias para um guião ``[(nome, argumentos, resultado), …]``: cada uma regista
    ``(nome, argumentos)`` e devolve o resultado seguinte do guião (pela ordem em que correm)."""
    corridas, seguintes = [], iter([resultado for _, _, resultado in passos])

    def espia(nome):
        def ferramenta(**argumentos):
            corridas.append((nome, argumentos))
            return next(seguintes, None)
        return ferramenta

    return {nome: espia(nome) for nome in {n for n, _, _ in passos} | {"procurar"}}, corridas


def _cenario_de_tempo(maior_duracao, maior_timeout, max_steps):
    """[durações de cada passo, timeout] em que é o tempo (e não o max_steps) que corta a execução."""
    return st.tuples(st.lists(st.integers(0, maior_duracao), min_size=max_steps, max_size=max_steps),
                     st.integers(0, maior_timeout)).filter(
        lambda par: _passos_no_tempo(*par, max_steps)[1] == "timeout").map(list)


def _correr_no_tempo(nb, duracoes, timeout, max_steps, no_decisor, dica):
    """Corre correr_com_limites com o tempo a passar no decisor ou na ferramenta (``duracoes[k]`` no
    passo k) e confirma que para no passo certo, com o motivo certo."""
    relogio, vezes = _Relogio(), iter(duracoes)

    def decisao(log):
        if no_decisor:
            relogio.avancar(next(vezes))
        return {"ferramenta": "procurar", "argumentos": {"termo": str(len(log))}}

    decidir = _espiao(decisao)
    procurar = _ferramenta(antes=None if no_decisor else lambda: relogio.avancar(next(vezes)))
    r = nb.correr_com_limites("x", decidir, {"procurar": procurar}, max_steps=max_steps,
                              timeout_segundos=timeout, relogio=relogio)
    passos, motivo = _passos_no_tempo(duracoes, timeout, max_steps)
    onde = "um decisor" if no_decisor else "ferramentas"
    entrada = f"timeout_segundos={timeout}, max_steps={max_steps} e {onde} que demora(m) {duracoes} s"
    assert len(decidir.chamadas) == passos and len(procurar.chamadas) == passos, contraexemplo(
        dica, entrada, f"{passos} passos", f"{len(decidir.chamadas)} decisões e {len(procurar.chamadas)} ferramentas")
    _interrompido(r, motivo, passos)


def _passos_no_tempo(duracoes, timeout, max_steps):
    """(passos que correm, motivo) quando o passo k demora ``duracoes[k]`` (decisor + ferramenta):
    antes de cada passo, para com "timeout" se o tempo desde o início já passou do limite."""
    decorrido = 0
    for passo in range(max_steps):
        if decorrido > timeout:
            return passo, "timeout"
        decorrido += duracoes[passo]
    return max_steps, "max_steps atingido"


def _executados(log):
    """Os passos que correram de facto (um passo recusado pode ficar no log com aprovada=False)."""
    return [p for p in log if isinstance(p, dict) and p.get("aprovada", True) and p.get("ferramenta")]


def _interrompido(r, motivo, passos):
    """Um resultado cortado por um limite: forma honesta, o motivo certo e os passos que correram."""
    assert isinstance(r, dict) and isinstance(r.get("log"), list), explica(
        "Devolve {'concluido', 'motivo', 'log'}, com o log como lista.", f"devolveste {r!r}")
    assert r.get("concluido") is False and r.get("motivo") == motivo, explica(
        f"Este limite acaba com concluido=False e motivo {motivo!r}.",
        f"concluido={r.get('concluido')!r}, motivo={r.get('motivo')!r}")
    assert "resposta" not in r, explica(
        "Uma execução cortada por um limite não traz 'resposta': nada de inventar uma.",
        f"resposta = {r['resposta']!r}")
    feitos = _executados(r["log"])
    assert len(feitos) == passos, explica(
        "O log guarda os passos que correram, nem mais nem menos.",
        f"esperava {passos} passos executados no log, há {len(feitos)}")


def _concluido(r, resposta, passos):
    assert isinstance(r, dict) and r.get("concluido") is True and r.get("resposta") == resposta, explica(
        "Quando o decisor escolhe 'responder_final', termina com concluido=True e a resposta.",
        f"devolveste {r!r}")
    assert "motivo" not in r, explica("Só uma execução não concluída traz 'motivo'.", f"{r!r}")
    assert len(r.get("log", [])) == passos, explica(
        "O responder_final também é um passo e entra no log.",
        f"esperava {passos} passos, há {len(r.get('log', []))}")
    final = r["log"][-1]
    assert final.get("ferramenta") == "responder_final" and final.get("passo") == passos, explica(
        "O último passo do log é o responder_final, com o seu número.", f"último passo: {final!r}")
    assert all(p.get("aprovada") is True for p in r["log"]), explica(
        "Numa execução sem recusas, todos os passos correram: \"aprovada\": True em cada um, "
        "também no responder_final.", f"log: {r['log']!r}")


def _conta(quantos, esperado, o_que):
    # o particípio concorda com o artigo: «o decisor … chamado», «a ferramenta … chamada»
    chamado = "chamada" if o_que.rsplit(" ", 2)[-2:-1] == ["a"] else "chamado"
    assert quantos == esperado, explica(
        f"{o_que} devia ter sido {chamado} {esperado} vez(es).", f"foi {chamado} {quantos} vez(es)")

def _resumo_da_execucao(r):
    """O que o enunciado fixa num resultado de uma execução: concluido, motivo, resposta e os passos
    que correram (número, ferramenta, argumentos, resultado)."""
    r = so_dados(r, dict)
    passos = [{k: p.get(k) for k in ("passo", "ferramenta", "argumentos", "resultado")}
              for p in _executados(r.get("log", []))]
    return [r.get("concluido"), r.get("motivo"), r.get("resposta"), "resposta" in r, passos]


# ---------------------------------------------------------------------------------------------


class TestEx5_1:
    """Dois travões: passos e tempo"""

    @propriedade(st.lists(st.tuples(st.sampled_from(["somar", "ler", "procurar"]),
                                    st.dictionaries(st.sampled_from(["a", "b", "termo"]), st.integers(-9, 9),
                                                    max_size=2), resultados(2)), max_size=3),
                 textos(max_size=10), exemplos=5)
    @example(passos=[("somar", {"a": 3, "b": 4}, 7), ("somar", {"a": 1, "b": 6}, 7)], texto="dá 7")
    def test_responde_e_regista(self, nb, passos, texto):
        """Corre as ferramentas, regista cada passo e termina no responder_final"""
        espias, corridas = _guiao_de_ferramentas(passos)
        decisoes = [{"ferramenta": n, "argumentos": dict(a)} for n, a, _ in passos] + [_final(texto)]

        def decidir(pedido, log):  # regista uma cópia do log que recebeu em cada passo
            decidir.chamadas.append(copy.deepcopy(log))
            return decisoes[min(len(log), len(decisoes) - 1)]

        decidir.chamadas = []
        r = nb.correr_com_limites("soma", decidir, espias)
        entrada = f"correr_com_limites(…) com um decisor que pede {[n for n, _, _ in passos]} e responde {texto!r}"
        _concluido(r, texto, len(passos) + 1)
        assert corridas == [(n, a) for n, a, _ in passos], contraexemplo(
            "Corre ferramentas[nome](**argumentos) em cada passo.", entrada,
            [(n, a) for n, a, _ in passos], corridas)
        for numero, (nome, argumentos, resultado) in enumerate(passos, 1):
            esperado = {"passo": numero, "ferramenta": nome, "argumentos": argumentos, "resultado": resultado,
                        "aprovada": True}
            obtido = {k: r["log"][numero - 1].get(k) for k in esperado}
            assert igual_estrito(obtido, esperado), contraexemplo(
                "Cada passo é {'passo' (a partir de 1), 'ferramenta', 'argumentos', 'resultado', 'aprovada'}, "
                "com o resultado tal como a ferramenta o devolveu.", entrada, esperado, r["log"][numero - 1])
        tamanhos = [len(log) for log in decidir.chamadas]
        assert tamanhos == list(range(len(passos) + 1)), contraexemplo(
            "Chama decidir(pedido, log) uma vez por passo, com o log até aqui: o decisor tem de ver os passos "
            "anteriores.", entrada, f"logs com {list(range(len(passos) + 1))} passos", f"{tamanhos}")
        for numero, log in enumerate(decidir.chamadas):
            assert log == r["log"][:numero], contraexemplo(
                "O decisor recebe o próprio log, com os passos tal como ficam no resultado ({'passo', "
                "'ferramenta', 'argumentos', 'resultado', 'aprovada'}, pela ordem): não outra lista à parte.",
                entrada, r["log"][:numero], log)

    @propriedade(st.one_of(st.none(), st.integers(1, 7)), exemplos=4)
    @example(max_steps=None)
    def test_max_steps(self, nb, max_steps):
        """Um decisor teimoso para ao fim de max_steps passos exatos, sem resposta inventada"""
        decidir, procurar = _teimoso(), _ferramenta()
        extra = {} if max_steps is None else {"max_steps": max_steps}
        r = nb.correr_com_limites("x", decidir, {"procurar": procurar}, **extra)
        esperado = 5 if max_steps is None else max_steps
        _conta(len(decidir.chamadas), esperado, f"Com max_steps={esperado}, o decisor")
        _conta(len(procurar.chamadas), esperado, f"Com max_steps={esperado}, a ferramenta")
        _interrompido(r, "max_steps atingido", esperado)

    def test_resposta_no_ultimo_passo(self, nb):
        """Uma resposta no último passo permitido ainda conta"""
        decidir = _roteiro([{"ferramenta": "procurar", "argumentos": {"termo": "y"}}] * 2 + [_final("à justa")])
        r = nb.correr_com_limites("x", decidir, {"procurar": _ferramenta()}, max_steps=3)
        _concluido(r, "à justa", 3)

    # (só execuções que o tempo corta: as que acabam no max_steps são de outro requisito)
    @propriedade(_cenario_de_tempo(8, 25, 10), exemplos=6)
    @example(cenario=[[5] * 10, 10])
    def test_timeout_entre_passos(self, nb, cenario):
        """O tempo passa nas ferramentas: para antes do passo que começa depois do limite"""
        _correr_no_tempo(nb, *cenario, max_steps=10, no_decisor=False, dica=(
            "Antes de cada passo vê o tempo desde o início (relogio() - inicio): se já passou de "
            "timeout_segundos, para; senão dá o passo. Depois do limite nada corre."))

    @propriedade(st.builds(lambda n, meio: n + meio, st.integers(0, 10 ** 6), st.sampled_from([0, 0.5])),
                 st.integers(2, 5), exemplos=4)
    @example(origem=123456.5, duracao=3)
    def test_tempo_decorrido_desde_o_inicio(self, nb, origem, duracao):
        """O tempo conta-se como relogio() - inicio, seja qual for a origem do relógio"""
        relogio = _Relogio(agora=origem)
        procurar = _ferramenta(antes=lambda: relogio.avancar(duracao))
        decidir = _teimoso()
        r = nb.correr_com_limites("x", decidir, {"procurar": procurar}, max_steps=10,
                                  timeout_segundos=10, relogio=relogio)
        passos, motivo = _passos_no_tempo([duracao] * 10, 10, 10)
        _conta(len(decidir.chamadas), passos, f"Com o relógio a começar em {origem} s e {duracao} s por "
               "ferramenta, o decisor")
        _interrompido(r, motivo, passos)

    def test_timeout_antes_de_comecar(self, nb):
        """Se o tempo já passou antes do 1.º passo, o decisor nem é chamado"""
        relogio = _Relogio(salto=5.0)  # 5 s passam logo a seguir a ler o início
        decidir, procurar = _teimoso(), _ferramenta()
        r = nb.correr_com_limites("x", decidir, {"procurar": procurar}, timeout_segundos=3, relogio=relogio)
        _conta(len(decidir.chamadas), 0, "Verifica o tempo ANTES de cada passo, também do primeiro; aqui o decisor")
        _interrompido(r, "timeout", 0)

    @propriedade(_cenario_de_tempo(25, 40, 5), exemplos=5)
    @example(cenario=[[20] * 5, 30])
    def test_modelo_lento(self, nb, cenario):
        """O tempo passa no decisor (um modelo lento): o relógio dado mede tudo, desde o início"""
        _correr_no_tempo(nb, *cenario, max_steps=5, no_decisor=True, dica=(
            "Uma decisão tomada dentro do tempo corre até ao fim (a ferramenta corre), mesmo que o decisor "
            "demore; o limite só se verifica antes do passo seguinte."))

    def test_valores_por_omissao(self, nb):
        """Por omissão: max_steps=5, timeout_segundos=10 e relogio=time.monotonic"""
        _omissao(nb.correr_com_limites, {"max_steps": 5, "timeout_segundos": 10, "relogio": time.monotonic},
                 "O relógio por omissão é time.monotonic, que nunca anda para trás (time.time pode saltar "
                 "quando o relógio do sistema é acertado).", ())

    def test_max_steps_antes_do_tempo(self, nb):
        """Depois do último passo permitido o motivo é max_steps, mesmo que o tempo também tenha passado"""
        relogio = _Relogio()
        procurar = _ferramenta(antes=lambda: relogio.avancar(6))
        decidir = _teimoso()
        r = nb.correr_com_limites("x", decidir, {"procurar": procurar}, max_steps=2, timeout_segundos=10,
                                  relogio=relogio)
        # os passos começam aos 0 e 6 s; no fim do 2.º já vão 12 s, mas não há 3.º passo para travar
        _conta(len(decidir.chamadas), 2, "Com max_steps=2, o decisor")
        _interrompido(r, "max_steps atingido", 2)

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=8, max_size=8),
                 st.integers(0, 20), st.integers(1, 7), st.integers(0, 8), exemplos=4)
    def oraculo_a_mesma_execucao(self, nb, solucao, duracoes, timeout, max_steps, responde_em):
        """Os mesmos passos, o mesmo motivo ou resposta que a solução, com o tempo a passar no decisor
        e nas ferramentas."""

        def correr(correr_com_limites):
            relogio, vez = _Relogio(agora=500.0), iter(duracoes)

            def decidir(pedido, log):
                no_decisor, relogio.na_ferramenta = next(vez, (0, 0))
                relogio.avancar(no_decisor)
                if len(log) >= responde_em:
                    return _final("ok")
                return {"ferramenta": "procurar", "argumentos": {"termo": str(len(log))}}

            procurar = _ferramenta(resultado=[1], antes=lambda: relogio.avancar(relogio.na_ferramenta))
            return _resumo_da_execucao(correr_com_limites("x", decidir, {"procurar": procurar}, max_steps, timeout,
                                                          relogio))

        obtido, esperado = correr(nb.correr_com_limites), correr(solucao.correr_com_limites)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "correr_com_limites não faz o que o enunciado pede (comparado com a solução do curso).",
            f"durações (decisor, ferramenta) {duracoes}, timeout {timeout}, max_steps={max_steps}, resposta no "
            f"passo {responde_em + 1}", esperado, obtido)


# ---------------------------------------------------------------------------------------------


# O domínio do 5.2 e 5.3: chamadas com argumentos de todos os tipos JSON, encaixados, e repetições
# seguidas ou não, às vezes com as chaves noutra ordem. Sem floats: o enunciado não diz se 1 e 1.0
# são os mesmos argumentos.
_VALOR_5 = st.recursive(st.none() | st.booleans() | st.integers(-3, 9) | st.sampled_from(["5", "1", "a", ""]),
                        lambda filhos: st.lists(filhos, max_size=2)
                        | st.dictionaries(st.sampled_from(["x", "y", "z"]), filhos, max_size=2), max_leaves=4)
_ARGUMENTOS_5 = st.dictionaries(st.sampled_from(["id", "a", "b", "q", "filtro"]), _VALOR_5, max_size=3)
_CHAMADAS_5 = chamadas_repetidas(st.sampled_from(["ler", "somar", "enviar_email"]), _ARGUMENTOS_5, max_size=7)


def _canonica(chamada):
    nome, argumentos = chamada
    return nome, json.dumps(argumentos, sort_keys=True)


def _repete(chamadas, limite):
    """A referência do enunciado: alguma chamada (nome e argumentos, ordem das chaves à parte, tipos
    a contar) aparece ``limite`` vezes ou mais."""
    contagem = {}
    for chamada in chamadas:
        chave = _canonica(chamada)
        contagem[chave] = contagem.get(chave, 0) + 1
    return any(n >= limite for n in contagem.values())


class TestEx5_2:
    """Reconhecer uma repetição"""

    def _verificar(self, nb, chamadas, esperado, dica, **extra):
        r = nb.detectar_repeticao(chamadas, **extra)
        extras = "".join(f", {k}={v}" for k, v in extra.items())
        assert r is esperado, contraexemplo(dica, f"detectar_repeticao({chamadas!r}{extras})", esperado, r)

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(_CHAMADAS_5, st.integers(1, 4), exemplos=5)
    def oraculo_a_mesma_resposta(self, nb, solucao, chamadas, limite):
        """O mesmo bool que a solução."""
        obtido, esperado = nb.detectar_repeticao(chamadas, limite), solucao.detectar_repeticao(chamadas, limite)
        assert obtido is esperado, contraexemplo(
            "detectar_repeticao não faz o que o enunciado pede (comparado com a solução do curso).",
            f"detectar_repeticao({chamadas!r}, {limite})", esperado, obtido)

    @propriedade(chamadas_repetidas(st.sampled_from(["ler", "somar"]), _ARGUMENTOS_5, max_size=7, reordenar=False),
                 exemplos=8)
    @example(chamadas=[("ler", {"id": 1}), ("somar", {"a": 1, "b": 2}), ("ler", {"id": 1})])
    def test_repeticao_nao_seguida(self, nb, chamadas):
        """Conta a mesma chamada mesmo com outras pelo meio"""
        self._verificar(nb, chamadas, _repete(chamadas, 2), "A mesma chamada duas vezes é repetição, "
                        "seguidas ou não; chamadas diferentes não são, e uma lista vazia também não.", limite=2)

    @propriedade(_CHAMADAS_5, exemplos=8)
    @example(chamadas=[("f", {"filtro": {"x": 1, "y": 2}}), ("f", {"filtro": {"y": 2, "x": 1}})])
    def test_ordem_das_chaves(self, nb, chamadas):
        """A ordem das chaves dos argumentos não conta, também dentro de dicionários encaixados"""
        self._verificar(nb, chamadas, _repete(chamadas, 2),
                        "{'a': 1, 'b': 2} e {'b': 2, 'a': 1} são os mesmos argumentos, também dentro de "
                        "dicionários encaixados: compara uma forma canónica (por exemplo "
                        "json.dumps(..., sort_keys=True)).", limite=2)

    @propriedade(st.sampled_from(["ler", "somar"]), st.sampled_from(["id", "n"]),
                 st.sampled_from([(5, "5"), (1, True), (0, False), ("1", 1), (None, "None"), ([1], ["1"]),
                                  ({"x": 1}, {"x": True})]), exemplos=6)
    @example(nome="f", chave="n", par=(5, "5"))
    def test_tipos_e_nomes(self, nb, nome, chave, par):
        """5 e "5" são argumentos diferentes (e 1 e True também); o nome também conta"""
        a, b = par
        self._verificar(nb, [(nome, {chave: a}), (nome, {chave: b})], False,
                        f"{a!r} e {b!r} são argumentos diferentes (o tipo conta): em Python 1 == True, por "
                        "isso compara uma forma que guarde o tipo, como o json.dumps.", limite=2)
        self._verificar(nb, [(nome, {chave: a}), (nome + "_outra", {chave: a})], False,
                        "Os mesmos argumentos noutra ferramenta não são repetição.", limite=2)

    @propriedade(chamadas_repetidas(st.sampled_from(["ler", "somar"]), _ARGUMENTOS_5, max_size=7, reordenar=False),
                 st.integers(1, 4), exemplos=8)
    @example(chamadas=[("f", {"n": 1})] * 300, limite=300)
    def test_limite(self, nb, chamadas, limite):
        """Repetição é aparecer limite vezes ou mais"""
        self._verificar(nb, chamadas, _repete(chamadas, limite),
                        f"Com limite={limite}, é repetição uma chamada que aparece {limite} vezes ou mais "
                        "(compara contagens com >=, não com is).", limite=limite)

    def test_limite_por_omissao(self, nb):
        """Sem limite, repetição é aparecer 2 vezes"""
        c = ("f", {"n": 1})
        self._verificar(nb, [c, c], True, "Por omissão, limite=2: duas vezes já é repetição.")
        self._verificar(nb, [c, ("g", {})], False, "Por omissão, limite=2: uma vez não é repetição.")
        _omissao(nb.detectar_repeticao, {"limite": 2})


# ---------------------------------------------------------------------------------------------


def _simular_repeticoes(decisoes, max_steps, max_repeticoes):
    """(chamadas que correm, motivo): o ciclo do 5.3 sobre decisões dadas por ordem (depois delas, o
    responder_final)."""
    corridas, vistas = [], {}
    for passo in range(max_steps):
        if passo >= len(decisoes):
            return corridas, None
        chave = _canonica(decisoes[passo])
        if vistas.get(chave, 0) + 1 > max_repeticoes:
            return corridas, "repeticao"
        vistas[chave] = vistas.get(chave, 0) + 1
        corridas.append(decisoes[passo])
    return corridas, "max_steps atingido"


class TestEx5_3:
    """Parar antes de repetir"""

    # (só execuções que uma repetição corta: o max_steps e o responder_final são de outro requisito)
    @propriedade(st.tuples(chamadas_repetidas(st.sampled_from(["enviar_email", "ler"]), _ARGUMENTOS_5, min_size=2,
                                              max_size=8, reordenar=False), st.integers(1, 3)).filter(
        lambda par: _simular_repeticoes(par[0], 20, par[1])[1] == "repeticao").map(list), exemplos=8)
    @example(cenario=[[("enviar_email", {"para": "ana"})] * 4, 2])
    def test_recusa_a_repeticao(self, nb, cenario):
        """A chamada que passaria de max_repeticoes não corre e a execução para com 'repeticao'"""
        (decisoes, max_repeticoes), max_steps = cenario, 20
        corridas = []

        def espia(nome):
            return lambda **argumentos: corridas.append((nome, argumentos)) or "erro de rede"

        guiao = [{"ferramenta": n, "argumentos": a} for n, a in decisoes] + [_final("ok")]
        r = nb.correr_sem_repeticoes("x", _roteiro(guiao), {"enviar_email": espia("enviar_email"), "ler": espia("ler")},
                                     max_steps=max_steps, max_repeticoes=max_repeticoes)
        esperadas, motivo = _simular_repeticoes(decisoes, max_steps, max_repeticoes)
        entrada = (f"correr_sem_repeticoes(…, max_steps={max_steps}, max_repeticoes={max_repeticoes}) com "
                   f"um decisor que pede {decisoes} e depois responde")
        assert corridas == esperadas, contraexemplo(
            f"Uma chamada (mesmo nome e argumentos) corre no máximo max_repeticoes={max_repeticoes} vezes: a "
            "decisão que a faria aparecer mais uma vez não é executada.", entrada, esperadas, corridas)
        _interrompido(r, motivo, len(esperadas))

    def test_ordem_das_chaves(self, nb):
        """Os mesmos argumentos noutra ordem contam como repetição"""
        ordens = [{"para": "ana", "assunto": "oi"}, {"assunto": "oi", "para": "ana"}]
        decidir = _espiao(lambda log: {"ferramenta": "enviar_email", "argumentos": dict(ordens[len(log) % 2])})
        email = _ferramenta()
        r = nb.correr_sem_repeticoes("x", decidir, {"enviar_email": email})
        _conta(len(email.chamadas), 2, "A ordem das chaves não conta (compara como no 5.2): o enviar_email")
        _interrompido(r, "repeticao", 2)

    def test_cinco_e_texto_cinco(self, nb):
        """5 e "5" são chamadas diferentes (e 1 e True também)"""
        for valores in ([5, "5"], [1, True]):
            decidir = _espiao(lambda log, v=valores: {"ferramenta": "ler", "argumentos": {"id": v[len(log) % 2]}})
            ler = _ferramenta()
            r = nb.correr_sem_repeticoes("x", decidir, {"ler": ler})
            a, b = valores
            _conta(len(ler.chamadas), 4, f"ler(id={a!r}) e ler(id={b!r}) são chamadas diferentes (compara como no "
                   "5.2), cada uma pode correr 2 vezes: a ferramenta")
            _interrompido(r, "repeticao", 4)

    def test_outros_finais(self, nb):
        """Sem repetições valem o max_steps e o responder_final"""
        for max_steps in (4, 3):
            decidir = _espiao(lambda log: {"ferramenta": "ver", "argumentos": {"id": len(log)}})
            ver = _ferramenta()
            r = nb.correr_sem_repeticoes("x", decidir, {"ver": ver}, max_steps=max_steps)
            _conta(len(ver.chamadas), max_steps, f"Com chamadas sempre diferentes e max_steps={max_steps}, a ferramenta")
            _interrompido(r, "max_steps atingido", max_steps)
        chamada = {"ferramenta": "ler", "argumentos": {"id": 1}}
        r = nb.correr_sem_repeticoes("x", _roteiro([chamada, chamada, _final("ok")]), {"ler": _ferramenta()})
        assert not (isinstance(r, dict) and r.get("motivo") == "repeticao"), explica(
            "Com max_repeticoes=2 a mesma chamada pode correr 2 vezes: só a 3.ª é recusada "
            "(cuidado com o «mais um» na contagem).", f"parou com 'repeticao' ao fim de {len(r.get('log', []))} passo(s)")
        _concluido(r, "ok", 3)

    def test_valores_por_omissao(self, nb):
        """Por omissão: max_steps=10 e max_repeticoes=2"""
        _omissao(nb.correr_sem_repeticoes, {"max_steps": 10, "max_repeticoes": 2}, "", ())

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(_CHAMADAS_5, st.integers(1, 3), st.integers(1, 9), exemplos=4)
    def oraculo_a_mesma_execucao(self, nb, solucao, decisoes, max_repeticoes, max_steps):
        """Os mesmos passos, o mesmo motivo ou resposta que a solução."""

        def correr(correr_sem_repeticoes):
            guiao = [{"ferramenta": n, "argumentos": a} for n, a in decisoes] + [_final("ok")]
            ferramentas = {n: _ferramenta(resultado=n) for n in ("ler", "somar", "enviar_email")}
            return _resumo_da_execucao(correr_sem_repeticoes("x", _roteiro(guiao), ferramentas, max_steps,
                                                             max_repeticoes))

        obtido, esperado = correr(nb.correr_sem_repeticoes), correr(solucao.correr_sem_repeticoes)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "correr_sem_repeticoes não faz o que o enunciado pede (comparado com a solução do curso).",
            f"decisões {decisoes}, max_repeticoes={max_repeticoes}, max_steps={max_steps}", esperado, obtido)


# ---------------------------------------------------------------------------------------------


class TestEx5_4:
    """Um orçamento de tokens"""

    # (só execuções que o orçamento corta antes do max_steps: o max_steps é de outro requisito)
    @propriedade(st.tuples(st.lists(st.integers(0, 200), min_size=10, max_size=10), st.integers(0, 800)).filter(
        lambda par: sum(par[0]) > par[1]).map(list), exemplos=8)
    @example(cenario=[[100 + 50 * n for n in range(10)], 450])
    @example(cenario=[[100 + 50 * n for n in range(10)], 99])
    def test_para_antes_de_passar(self, nb, cenario):
        """Para antes da chamada que passaria o orçamento; chegar à justa ainda é permitido"""
        custos, orcamento = cenario
        decidir, procurar = _teimoso(), _ferramenta()
        r = nb.correr_com_orcamento("x", decidir, {"procurar": procurar}, orcamento,
                                    lambda pedido, log: custos[min(len(log), 9)], max_steps=10)
        gasto, passos = 0, 0
        while gasto + custos[passos] <= orcamento:
            gasto, passos = gasto + custos[passos], passos + 1
        entrada = f"orçamento {orcamento} e chamadas ao decisor que custam {custos}"
        assert len(decidir.chamadas) == passos and len(procurar.chamadas) == passos, contraexemplo(
            "Antes de cada chamada ao decisor soma o custo dela (contar_tokens com o log atual) ao que já "
            "gastaste: se passasse do orçamento, para sem a fazer; chegar à justa ainda se permite.",
            entrada, f"{passos} passos", f"{len(decidir.chamadas)}")
        _interrompido(r, "orcamento", passos)

    def test_conta_o_proximo_pedido(self, nb):
        """contar_tokens recebe o pedido e o log atual, antes de cada chamada"""
        vistos = []

        def contar(pedido, log):  # sem efeitos: chamá-la mais vezes não muda nada
            vistos.append((pedido, len(log)))
            return 10

        decidir = _roteiro([{"ferramenta": "procurar", "argumentos": {"termo": "a"}}, _final("feito")])
        r = nb.correr_com_orcamento("o pedido", decidir, {"procurar": _ferramenta()}, 1000, contar)
        _concluido(r, "feito", 2)
        assert {p for p, _ in vistos} == {"o pedido"} and {n for _, n in vistos} == {0, 1}, explica(
            "Antes de cada chamada ao decisor, pergunta contar_tokens(pedido, log) pelo custo dessa chamada, "
            "com o log como está nesse momento.",
            f"contar_tokens viu (pedido, tamanho do log): {sorted(set(vistos))}")

    def test_soma_tudo(self, nb):
        """O orçamento é para a execução inteira, não por chamada"""
        decidir, procurar = _teimoso(), _ferramenta()
        r = nb.correr_com_orcamento("x", decidir, {"procurar": procurar}, 250, _espiao(lambda log: 100))
        _conta(len(decidir.chamadas), 2, "Cada chamada custa 100 e o orçamento total é 250: o decisor")
        _interrompido(r, "orcamento", 2)

    def test_max_steps_continua(self, nb):
        """Com orçamento de sobra, o max_steps continua a valer"""
        decidir, traduzir = _teimoso("traduzir"), _ferramenta()
        r = nb.correr_com_orcamento("x", decidir, {"traduzir": traduzir}, 10**9, _espiao(lambda log: 1),
                                    max_steps=3)
        _conta(len(decidir.chamadas), 3, "Com max_steps=3, o decisor")
        _conta(len(traduzir.chamadas), 3, "Só responder_final termina: a ferramenta traduzir")
        _interrompido(r, "max_steps atingido", 3)

    def test_max_steps_antes_do_orcamento(self, nb):
        """Depois do último passo permitido o motivo é max_steps, sem contar uma chamada que não se faz"""
        decidir, procurar = _teimoso(), _ferramenta()
        contar = _espiao(lambda log: 100)
        r = nb.correr_com_orcamento("x", decidir, {"procurar": procurar}, 250, contar, max_steps=2)
        # 2 chamadas gastam 200; uma 3.ª passaria dos 250, mas o max_steps já não a deixa fazer
        _conta(len(decidir.chamadas), 2, "Com max_steps=2, o decisor")
        _interrompido(r, "max_steps atingido", 2)

    def test_valores_por_omissao(self, nb):
        """Por omissão: max_steps=10"""
        _omissao(nb.correr_com_orcamento, {"max_steps": 10}, "", (100, _espiao(lambda log: 1)))

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.lists(st.integers(0, 120), min_size=12, max_size=12), st.integers(0, 500), st.integers(1, 8),
                 st.integers(0, 9), exemplos=4)
    def oraculo_a_mesma_execucao(self, nb, solucao, custos, orcamento, max_steps, responde_em):
        """Os mesmos passos, o mesmo motivo ou resposta que a solução."""

        def correr(correr_com_orcamento):
            guiao = [{"ferramenta": "procurar", "argumentos": {"termo": str(i)}} for i in range(responde_em)]
            r = so_dados(correr_com_orcamento("x", _roteiro(guiao + [_final("ok")]), {"procurar": _ferramenta()},
                                              orcamento, lambda pedido, log: custos[len(log)], max_steps), dict)
            return [r.get("concluido"), r.get("motivo"), r.get("resposta"), len(_executados(r.get("log", [])))]

        obtido, esperado = correr(nb.correr_com_orcamento), correr(solucao.correr_com_orcamento)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "correr_com_orcamento não faz o que o enunciado pede (comparado com a solução do curso).",
            f"orçamento {orcamento}, custos {custos}, max_steps={max_steps}, resposta no passo {responde_em + 1}",
            esperado, obtido)


class TestEx5_5:
    """Quiz: o que devolver quando o max_steps dispara"""

    recebe_contentores = False  # um quiz: não há funções a chamar

    def test_resposta_e_uma_letra(self, nb):
        """resposta_5_5 é uma das letras a, b, c ou d (a certa vê-se na correção)"""
        from curso.quizzes import letra_do_quiz

        letra_do_quiz(nb.resposta_5_5, "resposta_5_5", "abcd")
