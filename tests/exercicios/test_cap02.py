"""Verificações públicas do capítulo 2 — Function calling / tool use."""

import json
import math
import time

import openai
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from openai.types.chat import ChatCompletionMessage

from curso import modelo
from curso.offline import cliente_offline
from curso.verificacao import explica, lanca

MODELO = modelo()  # o nome vive num só sítio: curso.clientes


# --------------------------------------------------------------------------- utilitários


def _pedir(cliente, ferramentas, texto="olá"):
    """Um pedido verdadeiro ao modelo offline; um 400 vira uma mensagem para o aluno."""
    try:
        return cliente.chat.completions.create(
            model=MODELO, messages=[{"role": "user", "content": texto}], tools=ferramentas)
    except openai.BadRequestError as erro:
        raise AssertionError(explica(
            "A API recusaria este pedido (HTTP 400): corrige a definição da ferramenta.",
            erro.body.get("message") if isinstance(erro.body, dict) else erro)) from None


def _mensagem_com(*argumentos_json, nome="ver_stock"):
    """Uma ``ChatCompletionMessage`` verdadeira, vinda do modelo offline, com estas chamadas."""
    chamadas = [{"nome": nome, "argumentos": a} for a in argumentos_json]
    cliente = cliente_offline(lambda mensagens, ferramentas: chamadas)
    return cliente.chat.completions.create(
        model=MODELO, messages=[{"role": "user", "content": "x"}]).choices[0].message


def _espiao(resultado=None):
    chamadas = []

    def ferramenta(*posicionais, **argumentos):
        chamadas.append({"posicionais": posicionais, **argumentos} if posicionais else argumentos)
        return resultado

    ferramenta.chamadas = chamadas
    return ferramenta


def _protocolo(funcao, *args, **kwargs):
    """Corre ``funcao``; um 400 do modelo offline vira a dica de protocolo."""
    try:
        return funcao(*args, **kwargs)
    except openai.BadRequestError as erro:
        mensagem = erro.body.get("message") if isinstance(erro.body, dict) else str(erro)
        raise AssertionError(explica(
            "A API recusou o histórico que enviaste: a seguir à mensagem do assistente com "
            "tool_calls vem uma mensagem 'tool' por cada chamada, cada uma com o seu tool_call_id.",
            mensagem)) from None


# --------------------------------------------------------------------------- 2.1


class TestEx2_1:
    """Descrever uma ferramenta"""

    recebe_contentores = False  # uma definição, não uma função

    def test_api_aceita(self, nb):
        """O modelo offline aceita a definição num pedido verdadeiro e consegue chamá-la"""
        ferramenta = nb.FERRAMENTA_CATALOGO
        cliente = cliente_offline(lambda m, f: [{"nome": f[0]["function"]["name"],
                                                "argumentos": {"nome_produto": "rato sem fios"}}])
        resposta = _pedir(cliente, [ferramenta], "Quanto custa o rato sem fios?")
        chamada = resposta.choices[0].message.tool_calls[0]
        assert chamada.function.name == "consultar_catalogo", explica(
            "O nome da ferramenta é exatamente 'consultar_catalogo'.", f"nome: {chamada.function.name!r}")

    def test_parametros(self, nb):
        """nome_produto é texto e é obrigatório"""
        parametros = nb.FERRAMENTA_CATALOGO.get("function", {}).get("parameters", {})
        propriedade = parametros.get("properties", {}).get("nome_produto", {})
        assert propriedade.get("type") == "string", explica(
            "Declara a propriedade nome_produto com \"type\": \"string\".", f"parameters: {parametros!r}")
        assert parametros.get("required") == ["nome_produto"], explica(
            "Sem \"required\": [\"nome_produto\"] o modelo pode chamar a ferramenta sem o argumento.",
            f"required: {parametros.get('required')!r}")

    def test_descricoes_informativas(self, nb):
        """A descrição diz o que faz e quando se usa, e o argumento também está descrito"""
        funcao = nb.FERRAMENTA_CATALOGO.get("function", {})
        descricao = funcao.get("description") or ""
        assert len(descricao.split()) >= 10, explica(
            "A descrição é a interface que o modelo lê: diz o que a ferramenta devolve e quando "
            "usá-la (pelo menos uma frase completa, 10 palavras ou mais).", f"description: {descricao!r}")
        argumento = funcao.get("parameters", {}).get("properties", {}).get("nome_produto", {})
        assert len((argumento.get("description") or "").split()) >= 3, explica(
            "Descreve também o argumento: em que formato vem o nome (ex.: minúsculas, como no catálogo).",
            f"nome_produto: {argumento!r}")


# --------------------------------------------------------------------------- 2.2


def _converter(valor: float, moeda: str = "USD"):
    """Converte euros para outra moeda.

    Usa a taxa do dia, que não interessa ao modelo."""


def _reservar(sala: str, pessoas: int, equipamento: list, projetor: bool = False, notas: dict = None):
    """Reserva uma sala de reuniões."""


def _varias_linhas(texto: str):
    """Conta as palavras de um texto,
    separadas por espaços ou mudanças de linha.

    O resto não interessa ao modelo."""


def _com_retorno(cidade: str) -> float:
    """Temperatura atual numa cidade."""


def _sem_anotacao(nome, idade: int):
    """Regista uma pessoa."""


