"""Verificações públicas do capítulo 2 — Function calling / tool use."""

import json
import math
import time

import openai
from hypothesis import example
from hypothesis import strategies as st
from openai.types.chat import ChatCompletionMessage

from curso import modelo
from curso.fronteira.dados import descrita
from curso.offline import Roteiro, cliente_offline
from curso.verificacao import explica, igual_estrito, so_dados
from curso.verificacao.dominios import (
    NOMES,
    argumentos_partidos,
    contraexemplo,
    curto,
    folhas_json,
    nomes,
    objetos_json,
    propriedade,
    resultados,
    textos,
)

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


# O domínio do 2.2: funções geradas com qualquer assinatura que o enunciado cobre (os seis tipos,
# com e sem valor por omissão, com e sem anotação de retorno) e docstrings de vários parágrafos
_TIPOS_2_2 = {"str": "string", "int": "integer", "float": "number", "bool": "boolean", "list": "array",
              "dict": "object"}
_PALAVRAS_2_2 = ("Conta", "as", "palavras", "de", "um", "texto,", "ação", "Índice", "(x)", "42", "'aspas'", "→",
                 "fim.", "Depois")
_LINHA_2_2 = st.lists(st.sampled_from(_PALAVRAS_2_2), min_size=1, max_size=4).map(" ".join)
_PARAMETROS_2_2 = st.lists(st.sampled_from(NOMES), unique=True, max_size=5).flatmap(
    lambda ns: st.tuples(*[st.tuples(st.just(n), st.sampled_from(sorted(_TIPOS_2_2)), st.booleans())
                           for n in ns]).map(list))


def _funcao_gerada(nome, parametros, linhas, resto="", retorno=None, sem_anotacao=None):
    """Uma função Python com estes parâmetros ``(nome, tipo, tem_omissao)`` (os obrigatórios
    primeiro, como o Python exige) e uma docstring cujo primeiro parágrafo são ``linhas``. Na
    correção atravessa a fronteira descrita (``dados.descrita``): o nome, a assinatura e a docstring
    são o que a função do aluno lê, e uma função gerada aqui não é código de ``tests/exercicios``."""
    ordem = [p for p in parametros if not p[2]] + [p for p in parametros if p[2]]
    partes = [(n if n == sem_anotacao else f"{n}: {t}") + (" = None" if omissao else "") for n, t, omissao in ordem]
    doc = "\n".join(linhas) + (f"\n\n{resto}" if resto else "")
    seta = f" -> {retorno}" if retorno else ""
    espaco: dict = {}
    exec(compile(f"def {nome}({', '.join(partes)}){seta}:\n    {doc!r}\n", "<função gerada>", "exec"), espaco)
    return descrita(espaco[nome]), ordem


