"""Provas dos mutantes cegos do capítulo 7: cada uma corre a solução e o mutante na mesma entrada e
mostra que a solução cumpre a frase do enunciado e o mutante não."""

import copy
import re

from curso.offline import codificador, validar_mensagens


def _so_a_solucao(cumpre, solucao, mutante):
    assert cumpre(solucao), "a solução não cumpre a frase: a prova está errada"
    assert not cumpre(mutante), "o mutante cumpre a frase: não é um erro"


def _passos(n):
    return [{"passo": i} for i in range(1, n + 1)]


# --- 7.1 ---------------------------------------------------------------------------------------

def prova_ex7_1_os_primeiros(solucao, mutante):
    def cumpre(nb):
        return nb.historico_recente(_passos(3), mantidos=2) == [{"passo": 2}, {"passo": 3}]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_1_inicio_negativo(solucao, mutante):
    def cumpre(nb):
        return nb.historico_recente(_passos(3), mantidos=5) == _passos(3)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_1_atalho_com_zero(solucao, mutante):
    def cumpre(nb):
        return nb.historico_recente(_passos(3), mantidos=0) == []
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_1_negativo_da_vazia(solucao, mutante):
    def cumpre(nb):
        try:
            nb.historico_recente(_passos(3), mantidos=-1)
        except ValueError:
            return True
        return False
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_1_devolve_a_propria_lista(solucao, mutante):
    def cumpre(nb):
        historico = _passos(3)
        return nb.historico_recente(historico, mantidos=5) is not historico
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_1_apara_no_sitio(solucao, mutante):
    def cumpre(nb):
        historico = _passos(4)
        nb.historico_recente(historico, mantidos=2)
        return historico == _passos(4)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_1_seis_por_omissao(solucao, mutante):
    def cumpre(nb):
        return nb.historico_recente(_passos(10)) == _passos(10)[-5:]
    _so_a_solucao(cumpre, solucao, mutante)


# --- 7.2 ---------------------------------------------------------------------------------------

def _sistema(texto="És um assistente."):
    return {"role": "system", "content": texto}


def _utilizador(texto):
    return {"role": "user", "content": texto}


def _assistente(texto):
    return {"role": "assistant", "content": texto}


def _chamadas(*ids):
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": i, "type": "function", "function": {"name": "ler", "arguments": "{}"}} for i in ids]}


def _resposta(ident):
    return {"role": "tool", "tool_call_id": ident, "content": f"resultado {ident}"}


# o exemplo do enunciado: duas respostas paralelas e a resposta final
EXEMPLO = [_sistema(), _utilizador("pedido"), _chamadas("a", "b"), _resposta("a"), _resposta("b"),
           _assistente("Feito.")]


def _conversa(voltas):
    """Cabeça (system + pedido) e `voltas` pares pergunta/resposta, sem ferramentas."""
    corpo = [m for i in range(voltas) for m in (_utilizador(f"pergunta {i}"), _assistente(f"resposta {i}"))]
    return [_sistema(), _utilizador("pedido"), *corpo]


def prova_ex7_2_cabeca_das_duas_primeiras(solucao, mutante):
    # duas mensagens system no início: a cabeça vai até ao primeiro user, inclusive
    def cumpre(nb):
        mensagens = [_sistema("Regras."), *_conversa(4)]
        return nb.aparar_historico(mensagens, manter=2)[:3] == mensagens[:3]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_2_devolve_a_propria_lista(solucao, mutante):
    def cumpre(nb):
        mensagens = _conversa(2)
        aparadas = nb.aparar_historico(mensagens, manter=6)
        return aparadas == mensagens and aparadas is not mensagens
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_2_manter_conta_a_cabeca(solucao, mutante):
    def cumpre(nb):
        mensagens = _conversa(4)
        return nb.aparar_historico(mensagens, manter=4) == mensagens[:2] + mensagens[-4:]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_2_corte_ingenuo(solucao, mutante):
    # manter=2: a janela seria tool(b), assistant("Feito."); tool(b) fica órfã e sai
    def cumpre(nb):
        return nb.aparar_historico(EXEMPLO, manter=2) == EXEMPLO[:2] + [_assistente("Feito.")]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_2_tira_so_uma_tool(solucao, mutante):
    # manter=3: a janela começa com tool(a) e tool(b), respostas paralelas: saem as duas
    def cumpre(nb):
        return nb.aparar_historico(EXEMPLO, manter=3) == EXEMPLO[:2] + [_assistente("Feito.")]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_2_tira_todas_as_tool(solucao, mutante):
    def cumpre(nb):
        mensagens = [_sistema(), _utilizador("pedido"), _chamadas("x"), _resposta("x"), _chamadas("y"),
                     _resposta("y"), _assistente("Feito.")]
        try:
            validar_mensagens(nb.aparar_historico(mensagens, manter=4))
        except ValueError:
            return False
        return True
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_2_apara_no_sitio(solucao, mutante):
    def cumpre(nb):
        mensagens = copy.deepcopy(EXEMPLO)
        nb.aparar_historico(mensagens, manter=2)
        return mensagens == EXEMPLO
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_2_vazia_devolve_a_propria(solucao, mutante):
    def cumpre(nb):
        mensagens = []
        return nb.aparar_historico(mensagens) is not mensagens
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_2_cinco_por_omissao(solucao, mutante):
    def cumpre(nb):
        mensagens = _conversa(5)
        return nb.aparar_historico(mensagens) == mensagens[:2] + mensagens[-6:]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_2_manter_zero_fica_tudo(solucao, mutante):
    def cumpre(nb):
        return nb.aparar_historico(_conversa(2), manter=0) == _conversa(2)[:2]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_2_vazia_rebenta(solucao, mutante):
    def cumpre(nb):
        try:
            return nb.aparar_historico([], manter=6) == []
        except IndexError:
            return False
    _so_a_solucao(cumpre, solucao, mutante)