class TestEx2_2:
    """A definição a partir da função"""

    recebe_contentores = False  # recebe uma função

    def test_exemplo(self, nb):
        """Constrói nome, descrição, propriedades e required como no exemplo"""
        e = nb.esquema_de_funcao(_converter)
        funcao = e.get("function", {}) if isinstance(e, dict) else {}
        assert isinstance(e, dict) and e.get("type") == "function" and funcao.get("name") == "_converter", explica(
            "Devolve {\"type\": \"function\", \"function\": {\"name\": funcao.__name__, ...}}.", f"devolveu {e!r}")
        assert " ".join(str(funcao.get("description")).split()) == "Converte euros para outra moeda.", explica(
            "A descrição é só o primeiro parágrafo da docstring (até à primeira linha em branco).",
            f"description: {funcao.get('description')!r}")
        parametros = funcao.get("parameters", {})
        propriedades = parametros.get("properties")
        tipos = {n: p.get("type") for n, p in propriedades.items()} if isinstance(propriedades, dict) else None
        assert parametros.get("type") == "object" and tipos == {"valor": "number", "moeda": "string"}, explica(
            "parameters é {\"type\": \"object\", \"properties\": {...}} com um tipo JSON por parâmetro.",
            f"parameters: {parametros!r}")
        assert parametros.get("required") == ["valor"], explica(
            "Só os parâmetros sem valor por omissão são obrigatórios.", f"required: {parametros.get('required')!r}")

    def test_paragrafo_de_varias_linhas(self, nb):
        """Um primeiro parágrafo com várias linhas vai inteiro para a descrição"""
        descricao = nb.esquema_de_funcao(_varias_linhas).get("function", {}).get("description")
        esperado = "Conta as palavras de um texto, separadas por espaços ou mudanças de linha."
        assert isinstance(descricao, str) and " ".join(descricao.split()) == esperado, explica(
            "O primeiro parágrafo vai até à primeira linha em branco: se ocupa duas linhas, as duas "
            "entram na descrição (só a primeira linha corta a frase a meio).", f"description: {descricao!r}")

    def test_todos_os_tipos(self, nb):
        """Cada anotação vira o tipo JSON certo, e required segue a ordem da assinatura"""
        parametros = nb.esquema_de_funcao(_reservar)["function"]["parameters"]
        tipos = {n: p.get("type") for n, p in parametros.get("properties", {}).items()}
        esperado = {"sala": "string", "pessoas": "integer", "equipamento": "array",
                    "projetor": "boolean", "notas": "object"}
        assert tipos == esperado, explica(
            "str→string, int→integer, float→number, bool→boolean, list→array, dict→object.",
            f"obtive {tipos!r}")
        assert parametros.get("required") == ["sala", "pessoas", "equipamento"], explica(
            "required: os parâmetros sem valor por omissão, pela ordem da assinatura.",
            f"required: {parametros.get('required')!r}")

    def test_sem_anotacao(self, nb):
        """Um parâmetro sem anotação de tipo dá TypeError (não se adivinha)"""
        with lanca(TypeError):
            nb.esquema_de_funcao(_sem_anotacao)

    def test_retorno_nao_e_parametro(self, nb):
        """A anotação de retorno (-> tipo) não vira parâmetro"""
        parametros = nb.esquema_de_funcao(_com_retorno)["function"]["parameters"]
        assert list(parametros.get("properties", {})) == ["cidade"] and parametros.get("required") == ["cidade"], explica(
            "Os parâmetros vêm da assinatura (inspect.signature(funcao).parameters); "
            "get_type_hints também traz \"return\", que não é um parâmetro.",
            f"para def _com_retorno(cidade: str) -> float: parameters {parametros!r}")

    def test_api_aceita(self, nb):
        """As definições geradas são aceites pelo modelo offline"""
        _pedir(cliente_offline(lambda m, f: "ok"),
               [nb.esquema_de_funcao(_converter), nb.esquema_de_funcao(_reservar),
                nb.esquema_de_funcao(_com_retorno)])


# --------------------------------------------------------------------------- 2.3


def _mesmas_chamadas(r, esperado):
    """As mesmas entradas, pela mesma ordem, com id, nome e argumentos iguais e sem chave "erro";
    outras chaves a mais são aceites (o enunciado não diz «só estas»)."""
    return isinstance(r, list) and len(r) == len(esperado) and all(
        isinstance(e, dict) and "erro" not in e and all(k in e and e[k] == v for k, v in x.items())
        for e, x in zip(r, esperado))


