"""O painel de aprovação: o ciclo pára na aprovação e retoma (ou pára de vez) com o clique."""

import threading

import pytest

from curso.widgets import PainelAprovacao


def ciclo_com_aprovacao(pedido, decidir, ferramentas, irreversiveis, aprovar, max_steps=5):
    """Um ciclo simples com a assinatura do tipo da do exercício 6.3 (sem allowlist)."""
    log = []
    for numero in range(1, max_steps + 1):
        decisao = decidir(pedido, log)
        nome, argumentos = decisao["ferramenta"], decisao["argumentos"]
        if nome == "responder_final":
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                        "resultado": argumentos["texto"], "aprovada": True})
            return {"concluido": True, "resposta": argumentos["texto"], "log": log}
        if nome in irreversiveis and not aprovar(nome, argumentos):
            log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos, "resultado": None,
                        "aprovada": False, "motivo_rejeicao": "rejeitada por humano"})
            return {"concluido": False, "motivo": "rejeitada_por_humano", "log": log}
        log.append({"passo": numero, "ferramenta": nome, "argumentos": argumentos,
                    "resultado": ferramentas[nome](**argumentos), "aprovada": True})
    return {"concluido": False, "motivo": "max_steps atingido", "log": log}


def preparar():
    apagados = []

    def apagar_ficheiro(caminho):
        apagados.append(caminho)
        return f"apagado {caminho}"

    def decidir(pedido, log):
        if not log:
            return {"ferramenta": "apagar_ficheiro", "argumentos": {"caminho": "/tmp/relatorio.txt"}}
        return {"ferramenta": "responder_final", "argumentos": {"texto": "Feito."}}

    argumentos = ("Apaga o relatório", decidir, {"apagar_ficheiro": apagar_ficheiro}, {"apagar_ficheiro"})
    return apagados, argumentos


def test_aprovar_retoma_o_ciclo_e_a_ferramenta_corre():
    apagados, argumentos = preparar()
    painel = PainelAprovacao(tempo_limite=10)
    assert painel.botao_aprovar.disabled
    painel.correr(ciclo_com_aprovacao, *argumentos)
    pendente = painel.esperar_pendente(5)
    assert pendente == {"ferramenta": "apagar_ficheiro", "argumentos": {"caminho": "/tmp/relatorio.txt"}}
    assert "/tmp/relatorio.txt" in painel.painel_pedido.value and "apagar_ficheiro" in painel.painel_pedido.value
    assert not painel.botao_aprovar.disabled
    assert apagados == []  # ainda à espera: nada correu
    painel.botao_aprovar.click()
    assert painel.esperar(5)
    assert apagados == ["/tmp/relatorio.txt"]
    assert painel.resultado["concluido"] is True and painel.resultado["resposta"] == "Feito."
    assert painel.decisoes == [{**pendente, "aprovada": True, "origem": "pessoa"}]
    assert "Concluído" in painel.painel_estado.value
    assert len(painel.traco.log) == 2  # o traço da execução aparece no fim
    assert painel.botao_aprovar.disabled


def test_rejeitar_para_o_ciclo_e_a_ferramenta_nunca_corre():
    apagados, argumentos = preparar()
    painel = PainelAprovacao(tempo_limite=10)
    painel.correr(ciclo_com_aprovacao, *argumentos)
    assert painel.esperar_pendente(5) is not None
    painel.botao_rejeitar.click()
    assert painel.esperar(5)
    assert apagados == []
    assert painel.resultado == {"concluido": False, "motivo": "rejeitada_por_humano", "log": painel.resultado["log"]}
    assert "rejeitada_por_humano" in painel.painel_estado.value
    assert "rejeitada" in painel.traco.painel_tabela.value


def test_sem_resposta_rejeita_por_tempo_esgotado():
    apagados, argumentos = preparar()
    painel = PainelAprovacao(tempo_limite=0.2)
    painel.correr(ciclo_com_aprovacao, *argumentos)
    assert painel.esperar(5)
    assert apagados == []
    assert painel.decisoes[0]["origem"] == "tempo esgotado" and painel.decisoes[0]["aprovada"] is False
    assert "ninguém respondeu em 0.2 s" in painel.painel_estado.value