def _assinatura_2_2(ordem, retorno=None, sem_anotacao=None):
    partes = [(n if n == sem_anotacao else f"{n}: {t}") + (" = None" if o else "") for n, t, o in ordem]
    return f"def f({', '.join(partes)}){f' -> {retorno}' if retorno else ''}"


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

    @propriedade(st.lists(_LINHA_2_2, min_size=1, max_size=3),
                 st.sampled_from(["", "O resto não interessa.", "Mais.\n\nE mais."]), exemplos=5)
    @example(linhas=["Conta as palavras de um texto,", "separadas por espaços ou mudanças de linha."],
             resto="O resto não interessa ao modelo.")
    def test_paragrafo_de_varias_linhas(self, nb, linhas, resto):
        """A descrição é o primeiro parágrafo da docstring, com todas as suas linhas"""
        funcao, _ = _funcao_gerada("contar", [("texto", "str", False)], linhas, resto)
        e = nb.esquema_de_funcao(funcao)
        descricao = e.get("function", {}).get("description") if isinstance(e, dict) else e
        esperado = " ".join(" ".join(linhas).split())
        assert isinstance(descricao, str) and " ".join(descricao.split()) == esperado, contraexemplo(
            "O primeiro parágrafo vai até à primeira linha em branco: se ocupa várias linhas, todas "
            "entram na descrição (só a primeira linha corta a frase a meio), e o resto fica de fora.",
            f"uma docstring {funcao.__doc__!r}", esperado, descricao)

    @propriedade(_PARAMETROS_2_2, exemplos=6)
    @example(parametros=[("sala", "str", False), ("pessoas", "int", False), ("equipamento", "list", False),
                         ("projetor", "bool", True), ("notas", "dict", True)])
    def test_todos_os_tipos(self, nb, parametros):
        """Cada anotação vira o tipo JSON certo, e required segue a ordem da assinatura"""
        funcao, ordem = _funcao_gerada("reservar", parametros, ["Reserva uma sala."])
        e = nb.esquema_de_funcao(funcao)
        parametros_json = e.get("function", {}).get("parameters", {}) if isinstance(e, dict) else {}
        propriedades = parametros_json.get("properties")
        tipos = ({n: q.get("type") if isinstance(q, dict) else q for n, q in propriedades.items()}
                 if isinstance(propriedades, dict) else propriedades)
        esperado = {n: _TIPOS_2_2[t] for n, t, _ in ordem}
        assert tipos == esperado, contraexemplo(
            "Uma propriedade por parâmetro, com o tipo da anotação: str→string, int→integer, "
            "float→number, bool→boolean, list→array, dict→object.", _assinatura_2_2(ordem), esperado, tipos)
        obrigatorios = [n for n, _, omissao in ordem if not omissao]
        # sem obrigatórios, deixar a chave de fora é o mesmo para o JSON Schema que "required": []
        assert parametros_json.get("required", [] if not obrigatorios else None) == obrigatorios, contraexemplo(
            "required: os parâmetros sem valor por omissão, pela ordem da assinatura.",
            _assinatura_2_2(ordem), obrigatorios, parametros_json.get("required"))

    @propriedade(_PARAMETROS_2_2.filter(lambda ps: ps != []), st.integers(0, 4), exemplos=5)
    @example(parametros=[("nome", "str", False), ("idade", "int", False)], qual=0)
    def test_sem_anotacao(self, nb, parametros, qual):
        """Um parâmetro sem anotação de tipo dá TypeError (não se adivinha)"""
        sem = parametros[qual % len(parametros)][0]
        funcao, ordem = _funcao_gerada("registar", parametros, ["Regista."], sem_anotacao=sem)
        try:
            r = nb.esquema_de_funcao(funcao)
        except TypeError:
            return
        raise AssertionError(contraexemplo(
            "Um parâmetro sem anotação de tipo dá TypeError: não adivinhes o tipo (um esquema errado "
            "engana o modelo).", _assinatura_2_2(ordem, sem_anotacao=sem), "TypeError", r))

    @propriedade(_PARAMETROS_2_2, st.sampled_from(sorted(_TIPOS_2_2)), exemplos=5)
    @example(parametros=[("cidade", "str", False)], retorno="float")
    def test_retorno_nao_e_parametro(self, nb, parametros, retorno):
        """A anotação de retorno (-> tipo) não vira parâmetro"""
        funcao, ordem = _funcao_gerada("medir", parametros, ["Mede."], retorno=retorno)
        e = nb.esquema_de_funcao(funcao)
        parametros_json = e.get("function", {}).get("parameters", {}) if isinstance(e, dict) else {}
        nomes_ = sorted(parametros_json.get("properties") or {})
        obrigatorios = parametros_json.get("required")
        esperado = sorted(n for n, _, _ in ordem)
        assert nomes_ == esperado and "return" not in (obrigatorios or []), contraexemplo(
            "Os parâmetros vêm da assinatura (inspect.signature(funcao).parameters); get_type_hints "
            "também traz \"return\", que não é um parâmetro.", _assinatura_2_2(ordem, retorno),
            f"as propriedades {esperado}", f"{nomes_} (required {obrigatorios})")

    @propriedade(st.sampled_from(NOMES), st.sampled_from(["fabricar.<locals>.", "Loja.", "Loja.ver.<locals>.", ""]),
                 exemplos=4)
    @example(nome="somar", onde="fabricar.<locals>.")
    def test_nome_da_funcao(self, nb, nome, onde):
        """name é funcao.__name__, também numa função definida dentro de outra ou numa classe"""
        funcao, _ = _funcao_gerada(nome, [("x", "int", False)], ["Faz uma conta."])
        funcao.__qualname__ = onde + nome  # como se tivesse sido definida aí
        e = nb.esquema_de_funcao(funcao)
        obtido = e.get("function", {}).get("name") if isinstance(e, dict) else e
        assert obtido == nome, contraexemplo(
            "name é funcao.__name__, o nome curto: __qualname__ junta-lhe onde a função foi definida "
            "(\"fabricar.<locals>.somar\"), e a API só aceita letras, algarismos, _ e - no nome.",
            f"a função {nome} com __qualname__ {funcao.__qualname__!r}", nome, obtido)

    def test_api_aceita(self, nb):
        """As definições geradas são aceites pelo modelo offline"""
        _pedir(cliente_offline(lambda m, f: "ok"),
               [nb.esquema_de_funcao(_converter), nb.esquema_de_funcao(_reservar),
                nb.esquema_de_funcao(_com_retorno)])

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(_PARAMETROS_2_2, st.lists(_LINHA_2_2, min_size=1, max_size=2),
                 st.sampled_from([None, "int", "dict"]), st.sampled_from([None, 0, 1, 2]), exemplos=3)
    def oraculo_o_mesmo_esquema(self, nb, solucao, parametros, linhas, retorno, sem):
        """O mesmo que a solução no que o enunciado fixa: nome, descrição (espaços normalizados),
        o tipo de cada propriedade, required pela ordem, ou TypeError."""
        sem = parametros[sem][0] if sem is not None and sem < len(parametros) else None
        funcao, ordem = _funcao_gerada("f_gerada", parametros, linhas, "Resto.", retorno, sem)

        def fixo(esquema_de_funcao):
            try:
                e = esquema_de_funcao(funcao)
            except TypeError:
                return "TypeError"
            f = e["function"]
            return [e["type"], f["name"], " ".join(f["description"].split()), f["parameters"]["type"],
                    {n: q["type"] for n, q in f["parameters"]["properties"].items()},
                    f["parameters"].get("required", [])]

        obtido, esperado = fixo(nb.esquema_de_funcao), fixo(solucao.esquema_de_funcao)
        assert obtido == esperado, contraexemplo(
            "esquema_de_funcao não faz o que o enunciado pede (comparado com a solução do curso).",
            _assinatura_2_2(ordem, retorno, sem), esperado, obtido)


