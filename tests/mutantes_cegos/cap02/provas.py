"""Provas de que cada mutante cego do capítulo 2 viola a frase do seu requisito.

Cada ``prova_<mutante>(solucao, mutante)`` corre a solução e o mutante na mesma entrada e afirma
que a solução cumpre o que o enunciado diz e o mutante não. Só se usa o que o enunciado fixa.
"""

import json

from openai.types.chat import ChatCompletionMessage

from curso.offline import Roteiro, cliente_offline


def lanca(funcao, *argumentos):
    """O tipo da exceção que ``funcao(*argumentos)`` lança, ou ``None`` se devolver."""
    try:
        funcao(*argumentos)
    except Exception as erro:
        return type(erro)
    return None


# --- 2.1 -------------------------------------------------------------------------------------

def _funcao(nb):
    return nb.FERRAMENTA_CATALOGO.get("function", {})


def _parametros(nb):
    return _funcao(nb).get("parameters", {})


def prova_ex2_1_forma_plana(solucao, mutante):
    # {"type": "function", "function": {"name": ..., "description": ..., "parameters": {...}}}
    def tem_a_forma(nb):
        d = nb.FERRAMENTA_CATALOGO
        return d.get("type") == "function" and {"name", "description", "parameters"} <= set(_funcao(nb))

    assert tem_a_forma(solucao)
    assert not tem_a_forma(mutante)


def prova_ex2_1_propriedade_produto(solucao, mutante):
    # parameters: JSON Schema "object" com a propriedade nome_produto, de texto
    def tem_nome_produto(nb):
        p = _parametros(nb)
        return p.get("type") == "object" and p.get("properties", {}).get(
            "nome_produto", {}).get("type") == "string"

    assert tem_nome_produto(solucao)
    assert not tem_nome_produto(mutante)


def prova_ex2_1_sem_required(solucao, mutante):
    # nome_produto é o único argumento e é preciso: required = ["nome_produto"]
    assert _parametros(solucao).get("required") == ["nome_produto"]
    assert _parametros(mutante).get("required") != ["nome_produto"]


def prova_ex2_1_descricao_curta(solucao, mutante):
    assert len(_funcao(solucao)["description"].split()) >= 10
    assert len(_funcao(mutante)["description"].split()) < 10


def prova_ex2_1_argumento_sem_descricao(solucao, mutante):
    def palavras(nb):
        return len(_parametros(nb)["properties"]["nome_produto"].get("description", "").split())

    assert palavras(solucao) >= 3
    assert palavras(mutante) < 3


def prova_ex2_1_nome_com_acento(solucao, mutante):
    assert _funcao(solucao)["name"] == "consultar_catalogo"
    assert _funcao(mutante)["name"] != "consultar_catalogo"


# --- 2.2 -------------------------------------------------------------------------------------

def converter(valor: float, moeda: str = "USD") -> float:
    """Converte euros para outra moeda.

    Usa a taxa do dia."""


def reservar(sala: str, pessoas: int):
    """Reserva uma sala de reuniões
    para um número de pessoas.

    Devolve o código da reserva."""


def de_todos_os_tipos(texto: str, inteiro: int, real: float, ligado: bool, lista: list, mapa: dict):
    """Recebe um argumento de cada tipo."""


def sem_anotacao(a, b: int):
    """O a não tem tipo."""


def _fabrica():
    def somar(a: int, b: int):
        """Soma dois inteiros."""
    return somar


def _esquema(nb, funcao):
    return nb.esquema_de_funcao(funcao)["function"]


def prova_ex2_2_nome_qualificado(solucao, mutante):
    # name: funcao.__name__ (aqui "somar", uma função definida dentro de outra)
    assert _esquema(solucao, _fabrica())["name"] == "somar"
    assert _esquema(mutante, _fabrica())["name"] != "somar"


def prova_ex2_2_docstring_inteira(solucao, mutante):
    # description: o primeiro parágrafo (as verificações comparam com os espaços normalizados)
    def descricao(nb):
        return " ".join(_esquema(nb, converter)["description"].split())

    assert descricao(solucao) == "Converte euros para outra moeda."
    assert descricao(mutante) != "Converte euros para outra moeda."


def prova_ex2_2_so_a_primeira_linha(solucao, mutante):
    # um primeiro parágrafo de duas linhas entra inteiro
    esperada = "Reserva uma sala de reuniões para um número de pessoas."

    def descricao(nb):
        return " ".join(_esquema(nb, reservar)["description"].split())

    assert descricao(solucao) == esperada
    assert descricao(mutante) != esperada


