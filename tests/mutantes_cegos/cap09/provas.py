"""Provas dos mutantes cegos do capítulo 9: cada uma corre a solução e o mutante na mesma entrada e
mostra que a solução cumpre a frase do enunciado e o mutante não."""

import copy
import json

import openai

from curso import modelo
from curso.offline import Roteiro, cliente_offline


def _so_a_solucao(cumpre, solucao, mutante):
    assert cumpre(solucao), "a solução não cumpre a frase: a prova está errada"
    assert not cumpre(mutante), "o mutante cumpre a frase: não é um erro"


PEDIDO = "Quero orçamento para 3 unidades do teclado mecânico"


def _passo(numero, ferramenta, argumentos, resultado, aprovada=True):
    passo = {"passo": numero, "ferramenta": ferramenta, "argumentos": argumentos, "resultado": resultado,
             "aprovada": aprovada}
    if not aprovada:
        passo["motivo_rejeicao"] = "recusado"
    return passo


def _consulta(numero=1, preco=79.9, aprovada=True, nome="teclado mecânico"):
    resultado = None if preco is None else {"preco": preco, "stock": 12}
    return _passo(numero, "consultar_catalogo", {"nome_produto": nome}, resultado, aprovada)


def _responde(texto):
    return {"ferramenta": "responder_final", "argumentos": {"texto": texto}}


def _texto(decisao):
    """O texto de uma decisão de responder (None se não for uma)."""
    if isinstance(decisao, dict) and decisao.get("ferramenta") == "responder_final":
        return decisao.get("argumentos", {}).get("texto")
    return None


# --- 9.1 ---------------------------------------------------------------------------------------

def prova_ex9_1_usa_passos_rejeitados(solucao, mutante):
    # a única consulta foi rejeitada: ainda não há consulta aprovada
    def cumpre(nb):
        decisao = nb.decidir_proximo_passo(PEDIDO, [_consulta(preco=None, aprovada=False)])
        return decisao == {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "teclado mecânico"}}
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_1_sem_minusculas(solucao, mutante):
    def cumpre(nb):
        decisao = nb.decidir_proximo_passo("Quero orçamento para o TECLADO MECÂNICO", [])
        return decisao == {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "teclado mecânico"}}
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_1_sem_produto_devolve_none(solucao, mutante):
    def cumpre(nb):
        decisao = nb.decidir_proximo_passo("Quero uma cadeira", [])
        return _texto(decisao) == "Não encontrei nenhum produto do catálogo neste pedido."
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_1_mesma_frase_para_os_dois(solucao, mutante):
    def cumpre(nb):
        decisao = nb.decidir_proximo_passo(PEDIDO, [_consulta(preco=None)])
        return _texto(decisao) == "Esse produto não existe no catálogo."
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_1_primeiro_numero_do_pedido(solucao, mutante):
    # a quantidade é a de «3 unidades», não o 12 da sala (compara-se o número, não o tipo)
    def cumpre(nb):
        pedido = "Para a sala 12, quero 3 unidades do rato sem fios"
        decisao = nb.decidir_proximo_passo(pedido, [_consulta(preco=24.5, nome="rato sem fios")])
        return decisao["ferramenta"] == "calcular_total" and decisao["argumentos"]["quantidade"] == 3
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_1_preco_do_catalogo(solucao, mutante):
    # a consulta observou 50.0 (o catálogo diz 79.9): conta o preço observado
    def cumpre(nb):
        decisao = nb.decidir_proximo_passo(PEDIDO, [_consulta(preco=50.0)])
        return decisao["argumentos"]["preco_unitario"] == 50.0
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_1_total_com_duas_casas(solucao, mutante):
    def cumpre(nb):
        calculo = _passo(2, "calcular_total", {"quantidade": 3.0, "preco_unitario": 79.9}, 239.7)
        return _texto(nb.decidir_proximo_passo(PEDIDO, [_consulta(), calculo])) == f"Orçamento: {239.7}€."
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_1_primeiro_aprovado_e_a_consulta(solucao, mutante):
    # há um passo aprovado, mas não é uma consulta ao catálogo
    def cumpre(nb):
        calculo = _passo(1, "calcular_total", {"quantidade": 1.0, "preco_unitario": 10.0}, 10.0)
        return nb.decidir_proximo_passo(PEDIDO, [calculo])["ferramenta"] == "consultar_catalogo"
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_1_chave_resposta(solucao, mutante):
    def cumpre(nb):
        return nb.decidir_proximo_passo("Quero uma cadeira", []) == _responde(
            "Não encontrei nenhum produto do catálogo neste pedido.")
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_1_conta_o_ultimo(solucao, mutante):
    def cumpre(nb):
        decisao = nb.decidir_proximo_passo(PEDIDO, [_consulta(1, preco=10.0), _consulta(2, preco=20.0)])
        return decisao["argumentos"]["preco_unitario"] == 10.0
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_1_tira_os_rejeitados_do_historico(solucao, mutante):
    def cumpre(nb):
        historico = [_passo(1, "apagar_tudo", {}, None, aprovada=False), _consulta(2)]
        antes = copy.deepcopy(historico)
        nb.decidir_proximo_passo(PEDIDO, historico)
        return historico == antes
    _so_a_solucao(cumpre, solucao, mutante)


