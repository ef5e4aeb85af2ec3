"""Verificações públicas do capítulo 5 — Loops e limites.

Relógios falsos e espiões: cada verificação sabe exatamente quantas vezes o decisor e as
ferramentas devem ser chamados, e que nada corre depois de um limite.
"""

import inspect
import time

from curso.verificacao import como_lido_do_modelo, explica


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
    """Um relógio falso: só anda quando alguém o manda andar (ou a cada leitura, com `por_leitura`)."""

    def __init__(self, agora=1000.0, por_leitura=0.0):
        self.agora, self.por_leitura, self.leituras = agora, por_leitura, 0

    def __call__(self):
        self.leituras += 1
        self.agora += self.por_leitura
        return self.agora

    def avancar(self, segundos):
        self.agora += segundos


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


# ---------------------------------------------------------------------------------------------


class TestEx5_1:
    """Dois travões: passos e tempo"""

    def test_responde_e_regista(self, nb):
        """Corre as ferramentas, regista cada passo e termina no responder_final"""
        somar = _ferramenta(resultado=7)
        decidir = _roteiro([{"ferramenta": "somar", "argumentos": {"a": 3, "b": 4}},
                            {"ferramenta": "somar", "argumentos": {"a": 1, "b": 6}}, _final("dá 7")])
        r = nb.correr_com_limites("soma", decidir, {"somar": somar})
        _concluido(r, "dá 7", 3)
        assert somar.chamadas == [{"a": 3, "b": 4}, {"a": 1, "b": 6}], explica(
            "Corre ferramentas[nome](**argumentos) em cada passo.", f"a ferramenta recebeu {somar.chamadas!r}")
        esperado = {"passo": 1, "ferramenta": "somar", "argumentos": {"a": 3, "b": 4}, "resultado": 7,
                    "aprovada": True}
        primeiro = {k: r["log"][0].get(k) for k in esperado}
        assert primeiro == esperado, explica(
            "Cada passo é {'passo' (a partir de 1), 'ferramenta', 'argumentos', 'resultado', 'aprovada'}.",
            f"o 1.º passo é {r['log'][0]!r}")
        assert decidir.chamadas == [0, 1, 2], explica(
            "Chama decidir(pedido, log) com o log até aqui: o decisor tem de ver os passos anteriores.",
            f"o decisor viu logs com {decidir.chamadas} passos")

    def test_max_steps(self, nb):
        """Um decisor teimoso para ao fim de max_steps passos exatos, sem resposta inventada"""
        for max_steps in (1, 3, None):
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

    def test_timeout_entre_passos(self, nb):
        """O tempo passa nas ferramentas: para antes do passo que começa depois do limite"""
        relogio = _Relogio()
        procurar = _ferramenta(antes=lambda: relogio.avancar(5))
        decidir = _teimoso()
        r = nb.correr_com_limites("x", decidir, {"procurar": procurar}, max_steps=10,
                                  timeout_segundos=10, relogio=relogio)
        # os passos começam aos 0, 5 e 10 s (10 não passa de 10); antes do 4.º já vão 15 s
        _conta(len(decidir.chamadas), 3, "Com timeout_segundos=10 e 5 s por ferramenta, o decisor")
        _conta(len(procurar.chamadas), 3, "Depois do limite nada corre: a ferramenta")
        _interrompido(r, "timeout", 3)

    def test_tempo_decorrido_desde_o_inicio(self, nb):
        """O tempo conta-se como relogio() - inicio, seja qual for a origem do relógio"""
        for origem in (7.0, 123456.5):
            relogio = _Relogio(agora=origem)
            procurar = _ferramenta(antes=lambda relogio=relogio: relogio.avancar(3))
            decidir = _teimoso()
            r = nb.correr_com_limites("x", decidir, {"procurar": procurar}, max_steps=10,
                                      timeout_segundos=10, relogio=relogio)
            # passos aos 0, 3, 6 e 9 s de execução; antes do 5.º já passaram 12 s
            _conta(len(decidir.chamadas), 4, f"Com o relógio a começar em {origem} s e 3 s por ferramenta, "
                   "o decisor")
            _interrompido(r, "timeout", 4)

    def test_timeout_antes_de_comecar(self, nb):
        """Se o tempo já passou antes do 1.º passo, o decisor nem é chamado"""
        relogio = _Relogio(por_leitura=5.0)  # cada leitura avança 5 s
        decidir, procurar = _teimoso(), _ferramenta()
        r = nb.correr_com_limites("x", decidir, {"procurar": procurar}, timeout_segundos=3, relogio=relogio)
        _conta(len(decidir.chamadas), 0, "Verifica o tempo ANTES de cada passo; aqui o decisor")
        _interrompido(r, "timeout", 0)

    def test_modelo_lento(self, nb):
        """O tempo passa no decisor (um modelo lento): o relógio dado mede tudo, desde o início"""
        relogio = _Relogio()

        def lento(log):
            relogio.avancar(20)
            return {"ferramenta": "procurar", "argumentos": {"termo": str(len(log))}}

        decidir, procurar = _espiao(lento), _ferramenta()
        r = nb.correr_com_limites("x", decidir, {"procurar": procurar}, timeout_segundos=30, relogio=relogio)
        # passo 1 começa aos 0 s, passo 2 aos 20 s, o 3.º já seria aos 40 s
        _conta(len(decidir.chamadas), 2, "Com 20 s por decisão e timeout de 30 s, o decisor")
        _conta(len(procurar.chamadas), 2, "Uma decisão já tomada dentro do tempo corre: a ferramenta")
        _interrompido(r, "timeout", 2)

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