class TestEx2_3:
    """Ler os pedidos do modelo"""

    recebe_contentores = False  # recebe a mensagem do SDK, um objeto pydantic

    def test_sem_chamadas(self, nb):
        """Uma resposta só com texto dá []"""
        mensagem = cliente_offline(lambda m, f: "Olá!").chat.completions.create(
            model=MODELO, messages=[{"role": "user", "content": "oi"}]).choices[0].message
        assert nb.extrair_chamadas(mensagem) == [], explica(
            "Quando mensagem.tool_calls é None, devolve uma lista vazia.", "")

    def test_paralelas_pela_ordem(self, nb):
        """Todas as chamadas paralelas, pela ordem, com id, nome e argumentos já lidos"""
        mensagem = _mensagem_com('{"produto": "caneta"}', '{"produto": "lápis", "n": 2}', '{}')
        r = nb.extrair_chamadas(mensagem)
        esperado = [{"id": c.id, "nome": "ver_stock", "argumentos": json.loads(c.function.arguments)}
                    for c in mensagem.tool_calls]
        assert _mesmas_chamadas(r, esperado), explica(
            "tool_calls é uma lista: devolve uma entrada por chamada, todas, com os argumentos "
            "lidos com json.loads (e sem chave 'erro' nas chamadas boas).", f"esperava {esperado!r}, obtive {r!r}")

    def test_argumentos_partidos(self, nb):
        """JSON partido ou que não é um objeto: argumentos None e uma chave 'erro', sem exceção"""
        maus = ['{"produto": ', "[1, 2]", '"caneta"', "nada disto é json"]
        mensagem = _mensagem_com('{"produto": "caneta"}', *maus)
        try:
            r = nb.extrair_chamadas(mensagem)
        except ValueError as erro:
            raise AssertionError(explica(
                "Os argumentos são escritos pelo modelo e podem vir partidos: apanha o erro de "
                "json.loads em vez de o deixares rebentar.", f"{type(erro).__name__}: {erro}")) from None
        assert len(r) == 5 and r[0].get("argumentos") == {"produto": "caneta"}, explica(
            "Uma chamada má não estraga as outras: continuam todas na lista.", f"obtive {r!r}")
        for entrada, original in zip(r[1:], maus):
            assert entrada.get("argumentos") is None and isinstance(entrada.get("erro"), str), explica(
                "Argumentos que não são um objeto JSON dão \"argumentos\": None e \"erro\": um texto.",
                f"para {original!r} obtive {entrada!r}")
            assert entrada.get("id") and entrada.get("nome") == "ver_stock", explica(
                "Mesmo com argumentos maus, a entrada leva o id e o nome (para responder a essa chamada).",
                f"obtive {entrada!r}")

    def test_mensagem_construida(self, nb):
        """Funciona com qualquer ChatCompletionMessage (ids e nomes não inventados)"""
        mensagem = ChatCompletionMessage.model_validate({"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_XYZ", "type": "function", "function": {"name": "alfa", "arguments": '{"k": [1, {"a": null}]}'}},
            {"id": "call_W", "type": "function", "function": {"name": "beta", "arguments": "{}"}}]})
        r = nb.extrair_chamadas(mensagem)
        assert _mesmas_chamadas(r, [{"id": "call_XYZ", "nome": "alfa", "argumentos": {"k": [1, {"a": None}]}},
                                    {"id": "call_W", "nome": "beta", "argumentos": {}}]), explica(
            "Lê chamada.id, chamada.function.name e json.loads(chamada.function.arguments).", f"obtive {r!r}")


# --------------------------------------------------------------------------- 2.4


class TestEx2_4:
    """Executar sem nunca rebentar"""

    def test_sucesso_em_json(self, nb):
        """Com argumentos bons, corre a ferramenta e devolve o resultado em JSON, sem escapar acentos"""
        espiao = _espiao({"produto": "caneta", "preço": 1.5, "notas": ["ação"]})
        r = nb.executar_chamada("ver", '{"produto": "caneta", "n": 2}', {"ver": espiao})
        assert espiao.chamadas == [{"produto": "caneta", "n": 2}], explica(
            "Corre ferramentas[nome](**argumentos).", f"a ferramenta recebeu {espiao.chamadas!r}")
        assert isinstance(r, str) and json.loads(r) == {"produto": "caneta", "preço": 1.5, "notas": ["ação"]}, explica(
            "Devolve o resultado como texto JSON (json.dumps).", f"devolveu {r!r}")
        assert "preço" in r and "ação" in r, explica(
            "Usa ensure_ascii=False: o modelo lê «preço», não «pre\\u00e7o».", f"devolveu {r!r}")

    def test_ferramenta_desconhecida(self, nb):
        """Ferramenta desconhecida: texto 'Erro:' com as disponíveis, sem exceção"""
        try:
            r = nb.executar_chamada("apagar_tudo", "{}", {"ver_stock": _espiao(), "encomendar": _espiao()})
        except NotImplementedError:
            raise
        except Exception as erro:
            raise AssertionError(explica("Nunca lances: devolve um texto de erro para o modelo.",
                                         f"{type(erro).__name__}: {erro}")) from None
        assert isinstance(r, str) and r.startswith("Erro:") and "ver_stock" in r and "encomendar" in r, explica(
            "Começa por 'Erro:' e diz que ferramentas existem, para o modelo se corrigir.", f"devolveu {r!r}")

    def test_json_invalido_nunca_corre(self, nb):
        """JSON inválido ou que não é objeto: 'Erro:' a pedir um objeto JSON, e a ferramenta não corre"""
        for mau in ('{"produto": ', "", "[1, 2]", "42", "null", '"caneta"'):
            espiao = _espiao()
            try:
                r = nb.executar_chamada("ver", mau, {"ver": espiao})
            except NotImplementedError:
                raise
            except Exception as erro:
                raise AssertionError(explica(
                    "json.loads sobre texto do modelo pode falhar: apanha o erro e devolve um texto.",
                    f"com {mau!r}: {type(erro).__name__}: {erro}")) from None
            assert espiao.chamadas == [], explica(
                "Com argumentos inválidos a ferramenta nunca corre.", f"com {mau!r} correu com {espiao.chamadas!r}")
            assert isinstance(r, str) and r.startswith("Erro:") and "JSON" in r, explica(
                "Devolve um texto que começa por 'Erro:' e pede um objeto JSON.", f"com {mau!r}: {r!r}")

    def test_erros_da_ferramenta(self, nb):
        """Argumentos errados ou uma exceção na ferramenta: 'Erro ao executar <nome>: <Tipo>: <msg>'"""
        def reservar(sala, pessoas):
            if pessoas > 10:
                raise ValueError("sala pequena demais")
            return "ok"

        ferramentas = {"reservar": reservar}
        r = nb.executar_chamada("reservar", '{"sala": "A", "pessoas": 40}', ferramentas)
        assert r == "Erro ao executar reservar: ValueError: sala pequena demais", explica(
            "Apanha a exceção da ferramenta e devolve f\"Erro ao executar {nome}: {tipo}: {mensagem}\".",
            f"devolveu {r!r}")
        for maus in ('{"sala": "A"}', '{"sala": "A", "pessoas": 2, "cor": "azul"}'):
            r = nb.executar_chamada("reservar", maus, ferramentas)
            assert isinstance(r, str) and r.startswith("Erro ao executar reservar: TypeError: "), explica(
                "Argumentos em falta ou a mais dão TypeError ao chamar: devolve-o como texto.",
                f"com {maus}: {r!r}")