# --- 9.2 ---------------------------------------------------------------------------------------

def prova_ex9_2_sem_resultado_quando_none(solucao, mutante):
    def cumpre(nb):
        entrada = nb.registar_passo([], 1, "enviar_email", {"para": "ana"}, None, True)
        return entrada == {"passo": 1, "ferramenta": "enviar_email", "argumentos": {"para": "ana"},
                           "resultado": None, "aprovada": True}
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_2_motivo_sempre(solucao, mutante):
    def cumpre(nb):
        return "motivo_rejeicao" not in nb.registar_passo([], 1, "calcular_total", {}, 3.0, True, None)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_2_mais_recente_primeiro(solucao, mutante):
    def cumpre(nb):
        log = [{"passo": 1}]
        entrada = nb.registar_passo(log, 2, "calcular_total", {}, 3.0, True)
        return log == [{"passo": 1}, entrada]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_2_devolve_copia(solucao, mutante):
    def cumpre(nb):
        log = []
        return nb.registar_passo(log, 1, "calcular_total", {}, 3.0, True) is log[-1]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_2_numera_pelo_log(solucao, mutante):
    def cumpre(nb):
        return nb.registar_passo([], 5, "calcular_total", {}, 3.0, True)["passo"] == 5
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_2_motivo_obrigatorio(solucao, mutante):
    def cumpre(nb):
        try:
            nb.registar_passo([], 1, "calcular_total", {}, 3.0, True)
        except TypeError:
            return False
        return True
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_2_sem_motivo_sem_chave(solucao, mutante):
    # rejeitado: a chave "motivo_rejeicao" está lá sempre, mesmo com o motivo None
    def cumpre(nb):
        entrada = nb.registar_passo([], 1, "apagar_tudo", {}, None, False)
        return "motivo_rejeicao" in entrada and entrada["motivo_rejeicao"] is None
    _so_a_solucao(cumpre, solucao, mutante)


# --- 9.3 ---------------------------------------------------------------------------------------

def _parado():
    return 0.0


class _Relogio:
    """Um relógio falso: só anda quando o decisor o faz andar."""

    def __init__(self):
        self.agora = 0.0

    def __call__(self):
        return self.agora


def _agente(nb, decidir=None, **opcoes):
    opcoes.setdefault("relogio", _parado)
    return nb.correr_agente(PEDIDO, decidir=decidir, **opcoes)


def prova_ex9_3_decisor_guardado_na_definicao(solucao, mutante):
    # um 9.1 redefinido depois da célula do 9.3 é o que o agente usa
    def cumpre(nb):
        espaco = nb.correr_agente.__globals__
        antigo = espaco["decidir_proximo_passo"]
        espaco["decidir_proximo_passo"] = lambda pedido, log: _responde("Versão nova.")
        try:
            return _agente(nb).get("resposta") == "Versão nova."
        finally:
            espaco["decidir_proximo_passo"] = antigo
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_3_inicio_dentro_do_ciclo(solucao, mutante):
    # cada decisão demora 6 s: antes do 3.º passo já passaram 12 s de 10
    def cumpre(nb):
        relogio, decisoes = _Relogio(), []

        def lento(pedido, log):
            relogio.agora += 6
            decisoes.append(len(log))
            return solucao.decidir_proximo_passo(pedido, log)
        r = _agente(nb, lento, relogio=relogio, timeout_segundos=10)
        return r.get("motivo") == "timeout" and len(decisoes) == 2
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_3_ignora_o_decidir_recebido(solucao, mutante):
    def cumpre(nb):
        return _agente(nb, lambda pedido, log: _responde("Olá.")).get("resposta") == "Olá."
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_3_so_a_allowlist(solucao, mutante):
    # argumentos que não são um dicionário: o validar_acao recusa-os
    def cumpre(nb):
        try:
            r = _agente(nb, lambda pedido, log: {"ferramenta": "responder_final", "argumentos": ["olá"]})
        except TypeError:
            return False
        return r.get("motivo") == "acao_rejeitada"
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_3_nao_regista_o_rejeitado(solucao, mutante):
    def cumpre(nb):
        r = _agente(nb, lambda pedido, log: {"ferramenta": "apagar_tudo", "argumentos": {}})
        ultimo = r["log"][-1] if r["log"] else {}
        return (r["motivo"] == "acao_rejeitada" and ultimo.get("ferramenta") == "apagar_tudo"
                and ultimo.get("aprovada") is False and bool(ultimo.get("motivo_rejeicao")))
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_3_corre_antes_de_validar(solucao, mutante):
    # uma ferramenta que existe mas não está na allowlist nunca corre
    def cumpre(nb):
        ferramentas, corridas = nb.correr_agente.__globals__["FERRAMENTAS"], []
        ferramentas["apagar_tudo"] = lambda: corridas.append("apagou")
        try:
            r = _agente(nb, lambda pedido, log: {"ferramenta": "apagar_tudo", "argumentos": {}})
        finally:
            del ferramentas["apagar_tudo"]
        return r["motivo"] == "acao_rejeitada" and corridas == []
    _so_a_solucao(cumpre, solucao, mutante)