def prova_ex2_2_bool_como_integer(solucao, mutante):
    esperados = {"texto": "string", "inteiro": "integer", "real": "number", "ligado": "boolean",
                 "lista": "array", "mapa": "object"}

    def tipos(nb):
        propriedades = _esquema(nb, de_todos_os_tipos)["parameters"]["properties"]
        return {nome: p.get("type") for nome, p in propriedades.items()}

    assert tipos(solucao) == esperados
    assert tipos(mutante) != esperados


def prova_ex2_2_required_com_todos(solucao, mutante):
    # required: só os parâmetros sem valor por omissão
    assert _esquema(solucao, converter)["parameters"]["required"] == ["valor"]
    assert _esquema(mutante, converter)["parameters"]["required"] != ["valor"]


def prova_ex2_2_retorno_como_parametro(solucao, mutante):
    # a anotação de retorno não entra em properties nem em required
    def tem_return(nb):
        p = _esquema(nb, converter)["parameters"]
        return "return" in p["properties"] or "return" in p["required"]

    assert not tem_return(solucao)
    assert tem_return(mutante)


def prova_ex2_2_sem_anotacao_vira_string(solucao, mutante):
    assert lanca(solucao.esquema_de_funcao, sem_anotacao) is TypeError
    assert lanca(mutante.esquema_de_funcao, sem_anotacao) is not TypeError


# --- 2.3 -------------------------------------------------------------------------------------

def mensagem(*argumentos, texto=None):
    """Uma ChatCompletionMessage do SDK com uma chamada ``ver_stock`` por texto de argumentos."""
    chamadas = [{"id": f"call_{i}", "type": "function",
                 "function": {"name": "ver_stock", "arguments": a}}
                for i, a in enumerate(argumentos, 1)]
    return ChatCompletionMessage.model_validate(
        {"role": "assistant", "content": texto, "tool_calls": chamadas or None})


BOA = '{"produto": "caneta"}'


def prova_ex2_3_so_a_primeira_chamada(solucao, mutante):
    # todas, pela ordem em que vieram
    def ids(nb):
        return [c["id"] for c in nb.extrair_chamadas(mensagem(BOA, '{"produto": "lápis"}'))]

    assert ids(solucao) == ["call_1", "call_2"]
    assert ids(mutante) != ["call_1", "call_2"]


def prova_ex2_3_argumentos_em_texto(solucao, mutante):
    # a forma: "argumentos" é o objeto lido, {"produto": "caneta"}
    assert solucao.extrair_chamadas(mensagem(BOA))[0]["argumentos"] == {"produto": "caneta"}
    assert mutante.extrair_chamadas(mensagem(BOA))[0]["argumentos"] != {"produto": "caneta"}


def prova_ex2_3_sem_chamadas_devolve_none(solucao, mutante):
    assert solucao.extrair_chamadas(mensagem(texto="Olá!")) == []
    assert mutante.extrair_chamadas(mensagem(texto="Olá!")) != []


def prova_ex2_3_aceita_json_que_nao_e_objeto(solucao, mutante):
    # um valor JSON que não é objeto: "argumentos": None e uma chave "erro" com texto
    def assinala(nb):
        entrada = nb.extrair_chamadas(mensagem("[1, 2]"))[0]
        return entrada["argumentos"] is None and isinstance(entrada.get("erro"), str) and entrada["erro"]

    assert assinala(solucao)
    assert not assinala(mutante)


def prova_ex2_3_dict_rebenta_com_texto_json(solucao, mutante):
    # nunca lança uma exceção por causa dos argumentos
    assert lanca(solucao.extrair_chamadas, mensagem('"rato"')) is None
    assert lanca(mutante.extrair_chamadas, mensagem('"rato"')) is not None


def prova_ex2_3_erro_none_nas_boas(solucao, mutante):
    assert "erro" not in solucao.extrair_chamadas(mensagem(BOA))[0]
    assert "erro" in mutante.extrair_chamadas(mensagem(BOA))[0]


# --- 2.4 -------------------------------------------------------------------------------------

FERRAMENTAS = {"dividir": lambda a, b: a / b, "subtrair": lambda a, b: a - b,
               "fruta": lambda: "maçã", "etiquetas": lambda: {"novo", "promoção"}}


