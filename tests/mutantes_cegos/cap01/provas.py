"""Provas de que cada mutante cego do capítulo 1 viola a frase do seu requisito.

Cada ``prova_<mutante>(solucao, mutante)`` corre a solução e o mutante na mesma entrada e afirma
que a solução cumpre o que o enunciado diz e o mutante não. Só se usa o que o enunciado fixa.
"""

import re

from curso.requisitos import texto_da_celula


class Decisor:
    """Um decisor que segue um guião (a última decisão repete-se) e regista cada chamada:
    o pedido e uma cópia do histórico que viu nessa volta."""

    def __init__(self, *decisoes):
        self.decisoes = decisoes
        self.chamadas = []

    def __call__(self, pedido, historico):
        self.chamadas.append((pedido, [dict(e) for e in historico]))
        return self.decisoes[min(len(self.chamadas), len(self.decisoes)) - 1]


def usar(ferramenta, **argumentos):
    return {"ferramenta": ferramenta, "argumentos": argumentos}


def responder(texto):
    return usar("responder_final", texto=texto)


FERRAMENTAS = {"dobrar": lambda n: 2 * n, "subtrair": lambda a, b: a - b}


def _ciclo(nb, *decisoes, **opcoes):
    decisor = Decisor(*decisoes)
    resultado = nb.correr_ciclo("um pedido", decisor, dict(FERRAMENTAS), **opcoes)
    return resultado, decisor


# --- 1.1 -------------------------------------------------------------------------------------

def prova_ex1_1_max_passos_3_por_omissao(solucao, mutante):
    # sem max_passos, o decisor é chamado max_passos=5 vezes antes de o ciclo desistir
    def voltas(nb):
        return len(_ciclo(nb, usar("dobrar", n=1))[1].chamadas)

    assert voltas(solucao) == 5
    assert voltas(mutante) != 5


def prova_ex1_1_pedido_so_na_primeira_volta(solucao, mutante):
    # em cada volta o decisor recebe o pedido
    def pedidos(nb):
        decisor = Decisor(usar("dobrar", n=1), usar("dobrar", n=2), responder("fim"))
        nb.correr_ciclo("dobra tudo", decisor, dict(FERRAMENTAS))
        return [pedido for pedido, _ in decisor.chamadas]

    assert pedidos(solucao) == ["dobra tudo"] * 3
    assert pedidos(mutante) != ["dobra tudo"] * 3


def prova_ex1_1_resposta_e_o_dicionario_dos_argumentos(solucao, mutante):
    # "resposta" é texto = argumentos["texto"]
    assert _ciclo(solucao, responder("Dá 8."))[0]["resposta"] == "Dá 8."
    assert _ciclo(mutante, responder("Dá 8."))[0]["resposta"] != "Dá 8."


def prova_ex1_1_resposta_final_no_historico(solucao, mutante):
    # a resposta final não entra no histórico: só a volta da ferramenta fica lá
    def historico(nb):
        return _ciclo(nb, usar("dobrar", n=4), responder("Dá 8."))[0]["historico"]

    assert [e["ferramenta"] for e in historico(solucao)] == ["dobrar"]
    assert [e["ferramenta"] for e in historico(mutante)] != ["dobrar"]


def prova_ex1_1_argumentos_por_posicao(solucao, mutante):
    # corre ferramentas[nome](**argumentos): subtrair(a=5, b=1) dá 4, seja qual for a ordem das chaves
    def resultado(nb):
        return _ciclo(nb, usar("subtrair", b=1, a=5), responder("ok"))[0]["historico"][0]["resultado"]

    assert resultado(solucao) == 4
    assert resultado(mutante) != 4


def prova_ex1_1_historico_sem_argumentos(solucao, mutante):
    # a entrada do histórico é {"ferramenta": nome, "argumentos": argumentos, "resultado": resultado}
    esperada = {"ferramenta": "dobrar", "argumentos": {"n": 4}, "resultado": 8}

    def entrada(nb):
        return _ciclo(nb, usar("dobrar", n=4), responder("Dá 8."))[0]["historico"][0]

    assert entrada(solucao) == esperada
    assert entrada(mutante) != esperada


def prova_ex1_1_decisor_so_ve_a_ultima_observacao(solucao, mutante):
    # na volta k o decisor vê o histórico atualizado: as k - 1 entradas já feitas
    def vistos(nb):
        resultado, decisor = _ciclo(nb, usar("dobrar", n=1), usar("dobrar", n=2),
                                    usar("dobrar", n=3), responder("fim"))
        final = resultado["historico"]
        return [h == final[:k] for k, (_, h) in enumerate(decisor.chamadas)]

    assert all(vistos(solucao))
    assert not all(vistos(mutante))


def prova_ex1_1_motivo_max_passos(solucao, mutante):
    assert _ciclo(solucao, usar("dobrar", n=1), max_passos=2)[0]["motivo"] == "max_steps atingido"
    assert _ciclo(mutante, usar("dobrar", n=1), max_passos=2)[0].get("motivo") != "max_steps atingido"