# --------------------------------------------------------------------------- 2.3


def _mesmas_chamadas(r, esperado):
    """As mesmas entradas, pela mesma ordem, com id, nome e argumentos iguais e sem chave "erro";
    outras chaves a mais são aceites (o enunciado não diz «só estas»)."""
    return isinstance(r, list) and len(r) == len(esperado) and all(
        isinstance(e, dict) and "erro" not in e and all(k in e and e[k] == v for k, v in x.items())
        for e, x in zip(r, esperado))


# O domínio do 2.3: o que o modelo devolve — só texto, chamadas (uma ou várias em paralelo), texto e
# chamadas na mesma mensagem, e argumentos partidos ou que não são um objeto
_CHAMADA_2_3 = st.fixed_dictionaries({"nome": nomes(), "argumentos": objetos_json(max_size=3, max_folhas=3)})


def _com_texto(chamadas):
    """As chamadas, às vezes com um comentário ao lado («Vou ver o stock.»), como um modelo real."""
    return st.sampled_from([None, "Vou ver isso.", " "]).map(
        lambda texto: chamadas if texto is None else Roteiro.com_texto(texto, chamadas))


def _mensagem_de(resposta):
    """A ``ChatCompletionMessage`` verdadeira que o modelo offline dá com esta resposta."""
    return cliente_offline(Roteiro([resposta])).chat.completions.create(
        model=MODELO, messages=[{"role": "user", "content": "x"}]).choices[0].message


def _lidas(mensagem):
    """O que o enunciado pede para cada chamada: id, nome e os argumentos lidos, ou None (e um erro)."""
    esperado = []
    for chamada in mensagem.tool_calls or []:
        try:
            argumentos = json.loads(chamada.function.arguments)
        except ValueError:
            argumentos = None
        esperado.append({"id": chamada.id, "nome": chamada.function.name,
                         "argumentos": argumentos if isinstance(argumentos, dict) else None})
    return esperado


def _descrever_2_3(mensagem):
    chamadas = [f"{c.function.name}({c.function.arguments})" for c in mensagem.tool_calls or []]
    return f"uma mensagem com content={mensagem.content!r} e tool_calls {chamadas or None}"