def _consulta_e_responde(pedido, log):
    if not log:
        return {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"}}
    return _responde("Visto.")


def prova_ex9_3_regista_antes_de_correr(solucao, mutante):
    def cumpre(nb):
        r = _agente(nb, _consulta_e_responde)
        return r["log"][0]["resultado"] == solucao.CATALOGO["rato sem fios"]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_3_resposta_fora_do_log(solucao, mutante):
    def cumpre(nb):
        r = _agente(nb)
        ultimo = r["log"][-1]
        return ultimo["ferramenta"] == "responder_final" and ultimo["resultado"] == r.get("resposta")
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_3_esquece_o_return(solucao, mutante):
    def cumpre(nb):
        r = _agente(nb)
        return r["concluido"] is True and r.get("resposta") == "Orçamento: 239.7€."
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_3_um_passo_a_menos(solucao, mutante):
    def cumpre(nb):
        r = _agente(nb, max_steps=2)
        return r["motivo"] == "max_steps atingido" and len(r["log"]) == 2
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_3_resposta_com_a_ultima_observacao(solucao, mutante):
    def cumpre(nb):
        r = _agente(nb, max_steps=2)
        return r["concluido"] is False and "resposta" not in r
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_3_dez_passos_por_omissao(solucao, mutante):
    def cumpre(nb):
        consultar = {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"}}
        r = _agente(nb, lambda pedido, log: consultar)
        return r["motivo"] == "max_steps atingido" and len(r["log"]) == 5
    _so_a_solucao(cumpre, solucao, mutante)


# --- 9.4 ---------------------------------------------------------------------------------------

def _pergunta(nb, historico, *guiao):
    """A decisão e o corpo do pedido que o decidir de `nb` manda a um modelo offline com `guiao`."""
    cliente = cliente_offline(Roteiro(list(guiao) or ["Feito."]))
    decidir = nb.decisor_openai(cliente, modelo(), nb.ESQUEMAS)
    try:
        decisao = decidir(PEDIDO, historico)
    except openai.APIStatusError:  # o modelo recusou a conversa (400)
        decisao = None
    return decisao, cliente.pedidos[-1]


def _com_chamadas(mensagens):
    return [m for m in mensagens if m["role"] == "assistant" and m.get("tool_calls")]


def prova_ex9_4_pedido_no_system(solucao, mutante):
    def cumpre(nb):
        _, corpo = _pergunta(nb, [])
        return {"role": "user", "content": PEDIDO} in [
            {"role": m["role"], "content": m.get("content")} for m in corpo["messages"]]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_4_inclui_rejeitados(solucao, mutante):
    def cumpre(nb):
        historico = [_passo(1, "apagar_tudo", {}, None, aprovada=False), _consulta(2)]
        _, corpo = _pergunta(nb, historico)
        return [m["tool_calls"][0]["function"]["name"] for m in _com_chamadas(corpo["messages"])] == [
            "consultar_catalogo"]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_4_ids_diferentes(solucao, mutante):
    # cada mensagem tool vem logo a seguir à sua chamada e tem o mesmo id
    def cumpre(nb):
        decisao, corpo = _pergunta(nb, [_consulta()])
        mensagens = corpo["messages"]
        pares = [(m, mensagens[i + 1]) for i, m in enumerate(mensagens[:-1]) if m in _com_chamadas(mensagens)]
        return decisao is not None and len(pares) == 1 and all(
            resposta["role"] == "tool" and resposta["tool_call_id"] == chamada["tool_calls"][0]["id"]
            for chamada, resposta in pares)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_4_resultado_com_str(solucao, mutante):
    def cumpre(nb):
        _, corpo = _pergunta(nb, [_consulta()])
        respostas = [m["content"] for m in corpo["messages"] if m["role"] == "tool"]
        try:
            return [json.loads(c) for c in respostas] == [{"preco": 79.9, "stock": 12}]
        except ValueError:
            return False
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_4_argumentos_com_str(solucao, mutante):
    def cumpre(nb):
        _, corpo = _pergunta(nb, [_consulta()])
        argumentos = [m["tool_calls"][0]["function"]["arguments"] for m in _com_chamadas(corpo["messages"])]
        try:
            return [json.loads(a) for a in argumentos] == [{"nome_produto": "teclado mecânico"}]
        except ValueError:
            return False
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_4_ferramentas_so_na_primeira(solucao, mutante):
    def cumpre(nb):
        _, corpo = _pergunta(nb, [_consulta()])
        return corpo.get("tools") == nb.ESQUEMAS
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_4_ultima_chamada(solucao, mutante):
    def cumpre(nb):
        duas = [{"nome": "consultar_catalogo", "argumentos": {"nome_produto": "teclado mecânico"}},
                {"nome": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"}}]
        decisao, _ = _pergunta(nb, [], duas)
        return decisao == {"ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "teclado mecânico"}}
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_4_argumentos_em_texto(solucao, mutante):
    def cumpre(nb):
        decisao, _ = _pergunta(nb, [], {"nome": "consultar_catalogo", "argumentos": {"nome_produto": "rato sem fios"}})
        return decisao["argumentos"] == {"nome_produto": "rato sem fios"}
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_4_texto_devolve_none(solucao, mutante):
    def cumpre(nb):
        decisao, _ = _pergunta(nb, [], "Orçamento: 10€.")
        return decisao == _responde("Orçamento: 10€.")
    _so_a_solucao(cumpre, solucao, mutante)


def _segue_o_9_1(decidir_9_1):
    """Um modelo offline que lê a conversa (o pedido e os pares chamada/resultado) e decide pelas
    regras do 9.1."""
    def decisor(mensagens, ferramentas):
        pedido = next(m["content"] for m in mensagens if m["role"] == "user")
        chamadas, historico = {}, []
        for m in mensagens:
            for chamada in m.get("tool_calls") or []:
                chamadas[chamada["id"]] = chamada["function"]
            if m["role"] == "tool":
                funcao = chamadas[m["tool_call_id"]]
                historico.append({"passo": len(historico) + 1, "ferramenta": funcao["name"],
                                  "argumentos": json.loads(funcao["arguments"]),
                                  "resultado": json.loads(m["content"]), "aprovada": True})
        decisao = decidir_9_1(pedido, historico)
        if decisao["ferramenta"] == "responder_final":
            return decisao["argumentos"]["texto"]
        return [{"nome": decisao["ferramenta"], "argumentos": decisao["argumentos"]}]
    return decisor


def prova_ex9_4_so_o_ultimo_passo(solucao, mutante):
    def cumpre(nb):
        cliente = cliente_offline(_segue_o_9_1(solucao.decidir_proximo_passo))
        com_modelo = nb.correr_agente(PEDIDO, decidir=nb.decisor_openai(cliente, modelo(), nb.ESQUEMAS),
                                      relogio=_parado)
        com_regras = nb.correr_agente(PEDIDO, relogio=_parado)

        def passos(r):
            return [(p["ferramenta"], p["argumentos"]) for p in r["log"]], r.get("resposta")
        return passos(com_modelo) == passos(com_regras)
    _so_a_solucao(cumpre, solucao, mutante)


# --- 9.5 ---------------------------------------------------------------------------------------

def _tarefas():
    """O exemplo do enunciado com k = 2: "a" passa nas duas tentativas, "b" só na segunda."""
    return [{"id": "a", "pedido": "tarefa a", "verificar": lambda r: r["concluido"]},
            {"id": "b", "pedido": "tarefa b", "verificar": lambda r: r["log"][0]["tentativa"] == 1}]


class _Agente:
    """Um agente falso que regista cada (pedido, tentativa) e devolve um resultado com log."""

    def __init__(self):
        self.tentativas = []

    def __call__(self, pedido, tentativa):
        self.tentativas.append((pedido, tentativa))
        return {"concluido": True, "resposta": "feito", "log": [{"tentativa": tentativa}]}


POR_TAREFA = {"a": [True, True], "b": [False, True]}


def _media(valores):
    return sum(valores) / len(valores)


def prova_ex9_5_tentativas_a_contar_de_um(solucao, mutante):
    def cumpre(nb):
        agente = _Agente()
        nb.avaliar(agente, _tarefas(), 2)
        return sorted({t for _, t in agente.tentativas}) == [0, 1]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_5_verifica_so_a_resposta(solucao, mutante):
    def cumpre(nb):
        recebidos = []
        tarefas = [{"id": "a", "pedido": "x", "verificar": lambda r: recebidos.append(r) or True}]
        nb.avaliar(lambda pedido, tentativa: {"concluido": True, "resposta": "ok", "log": [tentativa]}, tarefas, 2)
        return sorted(r["log"] for r in recebidos if isinstance(r, dict)) == [[0], [1]]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_5_sem_tarefas_divide_por_zero(solucao, mutante):
    def cumpre(nb):
        try:
            nb.avaliar(_Agente(), [], 2)
        except ValueError:
            return True
        except ZeroDivisionError:
            return False
        return False
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_5_pass1_so_a_primeira(solucao, mutante):
    def cumpre(nb):
        return nb.avaliar(_Agente(), _tarefas(), 2)["pass@1"] == _media([sum(r) / 2 for r in POR_TAREFA.values()])
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_5_passk_pela_formula(solucao, mutante):
    def cumpre(nb):
        return nb.avaliar(_Agente(), _tarefas(), 2)["pass@k"] == _media([any(r) for r in POR_TAREFA.values()])
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_5_pass_hat_k_potencia(solucao, mutante):
    def cumpre(nb):
        return nb.avaliar(_Agente(), _tarefas(), 2)["pass^k"] == _media([all(r) for r in POR_TAREFA.values()])
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_5_so_a_ultima_tarefa(solucao, mutante):
    def cumpre(nb):
        medidas = nb.avaliar(_Agente(), _tarefas(), 2)
        return (medidas["pass@1"], medidas["pass@k"], medidas["pass^k"]) == (0.75, 1.0, 0.5)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_5_guarda_contagens(solucao, mutante):
    def cumpre(nb):
        return nb.avaliar(_Agente(), _tarefas(), 2)["por_tarefa"] == POR_TAREFA
    _so_a_solucao(cumpre, solucao, mutante)


# --- 9.3 (o decisor por omissão e a entrada do tempo esgotado) ---------------------------------

def prova_ex9_3_sem_as_duas_linhas_do_decisor(solucao, mutante):
    # sem decidir, e com decidir=None, decide o 9.1: os passos e a resposta do exemplo do enunciado
    def cumpre(nb):
        try:
            execucoes = [nb.correr_agente(PEDIDO, relogio=_parado), _agente(nb, None)]
        except TypeError:
            return False
        return all(r.get("resposta") == "Orçamento: 239.7€." and [p["ferramenta"] for p in r["log"]]
                   == ["consultar_catalogo", "calcular_total", "responder_final"] for r in execucoes)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex9_3_timeout_como_ferramenta(solucao, mutante):
    # cada decisão demora 6 s: dois passos dados e, no fim, uma entrada de timeout (ou nenhuma)
    # com ferramenta None e aprovada False
    def cumpre(nb):
        relogio = _Relogio()

        def lento(pedido, log):
            relogio.agora += 6
            return solucao.decidir_proximo_passo(pedido, log)
        r = _agente(nb, lento, relogio=relogio, timeout_segundos=10)
        dados, resto = r["log"][:2], r["log"][2:]
        return (r.get("motivo") == "timeout" and len(resto) <= 1
                and [(p["ferramenta"], p["aprovada"]) for p in dados]
                == [("consultar_catalogo", True), ("calcular_total", True)]
                and all(p.get("ferramenta") is None and p.get("aprovada") is False for p in resto))
    _so_a_solucao(cumpre, solucao, mutante)


# --- 9.6 ---------------------------------------------------------------------------------------

def prova_ex9_6_nome_da_metrica(solucao, mutante):
    # «Atribui a letra da tua resposta»: uma das letras a, b, c ou d, como no exemplo `resposta_9_6 = "a"`
    for nb, e_letra in ((solucao, True), (mutante, False)):
        resposta = nb.resposta_9_6
        assert (isinstance(resposta, str) and resposta in ("a", "b", "c", "d")) is e_letra, repr(resposta)
