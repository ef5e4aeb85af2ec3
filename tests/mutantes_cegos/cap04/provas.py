"""Provas de que cada mutante cego do capítulo 4 viola a frase do seu requisito.

Cada ``prova_<mutante>(solucao, mutante)`` corre a solução e o mutante na mesma entrada e afirma
que a solução cumpre o que o enunciado diz e o mutante não. Só se usa o que o enunciado fixa.
"""

from contextlib import contextmanager

from curso.offline import cliente_offline


@contextmanager
def trocados(espaco, **valores):
    """Troca nomes num dicionário (o espaço de nomes de uma função, ou FERRAMENTAS) e repõe-nos
    no fim: os cadernos de soluções são partilhados entre provas."""
    antes = {nome: espaco[nome] for nome in valores if nome in espaco}
    espaco.update(valores)
    try:
        yield
    finally:  # um nome que já lá estava volta ao seu lugar (a ordem das chaves não muda)
        for nome in valores:
            if nome in antes:
                espaco[nome] = antes[nome]
            else:
                espaco.pop(nome, None)


def _tentar(funcao, *argumentos):
    """O que ``funcao`` devolve, ou o tipo da exceção que lança."""
    try:
        return funcao(*argumentos)
    except Exception as erro:
        return type(erro)


# --- 4.1 -------------------------------------------------------------------------------------

def _decidir(nb, pedido):
    return _tentar(nb.decidir_ferramenta_e_argumentos, pedido)


def _prova_de_decisao(pedido, esperada):
    """A prova de que a decisão para ``pedido`` é ``esperada`` na solução e não no mutante."""
    def prova(solucao, mutante):
        assert _decidir(solucao, pedido) == esperada
        assert _decidir(mutante, pedido) != esperada
    return prova


# o nome tal como está no catálogo, sem distinguir maiúsculas no pedido
prova_ex4_1_nome_como_no_pedido = _prova_de_decisao(
    "Quanto custa o Rato sem Fios?", ("consultar_catalogo", {"nome_produto": "rato sem fios"}))
# "<n> vezes <p>" com decimais de vírgula, os dois float
prova_ex4_1_quantidade_so_inteira = _prova_de_decisao(
    "Quanto dá 1,5 vezes 4?", ("calcular_total", {"quantidade": 1.5, "preco_unitario": 4.0}))
# por esta ordem: o produto do catálogo primeiro
prova_ex4_1_conta_antes_do_produto = _prova_de_decisao(
    "Quanto dá 2 x 24,50 pelo rato sem fios?", ("consultar_catalogo", {"nome_produto": "rato sem fios"}))
# os espaços à volta de vezes/x são opcionais
prova_ex4_1_espacos_obrigatorios = _prova_de_decisao(
    "12x0.5", ("calcular_total", {"quantidade": 12.0, "preco_unitario": 0.5}))
# nenhuma ferramenta serve: None
prova_ex4_1_tuplo_de_nones = _prova_de_decisao("Que horas são?", None)


def prova_ex4_1_confirma_no_catalogo(solucao, mutante):
    # decide sem correr nada: nenhuma ferramenta é chamada
    def corridas(nb):
        funcao = nb.decidir_ferramenta_e_argumentos
        feitas = []

        def espia(nome):
            return lambda *a, **k: feitas.append(nome)

        ferramentas = funcao.__globals__["FERRAMENTAS"]
        espias = {nome: espia(nome) for nome in ("consultar_catalogo", "calcular_total")}
        with trocados(funcao.__globals__, **espias), trocados(ferramentas, **espias):
            funcao("Quanto custa o teclado mecânico?")
            funcao("Quanto dá 3 vezes 24,50?")
        return feitas

    assert corridas(solucao) == []
    assert corridas(mutante) != []


# --- 4.2 -------------------------------------------------------------------------------------

def _executar_com(nb, ferramenta, argumentos):
    """Corre o 4.2 com uma ferramenta «teste» emprestada a FERRAMENTAS."""
    funcao = nb.executar_ferramenta
    with trocados(funcao.__globals__["FERRAMENTAS"], teste=ferramenta):
        return _tentar(funcao, "teste", argumentos)


def prova_ex4_2_argumentos_por_posicao(solucao, mutante):
    # os argumentos por nome: subtrair(a=5, b=1) dá 4, seja qual for a ordem das chaves
    def subtrair(a, b):
        return a - b

    assert _executar_com(solucao, subtrair, {"b": 1, "a": 5}) == 4
    assert _executar_com(mutante, subtrair, {"b": 1, "a": 5}) != 4


