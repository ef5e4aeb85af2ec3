"""Provas de que cada mutante cego do capítulo 3 viola a frase do seu requisito.

Cada ``prova_<mutante>(solucao, mutante)`` corre a solução e o mutante na mesma entrada e afirma
que a solução cumpre o que o enunciado diz e o mutante não. Só se usa o que o enunciado fixa.
"""


class Espiao:
    """Um «modelo» de brincar: devolve as respostas por ordem (a última repete-se) e regista
    os argumentos de cada chamada; uma resposta que é uma exceção é lançada."""

    def __init__(self, *respostas):
        self.respostas = respostas
        self.chamadas = []

    def __call__(self, argumento):
        self.chamadas.append(argumento)
        resposta = self.respostas[min(len(self.chamadas), len(self.respostas)) - 1]
        if isinstance(resposta, Exception):
            raise resposta
        return resposta


# --- 3.1 -------------------------------------------------------------------------------------

def prova_ex3_1_chaves_minusculas(solucao, mutante):
    # um dicionário com as chaves "A" a "F" e os valores "workflow" ou "agente"
    def tem_a_forma(nb):
        d = nb.CLASSIFICACAO
        return set(d) == set("ABCDEF") and set(d.values()) <= {"workflow", "agente"}

    assert tem_a_forma(solucao)
    assert not tem_a_forma(mutante)


def prova_ex3_1_ciclo_com_limite_e_agente(solucao, mutante):
    # E tem o fluxograma todo desenhado (gerar, avaliar, repetir no máximo três vezes): um
    # workflow, que «pode ter um ciclo com limite»
    assert solucao.CLASSIFICACAO["E"] == "workflow"
    assert mutante.CLASSIFICACAO["E"] != "workflow"


# --- 3.2 -------------------------------------------------------------------------------------

DOCUMENTO = "FATURA 17\nCliente: Ana Silva\n" + "Linha de artigo.\n" * 20 + "Contacto: ana.silva@exemplo.pt\n"


def _pipeline(nb, *respostas, documento=DOCUMENTO):
    modelo = Espiao(*respostas)
    return nb.extrair_validar_resumir(documento, modelo), modelo.chamadas


def prova_ex3_2_so_o_inicio_do_documento(solucao, mutante):
    # a chamada 1 leva o documento
    assert DOCUMENTO in _pipeline(solucao, "ana.silva@exemplo.pt", "Resumo.")[1][0]
    assert DOCUMENTO not in _pipeline(mutante, "ana.silva@exemplo.pt", "Resumo.")[1][0]


def prova_ex3_2_sem_strip(solucao, mutante):
    # limpa os espaços à volta da resposta antes de validar
    def campo(nb):
        return _pipeline(nb, "  ana.silva@exemplo.pt\n", "Resumo.")[0].get("campo")

    assert campo(solucao) == "ana.silva@exemplo.pt"
    assert campo(mutante) != "ana.silva@exemplo.pt"


def prova_ex3_2_ponto_em_qualquer_lado(solucao, mutante):
    # um ponto no domínio (a parte depois do @): "ana.silva@exemplo" não é plausível
    assert _pipeline(solucao, "ana.silva@exemplo", "Resumo.")[0]["ok"] is False
    assert _pipeline(mutante, "ana.silva@exemplo", "Resumo.")[0]["ok"] is not False


def prova_ex3_2_etapa_com_acentos(solucao, mutante):
    assert _pipeline(solucao, "Não encontrei.")[0].get("etapa") == "validacao"
    assert _pipeline(mutante, "Não encontrei.")[0].get("etapa") != "validacao"


def prova_ex3_2_erro_sem_o_que_veio(solucao, mutante):
    # o texto do erro diz o que veio
    assert "sem-arroba.pt" in _pipeline(solucao, "sem-arroba.pt")[0]["erro"]
    assert "sem-arroba.pt" not in _pipeline(mutante, "sem-arroba.pt")[0]["erro"]


def prova_ex3_2_resumo_sem_o_documento(solucao, mutante):
    # a chamada 2 leva o documento
    assert DOCUMENTO in _pipeline(solucao, "ana.silva@exemplo.pt", "Resumo.")[1][1]
    assert DOCUMENTO not in _pipeline(mutante, "ana.silva@exemplo.pt", "Resumo.")[1][1]


def prova_ex3_2_tenta_extrair_outra_vez(solucao, mutante):
    # exatamente uma chamada quando a validação falha
    assert len(_pipeline(solucao, "Não encontrei.")[1]) == 1
    assert len(_pipeline(mutante, "Não encontrei.")[1]) != 1


# --- 3.3 -------------------------------------------------------------------------------------

def prova_ex3_3_classifica_duas_vezes(solucao, mutante):
    def chamadas(nb):
        classificar = Espiao("infra")
        nb.rotear("o servidor caiu", classificar)
        return len(classificar.chamadas)

    assert chamadas(solucao) == 1
    assert chamadas(mutante) != 1