class TestEx2_3:
    """Ler os pedidos do modelo"""

    recebe_contentores = False  # recebe a mensagem do SDK, um objeto pydantic

    @propriedade(textos(max_size=20), exemplos=4)
    @example(texto="Olá!")
    def test_sem_chamadas(self, nb, texto):
        """Uma resposta só com texto, seja ele qual for, dá []"""
        mensagem = _mensagem_de(texto)
        r = nb.extrair_chamadas(mensagem)
        assert r == [] and type(r) is list, contraexemplo(
            "Quando mensagem.tool_calls é None, devolve uma lista vazia.", _descrever_2_3(mensagem), [], r)

    @propriedade(st.lists(_CHAMADA_2_3, min_size=1, max_size=4).flatmap(_com_texto), exemplos=6)
    def test_paralelas_pela_ordem(self, nb, resposta):
        """Todas as chamadas paralelas, pela ordem, com id, nome e argumentos já lidos, também com texto ao lado"""
        mensagem = _mensagem_de(resposta)
        r = nb.extrair_chamadas(mensagem)
        esperado = _lidas(mensagem)
        assert _mesmas_chamadas(r, esperado), contraexemplo(
            "tool_calls é uma lista: devolve uma entrada por chamada, todas, pela ordem, com os "
            "argumentos lidos com json.loads (e sem chave 'erro' nas chamadas boas), mesmo quando o "
            "modelo escreve texto ao lado.", _descrever_2_3(mensagem), esperado, r)

    @propriedade(st.lists(st.one_of(_CHAMADA_2_3, st.fixed_dictionaries({
        "nome": nomes(), "argumentos": argumentos_partidos()})), min_size=1, max_size=4).filter(
            lambda cs: any(isinstance(c["argumentos"], str) for c in cs)), exemplos=6)
    def test_argumentos_partidos(self, nb, chamadas):
        """JSON partido ou que não é um objeto: argumentos None e uma chave 'erro', sem exceção"""
        mensagem = _mensagem_de(chamadas)
        try:
            r = nb.extrair_chamadas(mensagem)
        except ValueError as erro:
            raise AssertionError(contraexemplo(
                "Os argumentos são escritos pelo modelo e podem vir partidos: apanha o erro de "
                "json.loads em vez de o deixares rebentar.", _descrever_2_3(mensagem),
                "uma lista", f"{type(erro).__name__}: {erro}")) from None
        esperado = _lidas(mensagem)
        assert isinstance(r, list) and len(r) == len(esperado), contraexemplo(
            "Uma chamada má não estraga as outras: continuam todas na lista, pela ordem.",
            _descrever_2_3(mensagem), esperado, r)
        for entrada, certa in zip(r, esperado):
            if certa["argumentos"] is not None:  # (a chave "erro" nas boas é de outro requisito)
                assert isinstance(entrada, dict) and all(entrada.get(k) == v for k, v in certa.items()), contraexemplo(
                    "As chamadas boas ficam como se não houvesse chamadas más ao lado.",
                    _descrever_2_3(mensagem), certa, entrada)
                continue
            assert isinstance(entrada, dict) and entrada.get("argumentos") is None and isinstance(
                entrada.get("erro"), str), contraexemplo(
                "Argumentos que não são um objeto JSON dão \"argumentos\": None e \"erro\": um texto.",
                _descrever_2_3(mensagem), {**certa, "erro": "…"}, entrada)
            assert entrada.get("id") == certa["id"] and entrada.get("nome") == certa["nome"], contraexemplo(
                "Mesmo com argumentos maus, a entrada leva o id e o nome (para responder a essa chamada).",
                _descrever_2_3(mensagem), certa, entrada)

    def test_mensagem_construida(self, nb):
        """Funciona com qualquer ChatCompletionMessage (ids e nomes não inventados)"""
        mensagem = ChatCompletionMessage.model_validate({"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_XYZ", "type": "function", "function": {"name": "alfa", "arguments": '{"k": [1, {"a": null}]}'}},
            {"id": "call_W", "type": "function", "function": {"name": "beta", "arguments": "{}"}}]})
        r = nb.extrair_chamadas(mensagem)
        assert _mesmas_chamadas(r, [{"id": "call_XYZ", "nome": "alfa", "argumentos": {"k": [1, {"a": None}]}},
                                    {"id": "call_W", "nome": "beta", "argumentos": {}}]), explica(
            "Lê chamada.id, chamada.function.name e json.loads(chamada.function.arguments).", f"obtive {r!r}")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.one_of(textos(max_size=10), st.lists(st.one_of(_CHAMADA_2_3, st.fixed_dictionaries({
        "nome": nomes(), "argumentos": argumentos_partidos()})), min_size=1, max_size=3).flatmap(_com_texto)),
        exemplos=3)
    def oraculo_as_mesmas_chamadas(self, nb, solucao, resposta):
        """As mesmas entradas que a solução: id, nome e argumentos, e a chave "erro" só onde a solução
        a põe (o texto do erro é livre; chaves a mais também)."""
        mensagem = _mensagem_de(resposta)

        def fixo(r):
            return [[e.get("id"), e.get("nome"), e.get("argumentos"), "erro" in e] for e in r]

        obtido, esperado = fixo(so_dados(nb.extrair_chamadas(mensagem), list)), fixo(solucao.extrair_chamadas(mensagem))
        assert igual_estrito(obtido, esperado), contraexemplo(
            "extrair_chamadas não faz o que o enunciado pede (comparado com a solução do curso).",
            _descrever_2_3(mensagem), esperado, obtido)


# --------------------------------------------------------------------------- 2.4


# O que uma ferramenta pode devolver e o json.dumps não escreve: conjuntos e bytes, sozinhos ou
# dentro de listas e objetos (as chaves continuam a ser textos)
_NAO_JSON_2_4 = st.recursive(
    st.one_of(st.sets(st.one_of(st.integers(0, 9), nomes()), max_size=3),
              st.frozensets(st.integers(0, 9), max_size=2), st.binary(max_size=4)),
    lambda dentro: st.one_of(st.lists(dentro, min_size=1, max_size=2).map(lambda xs: [0, *xs]),
                             st.dictionaries(nomes(), dentro, min_size=1, max_size=2)),
    max_leaves=3)