def _executar(nb, nome, argumentos_json, ferramentas=FERRAMENTAS):
    return nb.executar_chamada(nome, argumentos_json, dict(ferramentas))


def prova_ex2_4_resultado_que_nao_e_json_rebenta(solucao, mutante):
    # devolve sempre um texto, nunca lança (um resultado que o json não escreve: um set)
    def texto_sem_excecao(nb):
        try:
            return isinstance(_executar(nb, "etiquetas", "{}"), str)
        except Exception:
            return False

    assert texto_sem_excecao(solucao)
    assert not texto_sem_excecao(mutante)


def prova_ex2_4_desconhecida_sem_a_lista(solucao, mutante):
    # começa por "Erro:" e diz quais são as ferramentas disponíveis (todos os nomes)
    def diz_todas(nb):
        texto = _executar(nb, "multiplicar", "{}")
        return texto.startswith("Erro:") and all(nome in texto for nome in FERRAMENTAS)

    assert diz_todas(solucao)
    assert not diz_todas(mutante)


def prova_ex2_4_json_que_nao_e_objeto_vai_a_ferramenta(solucao, mutante):
    # JSON que não é um objeto → começa por "Erro:"
    assert _executar(solucao, "dividir", "[1, 2]").startswith("Erro:")
    assert not _executar(mutante, "dividir", "[1, 2]").startswith("Erro:")


def prova_ex2_4_erro_sem_o_tipo(solucao, mutante):
    esperado = "Erro ao executar dividir: ZeroDivisionError: division by zero"
    assert _executar(solucao, "dividir", '{"a": 1, "b": 0}') == esperado
    assert _executar(mutante, "dividir", '{"a": 1, "b": 0}') != esperado


def prova_ex2_4_json_com_escapes(solucao, mutante):
    esperado = json.dumps("maçã", ensure_ascii=False)
    assert _executar(solucao, "fruta", "{}") == esperado
    assert _executar(mutante, "fruta", "{}") != esperado


def prova_ex2_4_argumentos_por_posicao(solucao, mutante):
    # ligam-se por nome: subtrair(a=5, b=1) dá 4, seja qual for a ordem das chaves
    assert _executar(solucao, "subtrair", '{"b": 1, "a": 5}') == "4"
    assert _executar(mutante, "subtrair", '{"b": 1, "a": 5}') != "4"


def prova_ex2_4_filtra_argumentos_a_mais(solucao, mutante):
    # uma chave a mais dá o TypeError da própria chamada
    inicio = "Erro ao executar dividir: TypeError: "
    assert _executar(solucao, "dividir", '{"a": 1, "b": 2, "c": 3}').startswith(inicio)
    assert not _executar(mutante, "dividir", '{"a": 1, "b": 2, "c": 3}').startswith(inicio)


def prova_ex2_4_json_partido_chama_sem_argumentos(solucao, mutante):
    # com argumentos inválidos a ferramenta nunca é chamada
    def chamadas(nb):
        feitas = []
        _executar(nb, "contar", '{"n": ', {"contar": lambda n=1: feitas.append(n)})
        return feitas

    assert chamadas(solucao) == []
    assert chamadas(mutante) != []


# --- 2.5 -------------------------------------------------------------------------------------

ESQUEMA_SOMAR = {"type": "function", "function": {
    "name": "somar", "description": "Soma dois números.",
    "parameters": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                   "required": ["a", "b"]}}}
SOMAR = {"nome": "somar", "argumentos": {"a": 2, "b": 3}}


class Guiao:
    """O decisor do modelo offline: responde pela ordem do guião (o último passo repete-se)."""

    def __init__(self, *passos):
        self.passos, self.vezes = passos, 0

    def __call__(self, mensagens, ferramentas):
        self.vezes += 1
        return self.passos[min(self.vezes, len(self.passos)) - 1]


def _ciclo(nb, *passos, modelo="modelo-do-curso", ferramentas=None, esquemas=None, **opcoes):
    """Corre o 2.5 com o modelo offline; devolve a resposta (ou a exceção) e os pedidos feitos."""
    cliente = cliente_offline(Guiao(*passos))
    ferramentas = ferramentas or {"somar": lambda a, b: a + b}
    try:
        resposta = nb.responder_com_ferramentas(cliente, "quanto é 2+3?", ferramentas,
                                                esquemas or [ESQUEMA_SOMAR], modelo, **opcoes)
    except Exception as erro:
        resposta = erro
    return resposta, cliente.pedidos