def prova_ex3_3_so_tira_os_espacos(solucao, mutante):
    # sem espaços à volta e em minúsculas
    assert solucao.rotear("a fatura veio a dobrar", Espiao(" Cobranca\n")) == "cobranca"
    assert mutante.rotear("a fatura veio a dobrar", Espiao(" Cobranca\n")) != "cobranca"


def prova_ex3_3_aceita_etiqueta_que_contem_a_fila(solucao, mutante):
    # uma etiqueta inventada vai para "suporte"
    assert solucao.rotear("o servidor caiu", Espiao("infraestrutura")) == "suporte"
    assert mutante.rotear("o servidor caiu", Espiao("infraestrutura")) != "suporte"


def _fila(nb, resposta):
    """A fila que o router escolhe quando o classificador dá ``resposta`` (ou a lança, se for
    uma exceção); o tipo da exceção, se o router rebentar."""
    try:
        return nb.rotear("olá", Espiao(resposta))
    except Exception as erro:
        return type(erro)


def prova_ex3_3_so_apanha_value_error(solucao, mutante):
    # uma exceção do classificador vai para "suporte"
    assert _fila(solucao, TimeoutError("o modelo não respondeu")) == "suporte"
    assert _fila(mutante, TimeoutError("o modelo não respondeu")) != "suporte"


def prova_ex3_3_normaliza_sem_ver_se_e_texto(solucao, mutante):
    # o router nunca rebenta (aqui o classificador devolve algo que nem é texto) e nunca devolve
    # uma fila que não existe
    assert _fila(solucao, None) in {"cobranca", "infra", "suporte"}
    assert _fila(mutante, None) not in {"cobranca", "infra", "suporte"}


# --- 3.4 -------------------------------------------------------------------------------------

def _refinar(nb, aprovacoes, **opcoes):
    """Corre o 3.4 com um gerador que numera as versões e um avaliador que aprova pela lista
    ``aprovacoes`` (o feedback da avaliação k é "critica k"); devolve o resultado e o que o
    gerador recebeu em cada chamada."""
    gerar = Espiao(*(f"versão {k}" for k in range(1, 11)))
    avaliacoes = iter(range(1, 11))

    def avaliar(resultado):
        k = next(avaliacoes)
        return (aprovacoes[k - 1] if k <= len(aprovacoes) else False), f"critica {k}"

    return nb.refinar(gerar, avaliar, **opcoes), gerar.chamadas


def prova_ex3_4_primeiro_feedback_vazio(solucao, mutante):
    # na primeira vez gerar recebe None
    assert _refinar(solucao, [True])[1][0] is None
    assert _refinar(mutante, [True])[1][0] is not None


def prova_ex3_4_feedback_acumulado(solucao, mutante):
    # nas seguintes, o feedback da avaliação anterior
    esperados = [None, "critica 1", "critica 2"]
    assert _refinar(solucao, [False, False, True])[1] == esperados
    assert _refinar(mutante, [False, False, True])[1] != esperados


def prova_ex3_4_iteracoes_a_contar_de_zero(solucao, mutante):
    # n = quantas versões geraste (aqui 2)
    esperado = {"estado": "concluido", "resultado": "versão 2", "iteracoes": 2}
    assert _refinar(solucao, [False, True])[0] == esperado
    assert _refinar(mutante, [False, True])[0] != esperado


def prova_ex3_4_uma_geracao_a_menos(solucao, mutante):
    # sem aprovação, exatamente max_iteracoes gerações
    assert len(_refinar(solucao, [], max_iteracoes=4)[1]) == 4
    assert len(_refinar(mutante, [], max_iteracoes=4)[1]) != 4


def prova_ex3_4_incompleto_sem_resultado(solucao, mutante):
    # incompleto: "resultado" é a última versão gerada
    assert _refinar(solucao, [], max_iteracoes=2)[0]["resultado"] == "versão 2"
    assert _refinar(mutante, [], max_iteracoes=2)[0]["resultado"] != "versão 2"


def prova_ex3_4_max_iteracoes_5_por_omissao(solucao, mutante):
    assert len(_refinar(solucao, [])[1]) == 3
    assert len(_refinar(mutante, [])[1]) != 3


def prova_ex3_4_avalia_duas_vezes(solucao, mutante):
    # cada versão é avaliada uma vez: o avaliador recebe as versões geradas, cada uma uma só vez
    def cada_versao_uma_vez(nb):
        versoes = [f"versão {k}" for k in range(1, 11)]
        gerar, avaliar = Espiao(*versoes), Espiao((False, "ainda não"))
        nb.refinar(gerar, avaliar)
        return avaliar.chamadas == versoes[:len(gerar.chamadas)]

    assert cada_versao_uma_vez(solucao)
    assert not cada_versao_uma_vez(mutante)


# --- 3.5 -------------------------------------------------------------------------------------

def prova_ex3_5_responde_nao(solucao, mutante):
    # «Atribui a letra da tua resposta»: uma das letras a, b, c ou d, como no exemplo `resposta_3_5 = "a"`
    for nb, e_letra in ((solucao, True), (mutante, False)):
        resposta = nb.resposta_3_5
        assert (isinstance(resposta, str) and resposta in ("a", "b", "c", "d")) is e_letra, repr(resposta)