# --------------------------------------------------------------------------- 2.5

_ESQUEMAS = [{"type": "function", "function": {
    "name": "ver_stock", "description": "Unidades em stock de um produto.",
    "parameters": {"type": "object", "properties": {"produto": {"type": "string"}}, "required": ["produto"]}}}]


def _respostas_tool(pedido):
    return [m for m in pedido["messages"] if m.get("role") == "tool"]


class TestEx2_5:
    """O ciclo completo com a API"""

    def test_resposta_direta(self, nb):
        """Sem tool_calls, devolve o texto do modelo depois de um só pedido"""
        cliente = cliente_offline(lambda m, f: "Bom dia!")
        r = _protocolo(nb.responder_com_ferramentas, cliente, "olá", {}, _ESQUEMAS, MODELO)
        assert r == "Bom dia!", explica("Sem tool_calls, a resposta é mensagem.content.", f"devolveu {r!r}")
        assert len(cliente.pedidos) == 1, explica("Um só pedido chega.", f"fizeste {len(cliente.pedidos)}")
        pedido = cliente.pedidos[0]
        assert pedido.get("model") == MODELO and pedido.get("tools") == _ESQUEMAS, explica(
            "Envia model=modelo e tools=esquemas.", f"pedido: {pedido!r}")
        assert pedido["messages"] == [{"role": "user", "content": "olá"}], explica(
            "O enunciado pede que a conversa comece só com a pergunta do utilizador: sem mensagem de "
            "sistema nem outras antes dela (quem chama a função é que decide o contexto).",
            f"messages: {pedido['messages']!r}")

    def test_uma_ferramenta(self, nb):
        """Corre a ferramenta pedida e devolve o resultado com o tool_call_id certo"""
        stock = {"caneta": 40}
        espiao_visto = []

        def modelo(mensagens, ferramentas):
            tools = [m for m in mensagens if m["role"] == "tool"]
            if not tools:
                return [{"nome": "ver_stock", "argumentos": {"produto": "caneta"}}]
            espiao_visto.append(tools[-1]["content"])
            return f"Há {tools[-1]['content']} canetas."

        cliente = cliente_offline(modelo)
        r = _protocolo(nb.responder_com_ferramentas, cliente, "há canetas?",
                       {"ver_stock": lambda produto: stock[produto]}, _ESQUEMAS, MODELO)
        assert r == "Há 40 canetas.", explica(
            "Depois de mandares o resultado, o modelo responde: devolve essa resposta.", f"devolveu {r!r}")
        segundo = cliente.pedidos[1]["messages"]
        papeis = [m["role"] for m in segundo]
        assert papeis == ["user", "assistant", "tool"], explica(
            "O 2.º pedido leva a pergunta, a mensagem do assistente com tool_calls e a resposta 'tool'.",
            f"papéis: {papeis}")
        assert segundo[2].get("tool_call_id") == segundo[1]["tool_calls"][0]["id"], explica(
            "A mensagem 'tool' leva o tool_call_id da chamada a que responde.", f"mensagens: {segundo!r}")
        assert json.loads(segundo[2]["content"]) == 40, explica(
            "O content da mensagem 'tool' é o texto de executar_chamada (o resultado em JSON).",
            f"content: {segundo[2]['content']!r}")

    def test_chamadas_paralelas(self, nb):
        """Com chamadas em paralelo, cada tool_call_id recebe exatamente uma resposta"""
        produtos = ["caneta", "lápis", "borracha"]

        def modelo(mensagens, ferramentas):
            if mensagens[-1]["role"] == "user":
                return [{"nome": "ver_stock", "argumentos": {"produto": p}} for p in produtos]
            return "feito"

        espiao = _espiao(7)
        cliente = cliente_offline(modelo)
        r = _protocolo(nb.responder_com_ferramentas, cliente, "stock de tudo", {"ver_stock": espiao},
                       _ESQUEMAS, MODELO)
        assert [c["produto"] for c in espiao.chamadas] == produtos, explica(
            "tool_calls é uma lista: corre todas as chamadas, pela ordem.", f"corridas: {espiao.chamadas!r}")
        ids = [c["id"] for c in cliente.pedidos[1]["messages"][1]["tool_calls"]]
        respostas = [m.get("tool_call_id") for m in _respostas_tool(cliente.pedidos[1])]
        assert sorted(respostas) == sorted(ids), explica(
            "Uma mensagem 'tool' por tool_call_id, nem mais nem menos.", f"ids {ids}, respostas {respostas}")
        assert r == "feito", explica("Depois das respostas, devolve a resposta final do modelo.", f"devolveu {r!r}")

    def test_argumentos_partidos_voltam_ao_modelo(self, nb):
        """Argumentos partidos não rebentam o ciclo: o erro volta ao modelo como texto e ele corrige-se"""
        roteiro = iter([[{"nome": "ver_stock", "argumentos": '{"produto": '}],
                        [{"nome": "ver_stock", "argumentos": {"produto": "caneta"}}]])

        def modelo(mensagens, ferramentas):
            return next(roteiro, "corrigido")

        espiao = _espiao(3)
        cliente = cliente_offline(modelo)
        r = _protocolo(nb.responder_com_ferramentas, cliente, "x", {"ver_stock": espiao}, _ESQUEMAS, MODELO)
        primeira = _respostas_tool(cliente.pedidos[1])
        assert primeira and str(primeira[0]["content"]).startswith("Erro"), explica(
            "Usa executar_chamada: o erro dos argumentos volta ao modelo na mensagem 'tool'.",
            f"mensagens tool: {primeira!r}")
        assert espiao.chamadas == [{"produto": "caneta"}] and r == "corrigido", explica(
            "A ferramenta só corre com os argumentos corrigidos, e o ciclo segue até à resposta.",
            f"corridas {espiao.chamadas!r}, resposta {r!r}")

    def test_historico_completo(self, nb):
        """Cada pedido leva o histórico completo: a pergunta e todas as voltas anteriores"""
        roteiro = iter([[{"nome": "ver_stock", "argumentos": {"produto": "caneta"}}],
                        [{"nome": "ver_stock", "argumentos": {"produto": "lápis"}}]])
        cliente = cliente_offline(lambda m, f: next(roteiro, "há os dois"))
        r = _protocolo(nb.responder_com_ferramentas, cliente, "há canetas e lápis?", {"ver_stock": _espiao(5)},
                       _ESQUEMAS, MODELO)
        assert len(cliente.pedidos) == 3 and r == "há os dois", explica(
            "Repete até o modelo responder sem ferramentas.", f"{len(cliente.pedidos)} pedidos, devolveu {r!r}")
        terceiro = cliente.pedidos[2]["messages"]
        papeis = [m.get("role") for m in terceiro]
        assert papeis == ["user", "assistant", "tool", "assistant", "tool"], explica(
            "O histórico cresce: o 3.º pedido leva a pergunta e as duas voltas anteriores "
            "(assistente com tool_calls + respostas 'tool'), não só a última.", f"papéis do 3.º pedido: {papeis}")
        assert terceiro[:3] == cliente.pedidos[1]["messages"], explica(
            "Cada pedido começa pelo pedido anterior, tal como foi enviado.", f"messages: {terceiro!r}")

    def test_limite_de_voltas(self, nb):
        """Um modelo que nunca responde: exatamente max_voltas pedidos e 'Parei após…', sem resposta inventada"""
        for max_voltas in (1, 3):
            cliente = cliente_offline(lambda m, f: [{"nome": "ver_stock", "argumentos": {"produto": "x"}}])
            espiao = _espiao(0)
            r = _protocolo(nb.responder_com_ferramentas, cliente, "x", {"ver_stock": espiao}, _ESQUEMAS,
                           MODELO, max_voltas=max_voltas)
            assert len(cliente.pedidos) == max_voltas, explica(
                "max_voltas conta as chamadas ao modelo: nem mais uma.",
                f"max_voltas={max_voltas}, fizeste {len(cliente.pedidos)} pedidos")
            assert isinstance(r, str) and r.startswith("Parei após"), explica(
                "No limite, devolve um texto que começa por 'Parei após' (nada de respostas inventadas).",
                f"devolveu {r!r}")
        cliente = cliente_offline(lambda m, f: [{"nome": "ver_stock", "argumentos": {"produto": "x"}}])
        _protocolo(nb.responder_com_ferramentas, cliente, "x", {"ver_stock": _espiao(0)}, _ESQUEMAS, MODELO)
        assert len(cliente.pedidos) == 5, explica("max_voltas vale 5 por omissão.", f"{len(cliente.pedidos)} pedidos")


