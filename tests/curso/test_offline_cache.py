"""A cache de prefixos simulada: ≥ 1 024 tokens partilhados com um pedido anterior ao mesmo
modelo dão ``cached_tokens`` em múltiplos de 128, nas duas APIs, de forma determinística."""

from curso import modelo
from curso.offline import cliente_offline, codificador
from curso.offline.cache import tokens_em_cache
from curso.offline.tokens import tokens_da_mensagem

MODELO = modelo()  # o nome vive num só sítio: curso.clientes
# um sistema longo e fixo (o prefixo que se repete), com bem mais de 1 024 tokens
SISTEMA = {"role": "system", "content": " ".join(f"Regra {i}: responde em português europeu." for i in range(160))}


def test_regra_de_arredondamento():
    assert [tokens_em_cache(t) for t in (0, 1023, 1024, 1151, 1152, 5000)] == [0, 0, 1024, 1024, 1152, 4992]


def test_primeiro_pedido_sem_cache_segundo_com_o_prefixo_partilhado():
    cliente = cliente_offline(lambda m, f: "ok", _strict_response_validation=True)
    prefixo = 3 + tokens_da_mensagem(SISTEMA)  # só o sistema repete
    assert prefixo >= 1024 and len(codificador().encode(SISTEMA["content"])) > 1000

    def pedir(pergunta, modelo=MODELO):
        mensagens = [SISTEMA, {"role": "user", "content": pergunta}]
        return cliente.chat.completions.create(model=modelo, messages=mensagens).usage

    primeiro = pedir("Olá")
    assert primeiro.prompt_tokens_details.cached_tokens == 0
    # o primeiro pedido escreve na cache o seu prompt (em blocos de 128); o segundo só o que é novo
    assert primeiro.prompt_tokens_details.cache_write_tokens == tokens_em_cache(primeiro.prompt_tokens - 3)
    segundo = pedir("Que horas são?")
    assert segundo.prompt_tokens_details.cache_write_tokens == (
        tokens_em_cache(segundo.prompt_tokens - 3) - segundo.prompt_tokens_details.cached_tokens)
    assert segundo.prompt_tokens_details.cached_tokens == tokens_em_cache(tokens_da_mensagem(SISTEMA))
    assert segundo.prompt_tokens_details.cached_tokens % 128 == 0
    assert pedir("Olá", modelo="outro-modelo").prompt_tokens_details.cached_tokens == 0  # outro modelo
    # o mesmo pedido outra vez: o prompt inteiro é prefixo partilhado
    repetido = pedir("Olá")
    assert repetido.prompt_tokens_details.cached_tokens == tokens_em_cache(repetido.prompt_tokens - 3)


def test_prefixo_curto_nao_conta_e_responses_tambem_mede():
    cliente = cliente_offline(lambda m, f: "ok", _strict_response_validation=True)
    for _ in range(2):
        curto = cliente.responses.create(model=MODELO, input="Olá").usage
    assert curto.input_tokens_details.cached_tokens == curto.input_tokens_details.cache_write_tokens == 0
    cliente.responses.create(model=MODELO, instructions=SISTEMA["content"], input="Olá")
    longo = cliente.responses.create(model=MODELO, instructions=SISTEMA["content"], input="Adeus").usage
    assert longo.input_tokens_details.cached_tokens == tokens_em_cache(tokens_da_mensagem(SISTEMA))


def test_deterministico_em_clientes_novos():
    def sequencia():
        cliente = cliente_offline(lambda m, f: "ok")
        return [cliente.chat.completions.create(
            model=MODELO, messages=[SISTEMA, {"role": "user", "content": str(i)}]).usage.prompt_tokens_details.cached_tokens
            for i in range(3)]

    assert sequencia() == sequencia()
