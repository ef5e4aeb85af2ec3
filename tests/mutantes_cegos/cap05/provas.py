"""Provas dos mutantes cegos do capítulo 5: cada uma corre a solução e o mutante na mesma entrada e
mostra que a solução cumpre a frase do enunciado e o mutante não."""

import copy


def _so_a_solucao(cumpre, solucao, mutante):
    assert cumpre(solucao), "a solução não cumpre a frase: a prova está errada"
    assert not cumpre(mutante), "o mutante cumpre a frase: não é um erro"


class _Relogio:
    """Um relógio falso: só anda quando uma ferramenta (ou o decisor) o faz andar."""

    def __init__(self):
        self.agora = 0.0

    def __call__(self):
        return self.agora


def _procurar_que_demora(relogio, segundos):
    """Ferramentas em que cada chamada a «procurar» gasta `segundos` no relógio falso."""
    def procurar(termo):
        relogio.agora += segundos
        return "nada"
    return {"procurar": procurar}


def _teimoso(pedido, log):
    """Um decisor que nunca responde: pede sempre a mesma procura."""
    return {"ferramenta": "procurar", "argumentos": {"termo": pedido}}


class _Contador:
    """Um decisor que conta as chamadas e guarda uma cópia do que recebeu em cada uma."""

    def __init__(self, decidir):
        self.decidir, self.recebidos = decidir, []

    def __call__(self, pedido, log):
        self.recebidos.append((pedido, copy.deepcopy(log)))
        return self.decidir(pedido, log)


def _responde(texto):
    return lambda pedido, log: {"ferramenta": "responder_final", "argumentos": {"texto": texto}}


# --- 5.1 ---------------------------------------------------------------------------------------

def prova_ex5_1_timeout_com_maior_ou_igual(solucao, mutante):
    # cada procura demora 5 s: antes do passo n já passaram 5·(n-1) s; só se para quando passou de 10
    def cumpre(nb):
        relogio = _Relogio()
        r = nb.correr_com_limites("x", _teimoso, _procurar_que_demora(relogio, 5),
                                  timeout_segundos=10, relogio=relogio)
        return r["motivo"] == "timeout" and 5 * len(r["log"]) > 10
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_1_abandona_decisao_fora_de_tempo(solucao, mutante):
    # o decisor demora 11 s na primeira decisão, tomada aos 0 s: essa decisão corre até ao fim
    def cumpre(nb):
        relogio = _Relogio()
        corridas = []

        def lento(pedido, log):
            relogio.agora += 11
            return _teimoso(pedido, log)

        r = nb.correr_com_limites("x", lento, {"procurar": lambda termo: corridas.append(termo)},
                                  timeout_segundos=10, relogio=relogio)
        return corridas == ["x"] and len(r["log"]) == 1 and r["motivo"] == "timeout"
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_1_decisor_ve_historico_do_cap1(solucao, mutante):
    # o decisor recebe o log: na segunda chamada, o mesmo primeiro passo que o resultado traz
    def cumpre(nb):
        decidir = _Contador(_teimoso)
        r = nb.correr_com_limites("x", decidir, {"procurar": lambda termo: "nada"}, max_steps=2,
                                  relogio=_Relogio())
        return [h for _, h in decidir.recebidos] == [[], r["log"][:1]]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_1_resposta_final_fora_do_log(solucao, mutante):
    def cumpre(nb):
        r = nb.correr_com_limites("x", _responde("Feito."), {}, relogio=_Relogio())
        return (r["concluido"] is True and r["resposta"] == "Feito."
                and [p["ferramenta"] for p in r["log"]] == ["responder_final"])
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_1_resultado_em_texto_json(solucao, mutante):
    # o passo regista o que ferramentas[nome](**argumentos) devolveu
    def cumpre(nb):
        devolvido = {"preco": 24.5, "stock": 30}
        r = nb.correr_com_limites("x", _teimoso, {"procurar": lambda termo: devolvido}, max_steps=1,
                                  relogio=_Relogio())
        return r["log"][0]["resultado"] == devolvido
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_1_um_passo_a_mais(solucao, mutante):
    def cumpre(nb):
        decidir = _Contador(_teimoso)
        r = nb.correr_com_limites("x", decidir, {"procurar": lambda termo: "nada"}, max_steps=2,
                                  relogio=_Relogio())
        return r["motivo"] == "max_steps atingido" and len(r["log"]) == len(decidir.recebidos) == 2
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_1_timeout_depois_do_ultimo_passo(solucao, mutante):
    # cada procura demora 6 s e max_steps=2: depois do 2.º passo já passaram 12 s, mas não há 3.º
    def cumpre(nb):
        relogio = _Relogio()
        r = nb.correr_com_limites("x", _teimoso, _procurar_que_demora(relogio, 6), max_steps=2,
                                  timeout_segundos=10, relogio=relogio)
        return r["motivo"] == "max_steps atingido" and len(r["log"]) == 2
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_1_resposta_vazia_quando_corta(solucao, mutante):
    def cumpre(nb):
        r = nb.correr_com_limites("x", _teimoso, {"procurar": lambda termo: "nada"}, max_steps=1,
                                  relogio=_Relogio())
        return r["concluido"] is False and "resposta" not in r
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_1_relogio_do_sistema(solucao, mutante):
    # só o relógio recebido anda (20 s por procura): a execução tem de parar por tempo
    def cumpre(nb):
        relogio = _Relogio()
        r = nb.correr_com_limites("x", _teimoso, _procurar_que_demora(relogio, 20),
                                  timeout_segundos=10, relogio=relogio)
        return r["motivo"] == "timeout" and len(r["log"]) == 1
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_1_dez_passos_por_omissao(solucao, mutante):
    def cumpre(nb):
        r = nb.correr_com_limites("x", _teimoso, {"procurar": lambda termo: "nada"}, relogio=_Relogio())
        return r["motivo"] == "max_steps atingido" and len(r["log"]) == 5
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_1_motivo_tambem_quando_conclui(solucao, mutante):
    def cumpre(nb):
        r = nb.correr_com_limites("x", _responde("Feito."), {}, relogio=_Relogio())
        return r["concluido"] is True and "motivo" not in r
    _so_a_solucao(cumpre, solucao, mutante)