# --------------------------------------------------------------------------- 2.6

ESPIAO = "_espiao_cap02"


class _Sentinela:
    """Põe uma função espia nos builtins de onde o código do aluno corre: se a expressão for
    executada, fica registado."""

    def __init__(self, nb):
        self.nb = nb

    def __enter__(self):
        self.chamadas = []
        self.nb.emprestar_builtin(ESPIAO, lambda *a, **k: self.chamadas.append(a) or 1)
        return self

    def __exit__(self, *_):
        self.nb.devolver_builtin(ESPIAO)


HOSTIS = [
    f"{ESPIAO}()", f"1 + {ESPIAO}()", f"{ESPIAO}", f"{ESPIAO}.__call__()", f"(lambda: {ESPIAO}())()",
    f"[{ESPIAO}() for _ in (1,)][0]", f"{{{ESPIAO}(): 1}}", f"({ESPIAO}(),)[0]", f"'{{}}'.format({ESPIAO}())",
    f"f'{{{ESPIAO}()}}'", f"1 if {ESPIAO}() else 2", f"{ESPIAO}() and 1", f"not {ESPIAO}()",
    f"-{ESPIAO}()", f"2 ** {ESPIAO}()", f"(x := {ESPIAO}())", "(1).__class__", "'abc'", "[1, 2][0]",
    "True + 1", "1 < 2", "~5", "3 if 1 else 4", "{1, 2}", "None", "...",
]


def _correr(funcao, texto):
    """O resultado de funcao(texto), ou a exceção que lançou (um esboço por fazer passa para cima)."""
    try:
        return funcao(texto)
    except NotImplementedError:
        raise
    except Exception as erro:  # o código do aluno pode lançar qualquer coisa
        return erro


def _calcular(nb, texto):
    return _correr(nb.calcular, texto)


def _com_limites(nb, texto):
    return _correr(nb.calcular_com_limites, texto)