def test_varias_aprovacoes_seguidas():
    feitos = []

    def enviar(para):
        feitos.append(para)
        return "ok"

    def decidir(pedido, log):
        if len(log) < 3:
            return {"ferramenta": "enviar", "argumentos": {"para": f"pessoa{len(log)}"}}
        return {"ferramenta": "responder_final", "argumentos": {"texto": "enviados"}}

    painel = PainelAprovacao(tempo_limite=10)
    painel.correr(ciclo_com_aprovacao, "p", decidir, {"enviar": enviar}, {"enviar"})
    for escolha in (True, True, False):
        pendente = painel.esperar_pendente(5)
        assert pendente is not None
        painel.responder(escolha)
        # espera que o pedido respondido saia (o próximo pode já estar lá)
        with painel._condicao:
            painel._condicao.wait_for(lambda p=pendente: len(painel.decisoes) > 0 and painel.pendente is not p, 5)
    assert painel.esperar(5)
    assert feitos == ["pessoa0", "pessoa1"]
    assert [d["aprovada"] for d in painel.decisoes] == [True, True, False]
    assert painel.resultado["motivo"] == "rejeitada_por_humano"


def test_o_mesmo_ciclo_aceita_um_callback_simples():
    apagados, argumentos = preparar()
    vistos = []
    resultado = ciclo_com_aprovacao(*argumentos, aprovar=lambda f, a: vistos.append((f, a)) or False)
    assert vistos == [("apagar_ficheiro", {"caminho": "/tmp/relatorio.txt"})] and apagados == []
    assert resultado["motivo"] == "rejeitada_por_humano"


def test_aprovar_na_thread_principal_explica_o_problema():
    painel = PainelAprovacao(tempo_limite=1)
    with pytest.raises(RuntimeError, match="painel.correr"):
        painel.aprovar("apagar_ficheiro", {})


def test_erro_no_ciclo_aparece_no_painel_e_nao_fica_pendurado():
    def ciclo_partido(aprovar):
        raise KeyError("ferramenta_que_nao_existe")

    painel = PainelAprovacao(tempo_limite=1)
    painel.correr(ciclo_partido)
    assert painel.esperar(5)
    assert isinstance(painel.erro, KeyError)
    assert "KeyError" in painel.painel_estado.value
    assert threading.active_count() >= 1 and not painel.a_correr


def test_nao_corre_duas_execucoes_ao_mesmo_tempo():
    apagados, argumentos = preparar()
    painel = PainelAprovacao(tempo_limite=10)
    painel.correr(ciclo_com_aprovacao, *argumentos)
    painel.esperar_pendente(5)
    with pytest.raises(RuntimeError, match="Já há uma execução"):
        painel.correr(ciclo_com_aprovacao, *argumentos)
    painel.botao_rejeitar.click()
    assert painel.esperar(5)


# --------------------------------------------------------------------------------------------
# a ordem lenta: o kernel trata o clique devagar e o ciclo chega ao pedido seguinte primeiro


def coerente(painel) -> bool:
    """O que a pessoa vê bate certo: pedido mostrado e sem resposta ⇔ botões ativos."""
    ativos = not painel.botao_aprovar.disabled and not painel.botao_rejeitar.disabled
    desativados = painel.botao_aprovar.disabled and painel.botao_rejeitar.disabled
    return ativos if painel.a_espera_de_decisao else desativados


class LockQueDemora:
    """Envolve o lock do painel: a thread que responde fica parada logo depois de o largar.

    É o que acontece num kernel lento (ou numa máquina carregada): a thread do ciclo acorda com a
    decisão e corre até ao pedido seguinte antes de a thread do clique voltar a correr.
    """

    def __init__(self, real, esperar):
        self.real, self.esperar, self.fio = real, esperar, threading.get_ident()

    def __enter__(self):
        return self.real.__enter__()

    def __exit__(self, *erro):
        resultado = self.real.__exit__(*erro)
        if threading.get_ident() == self.fio:
            self.esperar()
        return resultado

    def __getattr__(self, nome):
        return getattr(self.real, nome)