class TestEx2_4:
    """Executar sem nunca rebentar"""

    @propriedade(nomes(), st.dictionaries(nomes(), folhas_json(), max_size=3), resultados(), exemplos=8)
    @example(nome="ver", argumentos={"produto": "caneta", "n": 2},
             resultado={"produto": "caneta", "preço": 1.5, "notas": ["ação"]})
    def test_sucesso_em_json(self, nb, nome, argumentos, resultado):
        """Com argumentos bons, corre a ferramenta e devolve o resultado em JSON, sem escapar acentos"""
        espiao = _espiao(resultado)
        texto = json.dumps(argumentos, ensure_ascii=False)
        r = nb.executar_chamada(nome, texto, {nome: espiao})
        entrada = f"executar_chamada({nome!r}, {texto!r}, …) e uma ferramenta que devolve {curto(resultado)}"
        assert espiao.chamadas == [argumentos], contraexemplo(
            "Corre ferramentas[nome](**argumentos), uma vez.", entrada, [argumentos], espiao.chamadas)
        try:
            lido = json.loads(r) if isinstance(r, str) else r
        except ValueError:
            lido = r
        assert isinstance(r, str) and igual_estrito(lido, resultado), contraexemplo(
            "Devolve o resultado como texto JSON (json.dumps), seja ele qual for: também None, [], "
            "0 ou False.", entrada, json.dumps(resultado, ensure_ascii=False), r)
        acentos = {c for c in json.dumps(resultado, ensure_ascii=False) if ord(c) > 127}
        assert all(c in r for c in acentos), contraexemplo(
            "Usa ensure_ascii=False: o modelo lê «preço», não «pre\\u00e7o».", entrada,
            json.dumps(resultado, ensure_ascii=False), r)

    @propriedade(st.lists(nomes(), min_size=1, max_size=4, unique=True), nomes(), exemplos=5)
    @example(disponiveis=["ver_stock", "encomendar"], pedida="apagar_tudo")
    def test_ferramenta_desconhecida(self, nb, disponiveis, pedida):
        """Ferramenta desconhecida: texto 'Erro:' com todas as disponíveis, sem exceção"""
        disponiveis = [n for n in disponiveis if n != pedida] or ["outra"]
        ferramentas = {n: _espiao() for n in disponiveis}
        entrada = f"executar_chamada({pedida!r}, '{{}}', …) com as ferramentas {disponiveis}"
        try:
            r = nb.executar_chamada(pedida, "{}", ferramentas)
        except NotImplementedError:
            raise
        except Exception as erro:
            raise AssertionError(contraexemplo("Nunca lances: devolve um texto de erro para o modelo.",
                                               entrada, "um texto 'Erro: …'", f"{type(erro).__name__}: {erro}")) from None
        assert isinstance(r, str) and r.startswith("Erro:") and all(n in r for n in disponiveis), contraexemplo(
            "Começa por 'Erro:' e diz que ferramentas existem (todas), para o modelo se corrigir.",
            entrada, f"'Erro: …' com {', '.join(disponiveis)}", r)
        assert not any(f.chamadas for f in ferramentas.values()), contraexemplo(
            "Uma ferramenta desconhecida não faz correr nenhuma outra.", entrada, "nenhuma ferramenta corrida",
            {n: f.chamadas for n, f in ferramentas.items()})

    @propriedade(argumentos_partidos(), exemplos=5)
    @example(mau='{"produto": ')
    def test_json_invalido_nunca_corre(self, nb, mau):
        """JSON inválido ou que não é objeto: 'Erro:' a pedir um objeto JSON, e a ferramenta não corre"""
        espiao = _espiao()
        entrada = f"executar_chamada('ver', {mau!r}, …)"
        try:
            r = nb.executar_chamada("ver", mau, {"ver": espiao})
        except NotImplementedError:
            raise
        except Exception as erro:
            raise AssertionError(contraexemplo(
                "json.loads sobre texto do modelo pode falhar: apanha o erro e devolve um texto.",
                entrada, "'Erro: …'", f"{type(erro).__name__}: {erro}")) from None
        assert espiao.chamadas == [], contraexemplo(
            "Com argumentos inválidos a ferramenta nunca corre.", entrada, "a ferramenta por correr",
            f"correu com {espiao.chamadas!r}")
        assert isinstance(r, str) and r.startswith("Erro:") and "JSON" in r, contraexemplo(
            "Devolve um texto que começa por 'Erro:' e pede um objeto JSON.", entrada, "'Erro: … JSON …'", r)

    @propriedade(_NAO_JSON_2_4, exemplos=5)
    @example(resultado={"caneta", "lápis"})
    def test_resultado_que_o_json_nao_escreve(self, nb, resultado):
        """Um resultado que o JSON não escreve (um set, bytes) também dá um texto, sem exceção"""
        entrada = f"executar_chamada('etiquetas', '{{}}', …) e uma ferramenta que devolve {curto(resultado)}"
        try:
            r = nb.executar_chamada("etiquetas", "{}", {"etiquetas": lambda: resultado})
        except NotImplementedError:
            raise
        except Exception as erro:
            raise AssertionError(contraexemplo(
                "Nunca lances: uma ferramenta pode devolver o que o json.dumps não escreve (um set, bytes), "
                "e mesmo assim devolves um texto para o modelo (json.dumps tem o parâmetro default, "
                "ou apanha o erro).", entrada, "um texto", f"{type(erro).__name__}: {erro}")) from None
        assert isinstance(r, str), contraexemplo(
            "Devolve sempre um texto, também quando o resultado não é JSON: é o content da mensagem 'tool'.",
            entrada, "um texto", r)

    # (sem KeyError: o str dele é o repr da mensagem, e a fronteira da correção reconstrói a exceção
    # no kernel a partir desse texto; ver docs/arquitetura.md, «O que atravessa»)
    @propriedade(nomes(), st.sampled_from([ValueError, RuntimeError, ZeroDivisionError, LookupError, OSError]),
                 textos(max_size=12), exemplos=6)
    @example(nome="reservar", tipo=ValueError, mensagem="sala pequena demais")
    def test_erros_da_ferramenta(self, nb, nome, tipo, mensagem):
        """Argumentos errados ou uma exceção na ferramenta: 'Erro ao executar <nome>: <Tipo>: <msg>'"""
        def reservar(sala, pessoas):
            raise tipo(mensagem)

        ferramentas = {nome: reservar}
        erro = tipo(mensagem)
        esperado = f"Erro ao executar {nome}: {tipo.__name__}: {erro}"
        r = nb.executar_chamada(nome, '{"sala": "A", "pessoas": 40}', ferramentas)
        assert r == esperado, contraexemplo(
            "Apanha a exceção da ferramenta e devolve f\"Erro ao executar {nome}: {tipo}: {mensagem}\".",
            f"executar_chamada({nome!r}, …) e uma ferramenta que lança {tipo.__name__}({mensagem!r})", esperado, r)
        for maus in ('{"sala": "A"}', '{"sala": "A", "pessoas": 2, "cor": "azul"}'):
            r = nb.executar_chamada(nome, maus, ferramentas)
            assert isinstance(r, str) and r.startswith(f"Erro ao executar {nome}: TypeError: "), contraexemplo(
                "Argumentos em falta ou a mais dão TypeError ao chamar: devolve-o como texto.",
                f"executar_chamada({nome!r}, {maus!r}, …)", f"'Erro ao executar {nome}: TypeError: …'", r)

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(nomes(), st.one_of(st.dictionaries(nomes(), folhas_json(), max_size=2).map(json.dumps),
                                    argumentos_partidos()),
                 st.one_of(resultados(), st.sampled_from([ValueError("não"), ZeroDivisionError("zero")])), exemplos=4)
    def oraculo_o_mesmo_texto(self, nb, solucao, nome, argumentos_json, resultado):
        """O que o enunciado fixa, comparado com a solução: um erro começa por "Erro:" (o resto do
        texto é livre), um erro da ferramenta é o texto exato, um sucesso é o mesmo JSON; a
        ferramenta corre com os mesmos argumentos."""

        def correr(executar_chamada):
            chamadas = []

            def ferramenta(**argumentos):
                chamadas.append(argumentos)
                if isinstance(resultado, Exception):
                    raise resultado
                return resultado

            r = executar_chamada(nome, argumentos_json, {nome: ferramenta, "outra": ferramenta})
            if isinstance(r, str) and r.startswith("Erro:"):
                return ["Erro:", chamadas]
            try:
                return [json.loads(r), chamadas] if not r.startswith("Erro ao executar") else [r, chamadas]
            except ValueError:
                return [r, chamadas]

        obtido, esperado = correr(nb.executar_chamada), correr(solucao.executar_chamada)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "executar_chamada não faz o que o enunciado pede (comparado com a solução do curso).",
            f"executar_chamada({nome!r}, {argumentos_json!r}, …) e uma ferramenta que dá {resultado!r}",
            esperado, obtido)