# ---------------------------------------------------------------------------------------------


class TestEx5_2:
    """Reconhecer uma repetição"""

    def _verificar(self, nb, chamadas, esperado, dica, **extra):
        r = nb.detectar_repeticao(chamadas, **extra)
        assert r is esperado, explica(dica, f"detectar_repeticao({chamadas!r}{', ' if extra else ''}"
                                            f"{', '.join(f'{k}={v}' for k, v in extra.items())}) devolveu {r!r}")

    def test_repeticao_nao_seguida(self, nb):
        """Conta a mesma chamada mesmo com outras pelo meio"""
        a, b = ("ler", {"id": 1}), ("somar", {"a": 1, "b": 2})
        self._verificar(nb, [a, b, a], True, "A mesma chamada duas vezes é repetição, seguidas ou não.",
                        limite=2)
        self._verificar(nb, [a, b], False, "Chamadas diferentes não são repetição.", limite=2)
        self._verificar(nb, [], False, "Uma lista vazia não tem repetições.", limite=2)

    def test_ordem_das_chaves(self, nb):
        """A ordem das chaves dos argumentos não conta"""
        self._verificar(nb, [("f", {"a": 1, "b": 2}), ("f", {"b": 2, "a": 1})], True,
                        "{'a': 1, 'b': 2} e {'b': 2, 'a': 1} são os mesmos argumentos: compara uma forma "
                        "canónica (por exemplo json.dumps(..., sort_keys=True)).", limite=2)
        self._verificar(nb, [("f", {"filtro": {"x": 1, "y": 2}}), ("f", {"filtro": {"y": 2, "x": 1}})], True,
                        "A ordem também não conta dentro de dicionários aninhados.", limite=2)

    def test_tipos_e_nomes(self, nb):
        """5 e "5" são argumentos diferentes; o nome também conta"""
        self._verificar(nb, [("f", {"n": 5}), ("f", {"n": "5"})], False,
                        "O número 5 e o texto \"5\" são argumentos diferentes: não convertas tudo em texto.",
                        limite=2)
        self._verificar(nb, [("f", {"n": 1}), ("f", {"n": True})], False,
                        "1 e True são argumentos diferentes (em JSON, 1 e true): em Python 1 == True, por "
                        "isso compara uma forma que guarde o tipo, como o json.dumps.", limite=2)
        self._verificar(nb, [("f", {"n": 5}), ("f", {"n": 6})], False,
                        "O mesmo nome com argumentos diferentes não é repetição.", limite=2)
        self._verificar(nb, [("f", {"n": 5}), ("g", {"n": 5})], False,
                        "Os mesmos argumentos noutra ferramenta não são repetição.", limite=2)

    def test_limite(self, nb):
        """Repetição é aparecer limite vezes ou mais"""
        c = ("f", {"n": 1})
        self._verificar(nb, [c, c], False, "Com limite=3, duas vezes ainda não chega.", limite=3)
        self._verificar(nb, [c, ("g", {}), c, c], True, "Com limite=3, três vezes já é repetição.", limite=3)
        self._verificar(nb, [c], True, "Com limite=1, qualquer chamada já conta.", limite=1)
        self._verificar(nb, [c] * 300, True, "Compara contagens com >= (não com is): com limite=300, "
                        "300 vezes é repetição.", limite=300)

    def test_limite_por_omissao(self, nb):
        """Sem limite, repetição é aparecer 2 vezes"""
        c = ("f", {"n": 1})
        self._verificar(nb, [c, c], True, "Por omissão, limite=2: duas vezes já é repetição.")
        self._verificar(nb, [c, ("g", {})], False, "Por omissão, limite=2: uma vez não é repetição.")
        _omissao(nb.detectar_repeticao, {"limite": 2})