def prova_ex1_1_resposta_none_no_limite(solucao, mutante):
    # no limite, sem chave "resposta"
    assert "resposta" not in _ciclo(solucao, usar("dobrar", n=1), max_passos=2)[0]
    assert "resposta" in _ciclo(mutante, usar("dobrar", n=1), max_passos=2)[0]


def prova_ex1_1_ultima_volta_nao_conta(solucao, mutante):
    # com max_passos=2, uma resposta na 2.ª volta ainda conta
    def resultado(nb):
        return _ciclo(nb, usar("dobrar", n=4), responder("Dá 8."), max_passos=2)[0]

    assert resultado(solucao)["concluido"] is True and resultado(solucao)["resposta"] == "Dá 8."
    assert resultado(mutante)["concluido"] is not True


def prova_ex1_1_junta_responder_final_as_ferramentas(solucao, mutante):
    # as funções não alteram os argumentos que recebem
    def ferramentas_depois(nb):
        ferramentas = dict(FERRAMENTAS)
        nb.correr_ciclo("p", Decisor(usar("dobrar", n=1), responder("ok")), ferramentas)
        return ferramentas

    assert ferramentas_depois(solucao) == FERRAMENTAS
    assert ferramentas_depois(mutante) != FERRAMENTAS


# --- 1.2 -------------------------------------------------------------------------------------

def _opcao_certa():
    """A letra da opção do enunciado que diz que, no agente, o modelo escolhe o passo seguinte."""
    for linha in texto_da_celula("1.2", "enunciado_1_2").splitlines():
        m = re.match(r"- \*\*([a-d])\)\*\*\s*(.*)", linha)
        if m and "o modelo escolhe o passo seguinte" in m.group(2):
            return m.group(1)
    raise AssertionError("o enunciado do 1.2 mudou: não encontrei a opção do modelo que escolhe")


def prova_ex1_2_opcao_a(solucao, mutante):
    assert solucao.resposta_1_2 == _opcao_certa()
    assert mutante.resposta_1_2 != _opcao_certa()


def prova_ex1_2_letra_com_parentese(solucao, mutante):
    # a letra da resposta: uma só letra, das opções a) a d)
    assert re.fullmatch(r"[a-d]", solucao.resposta_1_2)
    assert not re.fullmatch(r"[a-d]", mutante.resposta_1_2)


# --- 1.3 -------------------------------------------------------------------------------------

class Modelo:
    """Um modelo de brincar: devolve as respostas por ordem e guarda os prompts."""

    def __init__(self, *respostas):
        self.respostas = list(respostas)
        self.chamadas = []

    def __call__(self, prompt):
        self.chamadas.append(prompt)
        return self.respostas[len(self.chamadas) - 1]


TEXTO = "O gato Tareco dormiu ao sol no telhado da Rua das Flores."


def _cadeia(nb, *respostas):
    modelo = Modelo(*respostas)
    devolvido = nb.resumir_e_traduzir(TEXTO, modelo)
    return devolvido, modelo.chamadas


def prova_ex1_3_prompt_sem_f_string(solucao, mutante):
    # o primeiro prompt leva o texto
    assert TEXTO in _cadeia(solucao, "R", "T")[1][0]
    assert TEXTO not in _cadeia(mutante, "R", "T")[1][0]


def prova_ex1_3_traduz_sem_mandar_o_resumo(solucao, mutante):
    # o segundo prompt leva a primeira resposta
    assert "Um gato dorme ao sol." in _cadeia(solucao, "Um gato dorme ao sol.", "T")[1][1]
    assert "Um gato dorme ao sol." not in _cadeia(mutante, "Um gato dorme ao sol.", "T")[1][1]


def prova_ex1_3_segundo_prompt_com_o_texto(solucao, mutante):
    # só o resumo, sem o texto original
    assert TEXTO not in _cadeia(solucao, "R", "T")[1][1]
    assert TEXTO in _cadeia(mutante, "R", "T")[1][1]


def prova_ex1_3_devolve_o_resumo(solucao, mutante):
    # devolve a segunda resposta, tal como veio
    assert _cadeia(solucao, "Resumo.", "  Summary.\n")[0] == "  Summary.\n"
    assert _cadeia(mutante, "Resumo.", "  Summary.\n")[0] != "  Summary.\n"


def prova_ex1_3_resumo_vazio_nao_se_traduz(solucao, mutante):
    # exatamente duas chamadas, seja qual for a resposta (também um resumo vazio)
    assert len(_cadeia(solucao, "", "")[1]) == 2
    assert len(_cadeia(mutante, "", "")[1]) != 2


# --- 1.4 -------------------------------------------------------------------------------------

def prova_ex1_4_letra_com_parentese(solucao, mutante):
    # «Atribui a letra da tua resposta»: uma das letras a, b, c ou d, como no exemplo `resposta_1_4 = "a"`
    for nb, e_letra in ((solucao, True), (mutante, False)):
        resposta = nb.resposta_1_4
        assert (isinstance(resposta, str) and resposta in ("a", "b", "c", "d")) is e_letra, repr(resposta)