def prova_ex2_5_modelo_escrito_a_mao(solucao, mutante):
    # chama create(model=modelo, ...)
    assert [p["model"] for p in _ciclo(solucao, "Dá 5.")[1]] == ["modelo-do-curso"]
    assert [p["model"] for p in _ciclo(mutante, "Dá 5.")[1]] != ["modelo-do-curso"]


def prova_ex2_5_texto_ao_lado_das_chamadas_e_resposta(solucao, mutante):
    # uma mensagem com tool_calls não é a resposta, mesmo com texto: só a que não os tem
    com_texto = Roteiro.com_texto("Vou somar.", [SOMAR])
    assert _ciclo(solucao, com_texto, "Dá 5.")[0] == "Dá 5."
    assert _ciclo(mutante, com_texto, "Dá 5.")[0] != "Dá 5."


def prova_ex2_5_assistente_sem_tool_calls(solucao, mutante):
    # o segundo pedido leva a própria mensagem do assistente, com os tool_calls
    def assistente(nb):
        pedidos = _ciclo(nb, [SOMAR], "Dá 5.")[1]
        return pedidos[1]["messages"][1] if len(pedidos) > 1 else {}

    assert assistente(solucao).get("tool_calls")
    assert not assistente(mutante).get("tool_calls")


def prova_ex2_5_so_a_primeira_chamada(solucao, mutante):
    # uma mensagem tool por cada chamada, também as paralelas
    def respondidas(nb):
        pedidos = _ciclo(nb, [SOMAR, {"nome": "somar", "argumentos": {"a": 1, "b": 1}}], "Dá 5.")[1]
        if len(pedidos) < 2:
            return 0
        return sum(m.get("role") == "tool" for m in pedidos[1]["messages"])

    assert respondidas(solucao) == 2
    assert respondidas(mutante) != 2


def prova_ex2_5_resultado_com_str(solucao, mutante):
    # o content é o texto de executar_chamada (2.4)
    ferramentas = {"somar": lambda a, b: {"soma": a + b}}
    esperado = solucao.executar_chamada("somar", json.dumps(SOMAR["argumentos"]), ferramentas)

    def conteudo(nb):
        pedidos = _ciclo(nb, [SOMAR], "Dá 5.", ferramentas=ferramentas)[1]
        return [m["content"] for m in pedidos[1]["messages"] if m.get("role") == "tool"]

    assert conteudo(solucao) == [esperado]
    assert conteudo(mutante) != [esperado]


def prova_ex2_5_so_a_ultima_volta_na_conversa(solucao, mutante):
    # volta com o histórico completo: cada pedido começa pelas mensagens do anterior
    def cresce(nb):
        pedidos = _ciclo(nb, [SOMAR], [SOMAR], [SOMAR], "Dá 5.")[1]
        mensagens = [p["messages"] for p in pedidos]
        return all(depois[:len(antes)] == antes for antes, depois in zip(mensagens, mensagens[1:]))

    assert cresce(solucao)
    assert not cresce(mutante)


def prova_ex2_5_uma_volta_a_mais(solucao, mutante):
    # ao fim de max_voltas chamadas sem resposta, para
    def chamadas(nb):
        resposta, pedidos = _ciclo(nb, [SOMAR], max_voltas=3)
        return len(pedidos), str(resposta).startswith("Parei após")

    assert chamadas(solucao) == (3, True)
    assert chamadas(mutante) != (3, True)


def prova_ex2_5_no_limite_devolve_o_ultimo_texto(solucao, mutante):
    # nunca inventa uma resposta: no limite, um texto que começa por "Parei após"
    com_texto = Roteiro.com_texto("Vou somar outra vez.", [SOMAR])
    assert _ciclo(solucao, com_texto, max_voltas=2)[0].startswith("Parei após")
    assert not _ciclo(mutante, com_texto, max_voltas=2)[0].startswith("Parei após")


def prova_ex2_5_max_voltas_10_por_omissao(solucao, mutante):
    assert len(_ciclo(solucao, [SOMAR])[1]) == 5
    assert len(_ciclo(mutante, [SOMAR])[1]) != 5