# --------------------------------------------------------------------------- 2.5

_ESQUEMAS = [{"type": "function", "function": {
    "name": "ver_stock", "description": "Unidades em stock de um produto.",
    "parameters": {"type": "object", "properties": {"produto": {"type": "string"}}, "required": ["produto"]}}}]


_COMENTARIO = "Vou ver o stock."  # o texto que um modelo escreve ao lado de uma chamada
_DICA_TEXTO_AO_LADO = (
    "Uma mensagem com tool_calls não é a resposta, mesmo quando traz texto em content: corre as "
    "chamadas e volta ao modelo (só uma mensagem sem tool_calls é a resposta).")


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
            if not tools:  # como um modelo real, escreve um comentário ao lado da chamada
                return Roteiro.com_texto(_COMENTARIO, [{"nome": "ver_stock", "argumentos": {"produto": "caneta"}}])
            espiao_visto.append(tools[-1]["content"])
            return f"Há {tools[-1]['content']} canetas."

        cliente = cliente_offline(modelo)
        r = _protocolo(nb.responder_com_ferramentas, cliente, "há canetas?",
                       {"ver_stock": lambda produto: stock[produto]}, _ESQUEMAS, MODELO)
        assert r != _COMENTARIO, explica(_DICA_TEXTO_AO_LADO, (
            f"o modelo escreveu {_COMENTARIO!r} ao lado da chamada a ver_stock e devolveste esse texto"))
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
        # o modelo pede sempre uma ferramenta; às vezes escreve também um comentário ao lado, que
        # não é uma resposta (a mensagem traz tool_calls)
        for max_voltas, texto in ((1, None), (3, None), (2, _COMENTARIO), (1, " ")):
            chamada = [{"nome": "ver_stock", "argumentos": {"produto": "x"}}]
            cliente = cliente_offline(lambda m, f, texto=texto, chamada=chamada:
                                      chamada if texto is None else Roteiro.com_texto(texto, chamada))
            espiao = _espiao(0)
            r = _protocolo(nb.responder_com_ferramentas, cliente, "x", {"ver_stock": espiao}, _ESQUEMAS,
                           MODELO, max_voltas=max_voltas)
            modelo_escreveu = f"; o modelo escreveu {texto!r} ao lado de cada chamada" if texto else ""
            assert isinstance(r, str) and r.startswith("Parei após"), explica(
                "No limite, devolve um texto que começa por 'Parei após' (nada de respostas inventadas)"
                + (": o texto que o modelo escreve ao lado das chamadas não é uma resposta." if texto else "."),
                f"max_voltas={max_voltas}{modelo_escreveu}, devolveste {r!r}")
            assert len(cliente.pedidos) == max_voltas, explica(
                "max_voltas conta as chamadas ao modelo: nem mais uma.",
                f"max_voltas={max_voltas}, fizeste {len(cliente.pedidos)} pedidos")
        cliente = cliente_offline(lambda m, f: [{"nome": "ver_stock", "argumentos": {"produto": "x"}}])
        _protocolo(nb.responder_com_ferramentas, cliente, "x", {"ver_stock": _espiao(0)}, _ESQUEMAS, MODELO)
        assert len(cliente.pedidos) == 5, explica("max_voltas vale 5 por omissão.", f"{len(cliente.pedidos)} pedidos")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.lists(st.lists(st.sampled_from(["caneta", "lápis", "borracha"]), min_size=1, max_size=2),
                          max_size=2), resultados(2), st.integers(1, 3), exemplos=3)
    def oraculo_a_mesma_conversa(self, nb, solucao, voltas, resultado, max_voltas):
        """Com o mesmo modelo e as mesmas ferramentas: a mesma resposta, o mesmo número de pedidos e,
        em cada pedido, os mesmos papéis e o mesmo conteúdo das mensagens 'tool' (lido como JSON)."""

        def correr(responder_com_ferramentas):
            guiao = [[{"nome": "ver_stock", "argumentos": {"produto": p}} for p in volta] for volta in voltas]
            cliente = cliente_offline(Roteiro([*guiao, "fim"][:max_voltas]))
            r = _protocolo(responder_com_ferramentas, cliente, "x", {"ver_stock": lambda produto: resultado},
                           _ESQUEMAS, MODELO, max_voltas=max_voltas)
            pedidos = [[(m.get("role"), json.loads(m["content"]) if m.get("role") == "tool" else None)
                        for m in pedido["messages"]] for pedido in cliente.pedidos]
            return [r if not str(r).startswith("Parei após") else "Parei após…", pedidos]

        obtido, esperado = correr(nb.responder_com_ferramentas), correr(solucao.responder_com_ferramentas)
        assert igual_estrito(obtido, esperado), contraexemplo(
            "responder_com_ferramentas não faz o que o enunciado pede (comparado com a solução do curso).",
            f"um modelo que pede {voltas} e depois responde, max_voltas={max_voltas}", esperado, obtido)


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
# qualquer texto, com o que interessa a um analisador de expressões: algarismos de outras escritas,
# operadores, aspas, parênteses, letras, espaços (sem st.text() sem alfabeto: as tabelas Unicode
# custam segundos num kernel novo)
_TEXTO_2_6 = st.text(alphabet="0123456789+-*/%().e _xjJ,'\"[]{}<>=!~^&|@:;\\é٣\t\n", max_size=40).filter(
    lambda t: "**" not in "".join(t.split()))  # sem potências: o 2.6 não tem limites, 9**9**9 levaria horas