# --- 7.3 ---------------------------------------------------------------------------------------

def _leituras(n):
    return [{"ferramenta": "ler", "resultado": i} for i in range(n)]


class _Resumir:
    """Um resumir que guarda cada lista que recebe."""

    def __init__(self):
        self.chamadas = []

    def __call__(self, antigos):
        self.chamadas.append(copy.deepcopy(antigos))
        return f"{len(antigos)} leituras"


def prova_ex7_3_recentes_ao_contrario(solucao, mutante):
    def cumpre(nb):
        return nb.resumir_passos_antigos(_leituras(4), 2, _Resumir())[1:] == _leituras(4)[2:]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_3_resumo_no_fim(solucao, mutante):
    def cumpre(nb):
        resultado = nb.resumir_passos_antigos(_leituras(4), 1, _Resumir())
        return resultado[0] == {"ferramenta": "resumo", "resultado": "3 leituras"}
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_3_antigos_sem_os_repetidos(solucao, mutante):
    # o passo antigo é igual ao primeiro recente, mas continua a ser um passo antigo
    def cumpre(nb):
        historico = [{"ferramenta": "ler", "resultado": 1}, {"ferramenta": "ler", "resultado": 1},
                     {"ferramenta": "ler", "resultado": 2}]
        resumir = _Resumir()
        nb.resumir_passos_antigos(historico, 2, resumir)
        return resumir.chamadas == [historico[:1]]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_3_resume_um_a_um(solucao, mutante):
    def cumpre(nb):
        resumir = _Resumir()
        nb.resumir_passos_antigos(_leituras(4), 1, resumir)
        return resumir.chamadas == [_leituras(3)]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_3_resume_sempre(solucao, mutante):
    def cumpre(nb):
        resumir = _Resumir()
        resultado = nb.resumir_passos_antigos(_leituras(3), 3, resumir)
        return resultado == _leituras(3) and resumir.chamadas == []
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_3_devolve_a_propria_lista(solucao, mutante):
    def cumpre(nb):
        historico = _leituras(2)
        return nb.resumir_passos_antigos(historico, 5, _Resumir()) is not historico
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_3_troca_no_sitio(solucao, mutante):
    def cumpre(nb):
        historico = _leituras(4)
        nb.resumir_passos_antigos(historico, 1, _Resumir())
        return historico == _leituras(4)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_3_mantidos_zero_fica_tudo(solucao, mutante):
    def cumpre(nb):
        resumir = _Resumir()
        resultado = nb.resumir_passos_antigos(_leituras(3), 0, resumir)
        return resumir.chamadas == [_leituras(3)] and resultado == [
            {"ferramenta": "resumo", "resultado": "3 leituras"}]
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_3_corte_negativo(solucao, mutante):
    def cumpre(nb):
        resumir = _Resumir()
        resultado = nb.resumir_passos_antigos(_leituras(3), 5, resumir)
        return resultado == _leituras(3) and resumir.chamadas == []
    _so_a_solucao(cumpre, solucao, mutante)


# --- 7.4 ---------------------------------------------------------------------------------------

DIGITOS = "0123456789" * 10  # o exemplo do enunciado: 100 caracteres
_MARCADOR = re.compile(r"\[\.\.\. (\d+) caracteres omitidos \.\.\.\]")


def _partes(resultado):
    """(início, N, fim) de um resultado cortado: o que está antes e depois do marcador."""
    achado = _MARCADOR.search(resultado)
    return resultado[:achado.start()], int(achado.group(1)), resultado[achado.end():]