# --- 5.2 ---------------------------------------------------------------------------------------

def prova_ex5_2_mais_do_que_o_limite(solucao, mutante):
    def cumpre(nb):
        return nb.detectar_repeticao([("ler", {"id": 1}), ("ler", {"id": 1})], limite=2) is True
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_2_so_seguidas(solucao, mutante):
    def cumpre(nb):
        chamadas = [("ler", {"id": 1}), ("somar", {"a": 1}), ("ler", {"id": 1})]
        return nb.detectar_repeticao(chamadas, limite=2) is True
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_2_ordena_so_o_primeiro_nivel(solucao, mutante):
    def cumpre(nb):
        chamadas = [("ler", {"x": {"a": 1, "b": 2}}), ("ler", {"x": {"b": 2, "a": 1}})]
        return nb.detectar_repeticao(chamadas, limite=2) is True
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_2_compara_com_igual(solucao, mutante):
    def cumpre(nb):
        return nb.detectar_repeticao([("ler", {"n": 1}), ("ler", {"n": True})], limite=2) is False
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_2_ignora_o_nome(solucao, mutante):
    def cumpre(nb):
        return nb.detectar_repeticao([("ler", {"id": 1}), ("apagar", {"id": 1})], limite=2) is False
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_2_limite_tres_por_omissao(solucao, mutante):
    def cumpre(nb):
        return nb.detectar_repeticao([("ler", {"id": 1}), ("ler", {"id": 1})]) is True
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_2_esvazia_a_lista(solucao, mutante):
    def cumpre(nb):
        chamadas = [("ler", {"id": 1}), ("somar", {"a": 1}), ("ler", {"id": 1})]
        antes = copy.deepcopy(chamadas)
        nb.detectar_repeticao(chamadas)
        return chamadas == antes
    _so_a_solucao(cumpre, solucao, mutante)


# --- 5.3 ---------------------------------------------------------------------------------------

def _email_teimoso(pedido, log):
    return {"ferramenta": "enviar_email", "argumentos": {"para": "ana"}}


def _corre_emails(nb, **limites):
    enviados = []
    r = nb.correr_sem_repeticoes("avisa a Ana", _email_teimoso,
                                 {"enviar_email": lambda para: enviados.append(para) or "ok"}, **limites)
    return r, enviados


def prova_ex5_3_uma_repeticao_a_mais(solucao, mutante):
    def cumpre(nb):
        r, enviados = _corre_emails(nb, max_repeticoes=2)
        return len(enviados) <= 2 and r["motivo"] == "repeticao"
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_3_conta_so_o_nome(solucao, mutante):
    # ler(id=1), ler(id=2), ler(id=3): três chamadas diferentes, nenhuma repetida; depois responde
    def cumpre(nb):
        def decidir(pedido, log):
            if len(log) < 3:
                return {"ferramenta": "ler", "argumentos": {"id": len(log) + 1}}
            return {"ferramenta": "responder_final", "argumentos": {"texto": "Lidos."}}
        r = nb.correr_sem_repeticoes("x", decidir, {"ler": lambda id: id}, max_repeticoes=2)
        return r["concluido"] is True and r["resposta"] == "Lidos."
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_3_corre_e_depois_para(solucao, mutante):
    # com max_repeticoes=2, a 3.ª decisão igual não é executada
    def cumpre(nb):
        r, enviados = _corre_emails(nb, max_repeticoes=2)
        return r["motivo"] == "repeticao" and len(enviados) == 2
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_3_passos_a_contar_de_zero(solucao, mutante):
    def cumpre(nb):
        r, _ = _corre_emails(nb, max_repeticoes=2)
        return [p["passo"] for p in r["log"]] == [1, 2]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_3_explica_na_resposta(solucao, mutante):
    def cumpre(nb):
        r, _ = _corre_emails(nb, max_repeticoes=2)
        return r["concluido"] is False and "resposta" not in r
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_3_cinco_passos_por_omissao(solucao, mutante):
    # cada decisão lê um id novo: nunca há repetições, só o teto de passos a para
    def cumpre(nb):
        def decidir(pedido, log):
            return {"ferramenta": "ler", "argumentos": {"id": len(log)}}
        r = nb.correr_sem_repeticoes("x", decidir, {"ler": lambda id: id})
        return r["motivo"] == "max_steps atingido" and len(r["log"]) == 10
    _so_a_solucao(cumpre, solucao, mutante)