# ---------------------------------------------------------------------------------------------


class TestEx5_3:
    """Parar antes de repetir"""

    def test_recusa_a_repeticao(self, nb):
        """A chamada que passaria de max_repeticoes não corre e a execução para com 'repeticao'"""
        for max_repeticoes in (2, 1):
            decidir, email = _teimoso("enviar_email", {"para": "ana"}), _ferramenta("erro de rede")
            r = nb.correr_sem_repeticoes("avisa a Ana", decidir, {"enviar_email": email},
                                         max_repeticoes=max_repeticoes)
            _conta(len(email.chamadas), max_repeticoes, f"Com max_repeticoes={max_repeticoes}, o enviar_email")
            _conta(len(decidir.chamadas), max_repeticoes + 1, f"Com max_repeticoes={max_repeticoes}, o decisor")
            _interrompido(r, "repeticao", max_repeticoes)

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


# ---------------------------------------------------------------------------------------------


class TestEx5_4:
    """Um orçamento de tokens"""

    def test_para_antes_de_passar(self, nb):
        """Para antes da chamada que passaria o orçamento; chegar à justa ainda é permitido"""
        for orcamento, passos in ((450, 3), (449, 2), (99, 0)):
            decidir, procurar = _teimoso(), _ferramenta()
            contar = _espiao(lambda log: 100 + 50 * len(log))  # 100, 150, 200, 250…
            r = nb.correr_com_orcamento("x", decidir, {"procurar": procurar}, orcamento, contar)
            _conta(len(decidir.chamadas), passos, f"Com custos 100, 150, 200… e orçamento {orcamento}, o decisor")
            _conta(len(procurar.chamadas), passos, f"Com orçamento {orcamento}, a ferramenta")
            _interrompido(r, "orcamento", passos)

    def test_conta_o_proximo_pedido(self, nb):
        """contar_tokens recebe o pedido e o log atual, antes de cada chamada"""
        contar = _espiao(lambda log: 10)
        decidir = _roteiro([{"ferramenta": "procurar", "argumentos": {"termo": "a"}}, _final("feito")])
        r = nb.correr_com_orcamento("x", decidir, {"procurar": _ferramenta()}, 1000, contar)
        _concluido(r, "feito", 2)
        assert contar.chamadas == [0, 1], explica(
            "Antes de cada chamada ao decisor, pergunta contar_tokens(pedido, log) pelo custo dessa chamada.",
            f"contar_tokens viu logs com {contar.chamadas} passos")

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
        assert len(contar.chamadas) == 2, explica(
            "Só se conta o custo de uma chamada que se vai fazer: depois do último passo, para com "
            "\"max_steps atingido\".", f"contar_tokens foi chamado {len(contar.chamadas)} vezes")

    def test_valores_por_omissao(self, nb):
        """Por omissão: max_steps=10"""
        _omissao(nb.correr_com_orcamento, {"max_steps": 10}, "", (100, _espiao(lambda log: 1)))


class TestEx5_5:
    """Quiz: o que devolver quando o max_steps dispara"""

    def test_resposta_e_uma_letra(self, nb):
        """resposta_5_5 é uma das letras a, b, c ou d (a certa vê-se na correção)"""
        from curso.quizzes import letra_do_quiz

        letra_do_quiz(nb.resposta_5_5, "resposta_5_5", "abcd")