def _mesma_conta(funcao, referencia, texto, aceita_complexo_ou_erro=False):
    """A relação entre uma calculadora e a da solução: ValueError onde a solução dá ValueError, e
    onde ela dá um número, o mesmo número com o mesmo tipo (no 2.6, um complexo pode também dar
    ValueError: o enunciado deixa escolher)."""
    obtido, esperado = _correr(funcao, texto), _correr(referencia, texto)
    if isinstance(esperado, ValueError):
        certo = isinstance(obtido, ValueError)
    elif aceita_complexo_ou_erro and isinstance(esperado, complex):
        certo = isinstance(obtido, ValueError) or (type(obtido) is complex and obtido == esperado)
    else:
        certo = type(obtido) is type(esperado) and obtido == esperado
    nome = getattr(referencia, "__name__", "calcular")
    assert certo, contraexemplo(
        f"{nome} não faz o que o enunciado pede (comparado com a solução do curso).",
        f"{nome}({texto[:80]!r})", "ValueError" if isinstance(esperado, ValueError) else esperado,
        f"{type(obtido).__name__}: {obtido}" if isinstance(obtido, BaseException) else obtido)


# expressões à volta de cada limite do 2.7: expoentes perto de 100, 45 a 55 operações encaixadas,
# inteiros de 97 a 103 algarismos (escritos ou calculados), textos à volta dos 1 000 caracteres
_PERTO_DOS_LIMITES = st.one_of(
    st.builds(lambda b, e: f"{b} ** {e}", st.integers(-3, 12), st.integers(-105, 105)),
    st.builds(lambda n: "-" * n + "1", st.integers(45, 55)),
    st.builds(lambda n: "1 + (" * n + "1" + ")" * n, st.integers(45, 55)),
    st.builds(lambda n: "9" * n, st.integers(97, 103)),
    st.builds(lambda n, k: f"10 ** {n} * {k} - 1", st.integers(95, 100), st.integers(1, 20)),
    st.builds(lambda n: "1" + " " * n, st.integers(995, 1003)),
)


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

    @propriedade(_aritmetica, exemplos=15)
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
        if isinstance(esperado, complex):  # o enunciado deixa escolher: o complexo do Python ou ValueError
            assert isinstance(r, ValueError) or (type(r) is complex and r == esperado), explica(
                "Uma conta que dá um número complexo devolve o complexo que o Python dá, ou ValueError.",
                f"calcular({texto!r}) deu {r!r}, esperava {esperado!r} ou ValueError")
            return
        assert type(r) is type(esperado) and (r == esperado or math.isclose(r, esperado)), explica(
            "Avalia como o Python avaliaria esta expressão aritmética (o mesmo valor, o mesmo tipo).",
            f"calcular({texto!r}) deu {r!r}, esperava {esperado!r}")

    @propriedade(_aritmetica, st.sampled_from(HOSTIS), st.sampled_from(["{a} + ({h})", "({h}) * {a}", "{a} - {h}"]),
                 exemplos=15)
    @example(aritmetica="1", hostil="True + 1", molde="{a} + ({h})")  # sempre, não só quando calha
    def test_fuzz_hostil(self, nb, aritmetica, hostil, molde):
        """(hypothesis) Código hostil escondido em aritmética nunca corre e dá sempre ValueError"""
        texto = molde.format(a=aritmetica, h=hostil)
        with _Sentinela(nb) as sentinela:
            saida = _calcular(nb, texto)
        assert not sentinela.chamadas, explica("A expressão foi executada: nunca uses eval/exec.", f"com {texto!r}")
        assert isinstance(saida, ValueError), explica(
            "Qualquer nó fora da lista do que é permitido dá ValueError.", f"calcular({texto!r}) deu {saida!r}")

    @propriedade(_TEXTO_2_6, exemplos=15)
    @example("")  # o texto vazio: sempre, não só quando calha
    def test_fuzz_texto(self, nb, texto):
        """(hypothesis) Qualquer texto dá um resultado ou ValueError, nunca outra exceção"""
        r = _calcular(nb, texto)
        if isinstance(r, BaseException):
            assert isinstance(r, (ValueError, OverflowError)), explica(  # o transbordo é do 2.7
                "Converte os erros de ast.parse (SyntaxError…) em ValueError.",
                f"calcular({texto!r}) lançou {type(r).__name__}: {r}")

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.one_of(_aritmetica, st.builds(lambda a, h, m: m.format(a=a, h=h), _aritmetica,
                                                  st.sampled_from(HOSTIS), st.sampled_from(["{a} + ({h})", "{a} - {h}"])),
                           _TEXTO_2_6), exemplos=6)
    def oraculo_a_mesma_conta(self, nb, solucao, texto):
        """O mesmo valor (e tipo) que a solução, ou ValueError onde ela dá ValueError."""
        with _Sentinela(nb):  # o nome espia tem de existir: senão um eval daria NameError, não ValueError
            _mesma_conta(nb.calcular, solucao.calcular, texto, aceita_complexo_ou_erro=True)


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

    @propriedade(_aritmetica, st.sampled_from(HOSTIS), st.sampled_from(["{a} + ({h})", "({h}) * {a}", "{a} - {h}"]),
                 exemplos=15)
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

    @propriedade(_TEXTO_2_6, exemplos=15)
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

    # ---- só nos testes escondidos, do lado de confiança (curso.oraculo)

    @propriedade(st.one_of(_PERTO_DOS_LIMITES, _aritmetica), exemplos=7)
    def oraculo_os_mesmos_limites(self, nb, solucao, texto):
        """Perto de cada limite, recusa (ValueError) o que a solução recusa e calcula o que ela calcula."""
        _mesma_conta(nb.calcular_com_limites, solucao.calcular_com_limites, texto)


class TestEx2_8:
    """Quiz: o pedido depois de duas chamadas em paralelo"""

    recebe_contentores = False  # um quiz: não há funções a chamar

    def test_resposta_e_uma_letra(self, nb):
        """resposta_2_8 é uma das letras a, b, c ou d (a certa vê-se na correção)"""
        from curso.quizzes import letra_do_quiz

        letra_do_quiz(nb.resposta_2_8, "resposta_2_8", "abcd")