# --- 5.4 ---------------------------------------------------------------------------------------

def _contar(pedido, log):
    """O exemplo do enunciado: 100, 150, 200, 250… tokens."""
    return 100 + 50 * len(log)


def _gasto_real(r):
    """Os tokens das chamadas ao decisor que a execução fez: uma por passo do log."""
    return sum(_contar("x", r["log"][:i]) for i in range(len(r["log"])))


def _com_orcamento(nb, orcamento, **extra):
    decidir = _Contador(_teimoso)
    r = nb.correr_com_orcamento("x", decidir, {"procurar": lambda termo: "nada"}, orcamento, _contar,
                                **extra)
    return r, decidir


def prova_ex5_4_compara_cada_chamada_sozinha(solucao, mutante):
    def cumpre(nb):
        r, _ = _com_orcamento(nb, 450)
        return r["motivo"] == "orcamento" and _gasto_real(r) <= 450
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_4_custo_medido_uma_vez(solucao, mutante):
    # o custo de cada chamada é o que contar_tokens diz com o log dessa altura
    def cumpre(nb):
        r, _ = _com_orcamento(nb, 450)
        return r["motivo"] == "orcamento" and _gasto_real(r) <= 450
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_4_chama_e_depois_confere(solucao, mutante):
    # quando para por orçamento, o decisor foi chamado só nos passos que estão no log
    def cumpre(nb):
        r, decidir = _com_orcamento(nb, 450)
        return r["motivo"] == "orcamento" and len(decidir.recebidos) == len(r["log"])
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_4_orcamento_exato_nao_chega(solucao, mutante):
    # 100 + 150 + 200 = 450: as três chamadas cabem exatamente
    def cumpre(nb):
        r, _ = _com_orcamento(nb, 450)
        return len(r["log"]) == 3
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_4_passos_sem_aprovada(solucao, mutante):
    def cumpre(nb):
        r, _ = _com_orcamento(nb, 450)
        return all(p.get("aprovada") is True for p in r["log"]) and len(r["log"]) == 3
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_4_orcamento_antes_dos_passos(solucao, mutante):
    # max_steps=3 gasta 450 de 450: a 4.ª chamada já não se faz, por isso não conta
    def cumpre(nb):
        r, _ = _com_orcamento(nb, 450, max_steps=3)
        return r["motivo"] == "max_steps atingido" and len(r["log"]) == 3
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex5_4_cinco_passos_por_omissao(solucao, mutante):
    def cumpre(nb):
        r, _ = _com_orcamento(nb, 10**9)
        return r["motivo"] == "max_steps atingido" and len(r["log"]) == 10
    _so_a_solucao(cumpre, solucao, mutante)


# --- 5.1 (o início lido uma vez) ---------------------------------------------------------------

def _teimoso_a_demorar(nb, segundos, **opcoes):
    """O decisor teimoso, com cada procura a gastar `segundos` num relógio falso."""
    relogio = _Relogio()
    return nb.correr_com_limites("x", _teimoso, _procurar_que_demora(relogio, segundos), relogio=relogio, **opcoes)


def prova_ex5_1_relogio_recomeca_em_cada_passo(solucao, mutante):
    # o início lê-se uma vez: com 4 s por procura, os passos começam aos 0, 4 e 8 s e antes do 4.º
    # já passaram 12 s desde o início (o exemplo do enunciado)
    def cumpre(nb):
        r = _teimoso_a_demorar(nb, 4, timeout_segundos=10)
        return r["motivo"] == "timeout" and len(r["log"]) == 3
    _so_a_solucao(cumpre, solucao, mutante)


# --- 5.5 ---------------------------------------------------------------------------------------

def prova_ex5_5_o_dicionario_da_opcao(solucao, mutante):
    # «Atribui a letra da tua resposta»: uma das letras a, b, c ou d, como no exemplo `resposta_5_5 = "a"`
    for nb, e_letra in ((solucao, True), (mutante, False)):
        resposta = nb.resposta_5_5
        assert (isinstance(resposta, str) and resposta in ("a", "b", "c", "d")) is e_letra, repr(resposta)