def _tempo(nb, texto, limite=0.05):
    """O melhor tempo de calcular_com_limites, com o resultado. A máquina pode estar ocupada (e,
    na correção, cada chamada vai e volta ao kernel do aluno): repete-se até ficar abaixo do
    limite, pelo menos cinco vezes e até 25 ou 1 s — uma função lenta de verdade é lenta em todas."""
    funcao = nb.calcular_com_limites  # fora da medida: na correção, pedi-la é outra ida ao kernel
    melhor, saida, comeco = math.inf, None, time.perf_counter()
    for tentativa in range(25):
        inicio = time.perf_counter()
        saida = _correr(funcao, texto)
        melhor = min(melhor, time.perf_counter() - inicio - nb.custo_da_fronteira())
        if melhor < limite or (tentativa >= 4 and time.perf_counter() - comeco > 1.0):
            break
    return melhor, saida


def _tem_de_recusar(funcao, texto, dica):
    r = _correr(funcao, texto)
    nome = getattr(funcao, "__name__", "calcular")
    if isinstance(r, BaseException):
        assert isinstance(r, ValueError), explica(dica, f"{nome}({texto[:60]!r}) lançou {type(r).__name__}: "
                                                        f"{str(r)[:80]} (tem de ser ValueError)")
    else:
        raise AssertionError(explica(dica, f"{nome}({texto[:60]!r}) devolveu {str(r)[:60]} em vez de ValueError"))


def _tem_de_dar(funcao, texto, esperado, dica):
    r = _correr(funcao, texto)
    nome = getattr(funcao, "__name__", "calcular")
    assert r == esperado and type(r) is type(esperado), explica(
        dica, f"{nome}({texto[:40]!r}{'…' if len(texto) > 40 else ''}) deu {r!r}, esperava {esperado!r}")


# expressões aritméticas válidas, pequenas: a referência é o próprio Python
_numero = st.integers(0, 99).map(str) | st.sampled_from(["0.5", "2.25", "10.0"]) | st.builds(
    lambda b, e: f"{b} ** {e}", st.integers(0, 12), st.integers(0, 3))
_folha = st.builds(lambda sinal, n: f"{sinal}{n}", st.sampled_from(["", "-", "+"]), _numero)
_aritmetica = st.recursive(  # só as operações binárias encaixam: a profundidade fica abaixo do n.º de folhas
    _folha,
    lambda filhos: st.builds(lambda a, op, b: f"({a} {op} {b})", filhos,
                             st.sampled_from(["+", "-", "*", "/", "//", "%"]), filhos),
    max_leaves=8,
)
_CONFIG = settings(database=None, deadline=None, max_examples=30,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors])

ARITMETICA = {"2 * (3 + 4) ** 2": 98, "7 / 2": 3.5, "7 // 2": 3, "-7 % 3": 2, "-(2 ** 10)": -1024,
              "+1.5 * 4": 6.0, "2 ** 100": 2 ** 100, "(((1)))": 1, " 10 - 2 - 3 ": 5, "2 ** -1": 0.5}
INVALIDOS = ["2 +", "1 2", "", "   ", "(1", "1 +* 2", "2 ** ", "0x"]
POR_ZERO = ["1 / 0", "5 // 0", "5 % 0", "1 / (3 - 3)", "0 ** -1", "7.5 % 0.0"]


class TestEx2_6:
    """Uma calculadora que não executa código"""

    recebe_contentores = False  # recebe um texto

    def test_aritmetica(self, nb):
        """Números, + - * / // % **, sinais, parênteses e espaços à volta dão o valor certo"""
        for texto, esperado in ARITMETICA.items():
            _tem_de_dar(nb.calcular, texto, esperado,
                        "Avalia os nós permitidos da árvore ast com as operações de Python (o mesmo valor e "
                        "o mesmo tipo, int ou float, que o Python daria).")

    def test_texto_invalido(self, nb):
        """Texto que nem é uma expressão dá ValueError"""
        for texto in INVALIDOS:
            _tem_de_recusar(nb.calcular, texto, "O ast.parse lança SyntaxError com texto que não é uma "
                                                "expressão: apanha-o e lança ValueError.")

    def test_nunca_executa(self, nb):
        """Nomes, chamadas, atributos, textos, lambdas, compreensões… são recusados sem correr nada"""
        for texto in HOSTIS:
            with _Sentinela(nb) as sentinela:
                r = _calcular(nb, texto)
            assert not sentinela.chamadas, explica(
                "Nunca uses eval/exec: a expressão foi EXECUTADA (a função espia foi chamada). "
                "Percorre a árvore ast e avalia só os nós permitidos.", f"com {texto!r}")
            assert isinstance(r, ValueError), explica(
                "Tudo o que não é número, operador permitido ou parêntese dá ValueError.",
                f"calcular({texto!r}) deu {r!r}")

    def test_divisao_por_zero(self, nb):
        """Divisão, divisão inteira ou resto por zero dão ValueError"""
        for texto in POR_ZERO:
            _tem_de_recusar(nb.calcular, texto, "O Python lança ZeroDivisionError: apanha-o e lança ValueError "
                                                "(em /, // e %, e em 0 ** -1).")

    @_CONFIG
    @given(_aritmetica)
    @example("7 // 2 + 1")  # a divisão inteira: sempre, não só quando calha
    def test_fuzz_aritmetica(self, nb, texto):
        """(hypothesis) Expressões válidas ao acaso dão o mesmo que o Python, ou ValueError na divisão por zero"""
        try:
            esperado = eval(compile(texto, "<referência>", "eval"), {"__builtins__": {}})  # texto gerado aqui
        except ZeroDivisionError:
            esperado = ValueError
        r = _calcular(nb, texto)
        if esperado is ValueError:
            assert isinstance(r, ValueError), explica(
                "Divisão por zero dá ValueError.", f"calcular({texto!r}) deu {r!r}")
            return
        assert type(r) is type(esperado) and (r == esperado or math.isclose(r, esperado)), explica(
            "Avalia como o Python avaliaria esta expressão aritmética (o mesmo valor, o mesmo tipo).",
            f"calcular({texto!r}) deu {r!r}, esperava {esperado!r}")

    @_CONFIG
    @given(_aritmetica, st.sampled_from(HOSTIS), st.sampled_from(["{a} + ({h})", "({h}) * {a}", "{a} - {h}"]))
    @example(aritmetica="1", hostil="True + 1", molde="{a} + ({h})")  # sempre, não só quando calha
    def test_fuzz_hostil(self, nb, aritmetica, hostil, molde):
        """(hypothesis) Código hostil escondido em aritmética nunca corre e dá sempre ValueError"""
        texto = molde.format(a=aritmetica, h=hostil)
        with _Sentinela(nb) as sentinela:
            saida = _calcular(nb, texto)
        assert not sentinela.chamadas, explica("A expressão foi executada: nunca uses eval/exec.", f"com {texto!r}")
        assert isinstance(saida, ValueError), explica(
            "Qualquer nó fora da lista do que é permitido dá ValueError.", f"calcular({texto!r}) deu {saida!r}")

    @_CONFIG
    @given(st.text(max_size=40))
    @example("")  # o texto vazio: sempre, não só quando calha
    def test_fuzz_texto(self, nb, texto):
        """(hypothesis) Qualquer texto dá um resultado ou ValueError, nunca outra exceção"""
        r = _calcular(nb, texto)
        if isinstance(r, BaseException):
            assert isinstance(r, (ValueError, OverflowError)), explica(  # o transbordo é do 2.7
                "Converte os erros de ast.parse (SyntaxError…) em ValueError.",
                f"calcular({texto!r}) lançou {type(r).__name__}: {r}")