def clicar_devagar(painel, botao, sinal: str) -> None:
    """Clica em ``botao`` com a thread do clique parada até o painel mostrar ``sinal`` com botões ativos."""
    mostrado = threading.Event()

    def observar(_):
        if sinal in painel.painel_pedido.value and not painel.botao_rejeitar.disabled:
            mostrado.set()

    for widget in (painel.painel_pedido, painel.botao_aprovar, painel.botao_rejeitar):
        widget.observe(observar, names=["value", "disabled"])
    real = painel._condicao
    painel._condicao = LockQueDemora(real, lambda: mostrado.wait(5))
    try:
        botao.click()
    finally:
        painel._condicao = real
    assert mostrado.is_set(), f"o ciclo não chegou a mostrar {sinal!r}"


def preparar_dois_emails():
    enviados = []

    def decidir(pedido, log):
        destinos = ["ana@exemplo.pt", "clientes@empresa.pt"]
        if len(log) < 2:
            return {"ferramenta": "enviar_email", "argumentos": {"para": destinos[len(log)]}}
        return {"ferramenta": "responder_final", "argumentos": {"texto": "feito"}}

    ferramentas = {"enviar_email": lambda para: enviados.append(para) or "enviado"}
    return enviados, ("avisa", decidir, ferramentas, {"enviar_email"})


def test_kernel_lento_o_pedido_seguinte_fica_com_os_botoes_ativos():
    enviados, argumentos = preparar_dois_emails()
    painel = PainelAprovacao(tempo_limite=10)
    painel.correr(ciclo_com_aprovacao, *argumentos)
    assert painel.esperar_pendente(5)["argumentos"] == {"para": "ana@exemplo.pt"}
    clicar_devagar(painel, painel.botao_aprovar, "clientes@empresa.pt")
    # o clique acabou de ser tratado; o pedido seguinte está à vista e tem de se poder responder
    assert painel.pendente["argumentos"] == {"para": "clientes@empresa.pt"}
    assert "clientes@empresa.pt" in painel.painel_pedido.value
    assert not painel.botao_rejeitar.disabled and not painel.botao_aprovar.disabled
    painel.botao_rejeitar.click()
    assert painel.esperar(5)
    assert enviados == ["ana@exemplo.pt"]
    assert [d["aprovada"] for d in painel.decisoes] == [True, False]
    assert [d["origem"] for d in painel.decisoes] == ["pessoa", "pessoa"]


def test_botoes_desativados_so_enquanto_a_decisao_se_aplica():
    aplicar = threading.Event()
    entrou = threading.Event()

    def enviar_email(para):
        entrou.set()
        aplicar.wait(5)  # a ferramenta aprovada ainda está a correr
        return "enviado"

    _, (pedido, decidir, _, irreversiveis) = preparar_dois_emails()
    painel = PainelAprovacao(tempo_limite=10)
    painel.correr(ciclo_com_aprovacao, pedido, decidir, {"enviar_email": enviar_email}, irreversiveis)
    painel.esperar_pendente(5)
    assert coerente(painel) and not painel.botao_aprovar.disabled
    painel.botao_aprovar.click()
    assert painel.botao_aprovar.disabled  # logo no clique: a decisão está a ser aplicada
    assert painel.botao_aprovar.click() is None and len(painel.decisoes) <= 1  # um 2.º clique não conta
    assert entrou.wait(5)
    assert painel.botao_aprovar.disabled and "Nenhuma ação à espera" in painel.painel_pedido.value
    aplicar.set()
    with painel._condicao:
        assert painel._condicao.wait_for(lambda: len(painel.decisoes) == 1 and painel.pendente, 5)
        assert coerente(painel) and not painel.botao_rejeitar.disabled
    painel.botao_rejeitar.click()
    assert painel.esperar(5)
    assert coerente(painel) and painel.botao_rejeitar.disabled