def prova_ex2_5_esquemas_mais_igual(solucao, mutante):
    # não altera os argumentos que recebe
    def esquemas_depois(nb):
        esquemas = [ESQUEMA_SOMAR]
        _ciclo(nb, [SOMAR], "Dá 5.", esquemas=esquemas)
        return esquemas

    assert esquemas_depois(solucao) == [ESQUEMA_SOMAR]
    assert esquemas_depois(mutante) != [ESQUEMA_SOMAR]


# --- 2.6 -------------------------------------------------------------------------------------

def _valor(funcao, expressao):
    """O valor e o tipo que ``funcao`` dá, ou o tipo da exceção."""
    try:
        resultado = funcao(expressao)
    except Exception as erro:
        return type(erro)
    return resultado, type(resultado)


def _prova_de_valor(nome, expressao, esperado):
    """A prova de que ``nome(expressao)`` dá ``esperado`` (o valor e o tipo, ou a exceção) na
    solução e não no mutante."""
    def prova(solucao, mutante):
        assert _valor(getattr(solucao, nome), expressao) == esperado
        assert _valor(getattr(mutante, nome), expressao) != esperado
    return prova


# + unário permitido
prova_ex2_6_sem_mais_unario = _prova_de_valor("calcular", "+3 - -2", (5, int))
# espaços à volta da expressão
prova_ex2_6_sem_strip = _prova_de_valor("calcular", " 10 - 2 - 3 ", (5, int))
# o valor e o tipo que o Python daria: 8 / 2 é 4.0, um float
prova_ex2_6_float_inteiro_vira_int = _prova_de_valor("calcular", "8 / 2", (8 / 2, float))
# texto que não é uma expressão → ValueError, nunca SyntaxError
prova_ex2_6_syntaxerror_escapa = _prova_de_valor("calcular", "2 +", ValueError)
# comparações → ValueError, sem executar nada
prova_ex2_6_lista_negra_e_eval = _prova_de_valor("calcular", "1 < 2", ValueError)
# 0 ** -1 → ValueError
prova_ex2_6_zero_elevado_a_negativo = _prova_de_valor("calcular", "0 ** -1", ValueError)


# --- 2.7 -------------------------------------------------------------------------------------

# faz o que o 2.6 faz: espaços à volta da expressão
prova_ex2_7_sem_strip = _prova_de_valor("calcular_com_limites", " 1 + 1", (2, int))
# mais de 1 000 caracteres, contados antes do strip → ValueError
prova_ex2_7_conta_depois_do_strip = _prova_de_valor("calcular_com_limites", "1" + " " * 1000, ValueError)
# só mais de 50 operações encaixadas se recusa: 50 ainda se calcula
prova_ex2_7_cinquenta_niveis_ja_recusa = _prova_de_valor("calcular_com_limites", "-" * 50 + "1", (1, int))
# os parênteses sozinhos não contam
prova_ex2_7_parenteses_contam = _prova_de_valor("calcular_com_limites", "(" * 60 + "7" + ")" * 60, (7, int))
# expoente acima de 100 em valor absoluto → ValueError
prova_ex2_7_expoente_sem_valor_absoluto = _prova_de_valor("calcular_com_limites", "2 ** -101", ValueError)
# 100 algarismos ainda se aceitam, e o sinal não conta
prova_ex2_7_sinal_conta_como_algarismo = _prova_de_valor("calcular_com_limites", "0 - 10 ** 99", (-10 ** 99, int))
# um resultado não finito, também a meio da conta → ValueError
prova_ex2_7_complexo_e_infinito_so_no_fim = _prova_de_valor("calcular_com_limites", "1 / (1e308 * 10)", ValueError)
# o OverflowError do Python vira ValueError
prova_ex2_7_overflow_escapa = _prova_de_valor("calcular_com_limites", "(10.0 ** 100) ** 4", ValueError)
# nunca RecursionError: 998 operações encaixadas (999 caracteres) dão ValueError
prova_ex2_7_recursao_a_medir = _prova_de_valor("calcular_com_limites", "-" * 998 + "1", ValueError)


# --- 2.8 -------------------------------------------------------------------------------------

def prova_ex2_8_opcao_por_extenso(solucao, mutante):
    # «Atribui a letra da tua resposta»: uma das letras a, b, c ou d, como no exemplo `resposta_2_8 = "a"`
    for nb, e_letra in ((solucao, True), (mutante, False)):
        resposta = nb.resposta_2_8
        assert (isinstance(resposta, str) and resposta in ("a", "b", "c", "d")) is e_letra, repr(resposta)