def prova_ex4_2_resultado_em_json(solucao, mutante):
    # o resultado tal como veio, sem o converter em texto
    argumentos = {"quantidade": 3.0, "preco_unitario": 24.5}
    assert solucao.executar_ferramenta("calcular_total", dict(argumentos)) == 73.5
    assert mutante.executar_ferramenta("calcular_total", dict(argumentos)) != 73.5


def prova_ex4_2_chama_duas_vezes(solucao, mutante):
    def chamadas(nb):
        feitas = []
        _executar_com(nb, lambda **argumentos: feitas.append(argumentos) or len(feitas), {"x": 1})
        return len(feitas)

    assert chamadas(solucao) == 1
    assert chamadas(mutante) != 1


def prova_ex4_2_desconhecida_da_none(solucao, mutante):
    # um nome que não existe em FERRAMENTAS dá erro
    assert isinstance(_tentar(solucao.executar_ferramenta, "enviar_email", {}), type)
    assert not isinstance(_tentar(mutante.executar_ferramenta, "enviar_email", {}), type)


def prova_ex4_2_normaliza_o_nome_no_dicionario(solucao, mutante):
    # não altera os argumentos que recebe
    def depois(nb):
        argumentos = {"nome_produto": " Rato Sem Fios "}
        nb.executar_ferramenta("consultar_catalogo", argumentos)
        return argumentos

    assert depois(solucao) == {"nome_produto": " Rato Sem Fios "}
    assert depois(mutante) != {"nome_produto": " Rato Sem Fios "}


# --- 4.3 -------------------------------------------------------------------------------------

CONTA = ("calcular_total", {"quantidade": 2.0, "preco_unitario": 3.0})


class Decisor:
    """Um decisor do 4.1 que devolve sempre a mesma decisão e conta as chamadas."""

    def __init__(self, decisao):
        self.decisao, self.chamadas = decisao, []

    def __call__(self, pedido):
        self.chamadas.append(pedido)
        return self.decisao


def prova_ex4_3_decidir_fixado_na_definicao(solucao, mutante):
    # sem decidir, usa o decidir_ferramenta_e_argumentos que existe no momento da chamada
    def com_um_4_1_novo(nb):
        funcao = nb.agente_simples
        with trocados(funcao.__globals__, decidir_ferramenta_e_argumentos=Decisor(CONTA)):
            return funcao("Que horas são?")["resultado"]

    assert com_um_4_1_novo(solucao) == 6.0
    assert com_um_4_1_novo(mutante) != 6.0


def prova_ex4_3_decide_duas_vezes(solucao, mutante):
    def chamadas(nb):
        decidir = Decisor(CONTA)
        nb.agente_simples("duas vezes três", decidir)
        return len(decidir.chamadas)

    assert chamadas(solucao) == 1
    assert chamadas(mutante) != 1


def prova_ex4_3_so_a_mensagem(solucao, mutante):
    # None: as três primeiras chaves a None e uma mensagem a dizê-lo
    def abstem_se(nb):
        r = nb.agente_simples("Que horas são?", Decisor(None))
        return (set(r) == {"ferramenta", "argumentos", "resultado", "mensagem"}
                and r["ferramenta"] is r["argumentos"] is r["resultado"] is None
                and isinstance(r["mensagem"], str) and r["mensagem"] != "")

    assert abstem_se(solucao)
    assert not abstem_se(mutante)


def prova_ex4_3_mensagem_de_sucesso(solucao, mutante):
    esperado = {"ferramenta": CONTA[0], "argumentos": CONTA[1], "resultado": 6.0, "mensagem": None}
    assert solucao.agente_simples("duas vezes três", Decisor(CONTA)) == esperado
    assert mutante.agente_simples("duas vezes três", Decisor(CONTA)) != esperado


def prova_ex4_3_ignora_o_decidir(solucao, mutante):
    # usa o decidir que recebe: aqui decide uma conta para um pedido em que o 4.1 não decide nada
    assert solucao.agente_simples("Que horas são?", Decisor(CONTA))["ferramenta"] == "calcular_total"
    assert mutante.agente_simples("Que horas são?", Decisor(CONTA))["ferramenta"] != "calcular_total"


# --- 4.4 -------------------------------------------------------------------------------------

