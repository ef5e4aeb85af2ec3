"""``tool_choice`` e ``parallel_tool_calls`` cumpridos nas duas APIs; um decisor que não cumpre
``tool_choice`` dá um erro que o nomeia, nunca uma resposta silenciosamente errada; com
``parallel_tool_calls=False`` a resposta leva no máximo uma chamada, como na API real."""

import openai
import pytest

from curso import modelo
from curso.offline import cliente_offline

MODELO = modelo()  # o nome vive num só sítio: curso.clientes
CHAT = [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}} for n in ("hora", "data")]
PLANAS = [{"type": "function", "name": n, "parameters": {"type": "object"}} for n in ("hora", "data")]


def cooperante(mensagens, ferramentas):
    """Chama todas as ferramentas que vê (em paralelo); sem ferramentas, responde com texto."""
    nomes = [f.get("function", {}).get("name") for f in ferramentas]
    return [{"nome": n, "argumentos": {}} for n in nomes] if nomes else "sem ferramentas"


def teimoso(mensagens, ferramentas):
    """Chama sempre as duas ferramentas, veja o que vir."""
    return [{"nome": "hora", "argumentos": {}}, {"nome": "data", "argumentos": {}}]


def so_texto(mensagens, ferramentas):
    return "nunca chamo nada"


def chat(decisor, **pedido):
    r = cliente_offline(decisor, _strict_response_validation=True).chat.completions.create(
        model=MODELO, messages=[{"role": "user", "content": "Olá"}], tools=CHAT, **pedido)
    return r.choices[0].message.content, [c.function.name for c in r.choices[0].message.tool_calls or []]


def responses(decisor, **pedido):
    r = cliente_offline(decisor, _strict_response_validation=True).responses.create(
        model=MODELO, input="Olá", tools=PLANAS, **pedido)
    return r.output_text or None, [i.name for i in r.output if i.type == "function_call"]


API = pytest.mark.parametrize("pedir,funcao", [
    (chat, {"type": "function", "function": {"name": "data"}}),
    (responses, {"type": "function", "name": "data"}),
], ids=["chat", "responses"])


@API
def test_o_decisor_ve_so_as_ferramentas_que_a_escolha_permite(pedir, funcao):
    assert pedir(cooperante) == (None, ["hora", "data"])
    assert pedir(cooperante, tool_choice="none") == ("sem ferramentas", [])
    assert pedir(cooperante, tool_choice=funcao) == (None, ["data"])
    assert pedir(cooperante, tool_choice="required") == (None, ["hora", "data"])


@API
def test_decisor_que_nao_cumpre_da_erro_que_o_nomeia(pedir, funcao):
    casos = [
        (teimoso, {"tool_choice": "none"}, "tool_choice='none'"),
        (so_texto, {"tool_choice": "required"}, "tool_choice='required'"),
        (so_texto, {"tool_choice": funcao}, "tool_choice a função 'data'"),
    ]
    for decisor, pedido, esperado in casos:
        with pytest.raises(openai.InternalServerError) as info:
            pedir(decisor, **pedido)
        mensagem = info.value.body["message"]
        assert f"{decisor.__module__}.{decisor.__qualname__}" in mensagem, mensagem
        assert esperado in mensagem, mensagem


@API
def test_parallel_tool_calls_false_com_uma_chamada_passa(pedir, funcao):
    def uma(mensagens, ferramentas):
        return [{"nome": "hora", "argumentos": {}}]

    assert pedir(uma, parallel_tool_calls=False) == (None, ["hora"])
    assert pedir(teimoso, parallel_tool_calls=True) == (None, ["hora", "data"])


@API
def test_parallel_tool_calls_false_leva_so_a_primeira_chamada(pedir, funcao):
    """Uma escolha válida de quem pede nunca faz rebentar o modelo: a API real devolve no máximo
    uma chamada por resposta, e o modelo offline também (a primeira que o decisor deu)."""
    assert pedir(teimoso, parallel_tool_calls=False) == (None, ["hora"])
    assert pedir(teimoso, parallel_tool_calls=False, tool_choice="required") == (None, ["hora"])


def test_parallel_tool_calls_false_conta_so_a_chamada_que_vai():
    def pedir(paralelas):
        r = cliente_offline(teimoso).chat.completions.create(
            model=MODELO, messages=[{"role": "user", "content": "Olá"}], tools=CHAT,
            parallel_tool_calls=paralelas)
        return r.usage.completion_tokens, [c.id for c in r.choices[0].message.tool_calls]

    (uma, [id_uma]), (duas, ids_duas) = pedir(False), pedir(True)
    assert uma < duas and len(ids_duas) == 2 and id_uma.startswith("call_")


@API
def test_funcao_nomeada_que_nao_existe_e_recusada_antes_do_decisor(pedir, funcao):
    inexistente = {**funcao, "name": "nao_ha"} if "name" in funcao else {"type": "function", "function": {"name": "nao_ha"}}
    with pytest.raises(openai.BadRequestError) as info:
        pedir(cooperante, tool_choice=inexistente)
    assert info.value.param == "tool_choice" and "'nao_ha'" in info.value.message


def test_chat_tool_choice_sem_tools_da_o_400_da_api():
    cliente = cliente_offline(cooperante, _strict_response_validation=True)
    with pytest.raises(openai.BadRequestError) as info:
        cliente.chat.completions.create(model=MODELO, messages=[{"role": "user", "content": "Olá"}], tool_choice="auto")
    assert info.value.message.endswith(
        "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.")
    assert info.value.param == "tool_choice"