# --------------------------------------------------------------------------- 2.7


class TestEx2_7:
    """Desafio: uma calculadora com limites"""

    recebe_contentores = False  # recebe um texto

    def test_como_o_2_6(self, nb):
        """Dentro dos limites, faz o mesmo que o 2.6: o valor certo, ou ValueError sem executar nada"""
        f = nb.calcular_com_limites
        for texto, esperado in ARITMETICA.items():
            _tem_de_dar(f, texto, esperado, "Dentro dos limites, o resultado é o mesmo que o do 2.6 (valor e tipo).")
        for texto in INVALIDOS + POR_ZERO:
            _tem_de_recusar(f, texto, "As regras do 2.6 continuam: texto inválido e divisão por zero dão ValueError.")
        for texto in HOSTIS:
            with _Sentinela(nb) as sentinela:
                r = _com_limites(nb, texto)
            assert not sentinela.chamadas and isinstance(r, ValueError), explica(
                "As regras do 2.6 continuam: só números, operadores permitidos e parênteses; o resto dá "
                "ValueError sem correr nada.", f"calcular_com_limites({texto!r}) deu {r!r}")

    def test_caracteres(self, nb):
        """Mais de 1 000 caracteres, contados no texto tal como chega, dá ValueError; 1 000 ainda se aceitam"""
        f = nb.calcular_com_limites
        _tem_de_recusar(f, "+".join(["1"] * 501), "Uma entrada com mais de 1 000 caracteres dá ValueError.")
        _tem_de_recusar(f, "0." + "0" * 998 + "1", "O limite de 1 000 caracteres conta o texto todo, mesmo "
                                                   "sem operações (aqui, um só número com 1 001 caracteres).")
        _tem_de_recusar(f, "1 + 1" + " " * 996, "Conta o texto tal como chega, com os espaços: conta antes do "
                                                "strip (aqui, 1 001 caracteres).")
        _tem_de_dar(f, "0." + "0" * 997 + "1", 0.0, "Só passa do limite uma entrada com MAIS de 1 000 "
                                                    "caracteres: com 1 000 exatos calcula-se (usa >, não >=).")
        _tem_de_dar(f, "+".join(["1"] * 30), 30, "Uma expressão normal, dentro dos limites, continua a funcionar.")

    def test_profundidade(self, nb):
        """Mais de 50 operações encaixadas dá ValueError; 50 ainda se aceitam, e os parênteses não contam"""
        f = nb.calcular_com_limites
        _tem_de_dar(f, "-" * 50 + "1", 1, "Cada operação (unária ou binária) é um nível e o número não conta: "
                                          "50 operações encaixadas ainda se aceitam.")
        _tem_de_dar(f, "1 + (" * 49 + "1 * 1" + ")" * 49, 50, "1 + (1 + (… (1 * 1)…)) com 50 operações "
                                                              "encaixadas ainda se aceita.")
        _tem_de_dar(f, "(" * 60 + "-1" + ")" * 60, -1, "Os parênteses sozinhos não contam como níveis: "
                                                       "60 pares de parênteses à volta de -1 dão 1 nível.")
        _tem_de_recusar(f, "-" * 51 + "1", "51 operações encaixadas já passam do limite de 50 níveis.")
        _tem_de_recusar(f, "(1 + " * 60 + "1" + ")" * 60, "Mais de 50 níveis encaixados dão ValueError.")
        _tem_de_recusar(f, "-" * 990 + "1", "Sem limite de profundidade, uma recursão rebenta (RecursionError): "
                                            "recusa-a com ValueError antes de avaliar.")

    def test_expoente(self, nb):
        """Um expoente acima de 100 em valor absoluto, escrito ou calculado, dá ValueError"""
        f = nb.calcular_com_limites
        _tem_de_recusar(f, "2 ** 101", "Um expoente acima de 100 em valor absoluto dá ValueError (pensa em 9**9**9).")
        _tem_de_recusar(f, "2 ** -101", "O limite do expoente é em valor absoluto.")
        _tem_de_recusar(f, "2 ** (50 + 51)", "O limite vale para o valor do expoente já calculado, não só "
                                             "para o número escrito.")
        _tem_de_recusar(f, "1 ** 100.5", "Um expoente float acima de 100 também passa do limite.")
        _tem_de_dar(f, "2 ** 100", 2 ** 100, "Um expoente de exatamente 100 ainda se aceita.")
        _tem_de_dar(f, "2 ** -100", 2 ** -100, "Um expoente de exatamente -100 ainda se aceita.")

    def test_algarismos(self, nb):
        """Um inteiro com mais de 100 algarismos, escrito ou calculado, dá ValueError; 100 ainda se aceitam"""
        f = nb.calcular_com_limites
        _tem_de_recusar(f, "1" + "0" * 100, "Um inteiro escrito com mais de 100 algarismos dá ValueError.")
        _tem_de_recusar(f, "10 ** 99 * 10", "O limite vale também para os inteiros calculados.")
        _tem_de_recusar(f, "10 ** 99 * 10 - 10 ** 99 * 10", "O limite vale para cada resultado intermédio, não só "
                                                            "para o final (que aqui é 0).")
        _tem_de_dar(f, "10 ** 99", 10 ** 99, "10 ** 99 tem 100 algarismos, e só se recusam inteiros com MAIS de 100.")
        _tem_de_dar(f, "-(10 ** 99) * 9", -9 * 10 ** 99, "Um inteiro negativo com 100 algarismos ainda se aceita "
                                                        "(o sinal não é um algarismo).")

    def test_complexos_e_nao_finitos(self, nb):
        """Um resultado complexo ou não finito, mesmo a meio da conta, dá ValueError"""
        f = nb.calcular_com_limites
        for texto in ("(-1) ** 0.5", "(-8) ** (1 / 3)", "1e308 * 10", "1e999", "-1e999 + 1",
                      "1 / (1e308 * 10)", "(-1) ** 0.5 * 0"):
            _tem_de_recusar(f, texto, "Um resultado complexo ou não finito (inf, nan) dá ValueError, também a meio "
                                      "da conta, mesmo que o resultado final fosse um número.")

    def test_transbordo(self, nb):
        """Um transbordo (OverflowError do Python) dá ValueError"""
        f = nb.calcular_com_limites
        for texto in ("(10.0 ** 100) ** 4", "1.5 ** 100 ** 1 * 1e300 ** 2"):
            _tem_de_recusar(f, texto, "Uma potência de floats grande demais lança OverflowError: apanha-o e lança "
                                      "ValueError.")

    def test_sempre_rapido(self, nb):
        """Entradas pesadas acabam bem abaixo de 50 ms, sempre com ValueError"""
        for texto in ("((99 ** 99) ** 99) ** 99", "(" * 300 + "1" + ")" * 300, "9" * 1200, "2 ** 2 ** 2 ** 2 ** 2",
                      "(10 ** 99) ** 100 ** 1"):
            segundos, saida = _tempo(nb, texto)
            assert isinstance(saida, ValueError), explica(
                "Entradas pesadas dão ValueError (expoente, algarismos, tamanho ou profundidade).",
                f"calcular_com_limites({texto[:40]!r}…) deu {type(saida).__name__}")
            assert segundos < 0.05, explica(
                "Recusa antes de calcular: limita também os resultados intermédios.",
                f"calcular_com_limites({texto[:40]!r}…) demorou {segundos * 1000:.0f} ms")

    @_CONFIG
    @given(_aritmetica, st.sampled_from(HOSTIS), st.sampled_from(["{a} + ({h})", "({h}) * {a}", "{a} - {h}"]))
    @example(aritmetica="1", hostil="True + 1", molde="{a} + ({h})")  # sempre, não só quando calha
    def test_fuzz_hostil(self, nb, aritmetica, hostil, molde):
        """(hypothesis) Código hostil escondido em aritmética nunca corre e dá sempre ValueError, depressa"""
        texto = molde.format(a=aritmetica, h=hostil)
        with _Sentinela(nb) as sentinela:
            segundos, saida = _tempo(nb, texto)
        assert not sentinela.chamadas, explica("A expressão foi executada: nunca uses eval/exec.", f"com {texto!r}")
        assert isinstance(saida, ValueError), explica(
            "Qualquer nó fora da lista do que é permitido dá ValueError.",
            f"calcular_com_limites({texto!r}) deu {saida!r}")
        assert segundos < 0.05, explica("Recusa depressa.", f"{segundos * 1000:.0f} ms com {texto!r}")

    @_CONFIG
    @given(st.text(max_size=40))
    @example("")
    @example("preco")  # um nome: sempre, não só quando a hypothesis o gera
    def test_fuzz_texto(self, nb, texto):
        """(hypothesis) Qualquer texto dá um int, um float ou ValueError, nunca outra exceção"""
        r = _com_limites(nb, texto)
        if isinstance(r, BaseException):
            assert isinstance(r, ValueError), explica(
                "Converte os erros de ast.parse (SyntaxError…) e do Python (OverflowError…) em ValueError.",
                f"calcular_com_limites({texto!r}) lançou {type(r).__name__}: {r}")
            return
        assert type(r) in (int, float), explica(
            "O resultado é sempre um int ou um float.", f"{texto!r} → {r!r}")