TECLADO = {"nome": "consultar_catalogo", "argumentos": {"nome_produto": "teclado mecânico"}}
CONTA_DO_MODELO = {"nome": "calcular_total", "argumentos": {"quantidade": 2, "preco_unitario": 3}}


def _modelo(nb, resposta, modelo="modelo-do-curso"):
    """Corre o 4.4 contra o modelo offline, que dá sempre ``resposta``; devolve a decisão (ou
    o tipo da exceção) e os pedidos que chegaram ao modelo."""
    cliente = cliente_offline(lambda mensagens, ferramentas: resposta)
    return _tentar(nb.decidir_com_modelo, "Quanto custa o teclado?", cliente, modelo), cliente.pedidos


def prova_ex4_4_pergunta_outra_vez(solucao, mutante):
    # um pedido
    assert len(_modelo(solucao, "Não sei.")[1]) == 1
    assert len(_modelo(mutante, "Não sei.")[1]) != 1


def prova_ex4_4_modelo_escrito_a_mao(solucao, mutante):
    assert [p["model"] for p in _modelo(solucao, [TECLADO])[1]] == ["modelo-do-curso"]
    assert [p["model"] for p in _modelo(mutante, [TECLADO])[1]] != ["modelo-do-curso"]


def prova_ex4_4_pedido_como_system(solucao, mutante):
    # o pedido do utilizador numa mensagem "user"
    def tem_o_pedido(nb):
        mensagens = _modelo(nb, [TECLADO])[1][0]["messages"]
        return {"role": "user", "content": "Quanto custa o teclado?"} in mensagens

    assert tem_o_pedido(solucao)
    assert not tem_o_pedido(mutante)


def prova_ex4_4_ferramentas_so_com_o_nome(solucao, mutante):
    # tools=ESQUEMAS_FERRAMENTAS
    assert _modelo(solucao, [TECLADO])[1][0].get("tools") == solucao.ESQUEMAS_FERRAMENTAS
    assert _modelo(mutante, [TECLADO])[1][0].get("tools") != solucao.ESQUEMAS_FERRAMENTAS


def prova_ex4_4_le_a_ultima_chamada(solucao, mutante):
    esperada = (TECLADO["nome"], TECLADO["argumentos"])
    assert _modelo(solucao, [TECLADO, CONTA_DO_MODELO])[0] == esperada
    assert _modelo(mutante, [TECLADO, CONTA_DO_MODELO])[0] != esperada


def prova_ex4_4_argumentos_em_texto(solucao, mutante):
    # o nome e os argumentos, lidos do texto JSON
    esperada = (TECLADO["nome"], TECLADO["argumentos"])
    assert _modelo(solucao, [TECLADO])[0] == esperada
    assert _modelo(mutante, [TECLADO])[0] != esperada


def prova_ex4_4_texto_vira_responder_final(solucao, mutante):
    assert _modelo(solucao, "Não sei.")[0] is None
    assert _modelo(mutante, "Não sei.")[0] is not None


def prova_ex4_4_obriga_a_usar_ferramenta(solucao, mutante):
    # não obriga o modelo a chamar uma ferramenta ("required" ou uma função nomeada)
    def obriga(nb):
        escolha = _modelo(nb, [TECLADO])[1][0].get("tool_choice")
        return escolha == "required" or isinstance(escolha, dict)

    assert not obriga(solucao)
    assert obriga(mutante)


def prova_ex4_4_tool_choice_none(solucao, mutante):
    # o modelo tem de poder escolher uma ferramenta: um modelo que escolhe o catálogo sempre que
    # vê ferramentas leva à decisão do catálogo
    def decisao(nb):
        cliente = cliente_offline(lambda mensagens, ferramentas: [TECLADO] if ferramentas else "Não posso.")
        return _tentar(nb.decidir_com_modelo, "Quanto custa o teclado?", cliente, "modelo-do-curso")

    esperada = (TECLADO["nome"], TECLADO["argumentos"])
    assert decisao(solucao) == esperada
    assert decisao(mutante) != esperada


# --- 4.5 -------------------------------------------------------------------------------------

def prova_ex4_5_lista_com_a_letra(solucao, mutante):
    # «Atribui a letra da tua resposta»: uma das letras a, b, c ou d, como no exemplo `resposta_4_5 = "a"`
    for nb, e_letra in ((solucao, True), (mutante, False)):
        resposta = nb.resposta_4_5
        assert (isinstance(resposta, str) and resposta in ("a", "b", "c", "d")) is e_letra, repr(resposta)