def prova_ex7_4_igual_ao_limite_corta(solucao, mutante):
    def cumpre(nb):
        return nb.limitar_observacao(DIGITOS, 100) == DIGITOS
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_4_so_o_inicio(solucao, mutante):
    def cumpre(nb):
        inicio, _, fim = _partes(nb.limitar_observacao(DIGITOS, 40))
        return DIGITOS.startswith(inicio) and fim != "" and DIGITOS.endswith(fim)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_4_conta_o_total(solucao, mutante):
    # N é o número de caracteres do texto que não aparecem no resultado
    def cumpre(nb):
        inicio, omitidos, fim = _partes(nb.limitar_observacao(DIGITOS, 40))
        return omitidos == len(DIGITOS) - len(inicio) - len(fim)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_4_guarda_max_chars(solucao, mutante):
    def cumpre(nb):
        return len(nb.limitar_observacao(DIGITOS, 40)) <= 40
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_4_estima_com_o_excesso(solucao, mutante):
    # guardados = 40 - len(marcador(100)), medido no próprio marcador do resultado
    def cumpre(nb):
        inicio, _, fim = _partes(nb.limitar_observacao(DIGITOS, 40))
        return len(inicio) + len(fim) == 40 - len("[... 100 caracteres omitidos ...]")
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_4_fim_fica_com_o_a_mais(solucao, mutante):
    # 7 guardados (ímpar): o início fica com o carácter a mais
    def cumpre(nb):
        inicio, _, fim = _partes(nb.limitar_observacao(DIGITOS, 40))
        return (len(inicio), len(fim)) == (4, 3)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_4_sem_value_error(solucao, mutante):
    def cumpre(nb):
        try:
            nb.limitar_observacao(DIGITOS, 10)
        except ValueError:
            return True
        return False
    _so_a_solucao(cumpre, solucao, mutante)


# --- 7.5 ---------------------------------------------------------------------------------------

def _n(texto):
    return len(codificador().encode(texto))


def _conta(nb, mensagens, cod=None):
    return nb.contar_tokens_mensagens(mensagens, cod or codificador())


OLA = [{"role": "user", "content": "Olá"}]


def prova_ex7_5_sem_preparacao(solucao, mutante):
    # o exemplo do enunciado: 3 + 3 + n("user") + n("Olá") = 8
    def cumpre(nb):
        return _conta(nb, OLA) == 3 + 3 + _n("user") + _n("Olá") == 8
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_5_quatro_por_mensagem(solucao, mutante):
    def cumpre(nb):
        duas = OLA + [{"role": "assistant", "content": "Olá"}]
        return _conta(nb, duas) - _conta(nb, OLA) == 3 + _n("assistant") + _n("Olá")
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_5_sem_o_role(solucao, mutante):
    def cumpre(nb):
        return _conta(nb, [{"role": "assistant", "content": ""}]) == 3 + 3 + _n("assistant")
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_5_so_a_primeira_parte(solucao, mutante):
    def cumpre(nb):
        partes = [{"type": "text", "text": "Olá"}, {"type": "image_url", "image_url": {"url": "x"}},
                  {"type": "text", "text": "bom dia a todos"}]
        return _conta(nb, [{"role": "user", "content": partes}]) == (
            3 + 3 + _n("user") + _n("Olá") + _n("bom dia a todos"))
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_5_nome_vazio_conta(solucao, mutante):
    def cumpre(nb):
        return _conta(nb, [{"role": "user", "content": "Olá", "name": ""}]) == _conta(nb, OLA)
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_5_chamadas_sem_os_tres(solucao, mutante):
    def cumpre(nb):
        chamada = {"id": "c1", "type": "function", "function": {"name": "ler", "arguments": '{"id": 1}'}}
        mensagem = {"role": "assistant", "content": None, "tool_calls": [chamada]}
        return _conta(nb, [mensagem]) == 3 + 3 + _n("assistant") + 3 + _n("ler") + _n('{"id": 1}')
    _so_a_solucao(cumpre, solucao, mutante)


class _UmTokenPorLetra:
    """Outro codificador: cada carácter é um token."""

    def encode(self, texto):
        return list(texto)


def prova_ex7_5_codificador_do_curso(solucao, mutante):
    def cumpre(nb):
        return _conta(nb, OLA, _UmTokenPorLetra()) == 3 + 3 + len("user") + len("Olá")
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_5_conta_tool_call_id(solucao, mutante):
    def cumpre(nb):
        mensagem = {"role": "tool", "tool_call_id": "chamada_de_exemplo_1", "content": "ok"}
        return _conta(nb, [mensagem]) == 3 + 3 + _n("tool") + _n("ok")
    _so_a_solucao(cumpre, solucao, mutante)


def prova_ex7_5_none_vira_texto(solucao, mutante):
    def cumpre(nb):
        return _conta(nb, [{"role": "assistant", "content": None}]) == 3 + 3 + _n("assistant")
    _so_a_solucao(cumpre, solucao, mutante)


# --- 7.6 ---------------------------------------------------------------------------------------

def prova_ex7_6_opcao_por_extenso(solucao, mutante):
    # «Atribui a letra da tua resposta»: uma das letras a, b, c ou d, como no exemplo `resposta_7_6 = "a"`
    for nb, e_letra in ((solucao, True), (mutante, False)):
        resposta = nb.resposta_7_6
        assert (isinstance(resposta, str) and resposta in ("a", "b", "c", "d")) is e_letra, repr(resposta)
