"""O lado do kernel da fronteira: atende os pedidos do corretor sobre o espaço de nomes do aluno.

Corre dentro do kernel do aluno, por isso nada do que faz é de confiança — e não precisa de ser:
só devolve dados (o valor de um nome, o resultado de uma chamada, o estado dos argumentos depois
dela, uma exceção como tipo e mensagem). O corretor decide com eles; nunca corre aqui uma
verificação nem um teste escondido.

Uma célula de verificação do corretor é um só ``execute_request`` silencioso: ``servir()``, que
atende pedidos até o corretor dizer que acabou. Tudo vai pelo canal ``stdin`` do Jupyter: o kernel
escreve um ``input()`` cujo texto começa por ``PREFIXO`` (a resposta ao pedido anterior, ou uma
chamada de volta — um decisor, uma ferramenta espia, o modelo offline) e a resposta do corretor a
esse ``input()`` é o pedido seguinte, em JSON. Um pedido custa assim uma ida e volta no ``stdin``,
sem o ``execute_request`` (compilar, eventos do IPython, repor a blindagem) que cada um custaria.
"""

from __future__ import annotations

import builtins
import inspect
import json
import traceback
from typing import Any

from curso.fronteira.dados import (
    Codificador,
    Descodificador,
    ValorGrandeDemais,
    descrever_excecao,
    global_puro,
    modelo_do_sdk,
    nome_da_classe,
    objeto_global,
    reconstruir_excecao,
)

PREFIXO = "\x1ecurso-fronteira:"

_objetos: dict[int, Any] = {}  # referências que o corretor pode pedir: n → objeto
_numeros: dict[int, int] = {}  # id(objeto) → n
_locais: dict[int, Any] = {}  # representantes de objetos do corretor: n → representante
_pilha: list[list] = []  # os argumentos das chamadas do corretor em curso (a mais recente no fim)
_origens: dict[int, tuple[int, Any]] = {}  # id de um contentor vindo do corretor → (n, contentor)
_sessao: list[str] = [""]  # a sessão de servir() em curso (as mensagens do corretor trazem-na)


class Opaco:
    """Um objeto do corretor que não é dado nem função (um marcador ``object()``, um
    codificador de tokens…): os atributos, chamadas e itens são pedidos ao corretor. Anónimo,
    como as funções: o tipo não atravessa."""

    def __init__(self, numero: int):
        object.__setattr__(self, "_numero", numero)

    def _pedir(self, operacao: str, *args, **kwargs):
        return _chamar_de_volta(self._numero, args, kwargs, operacao)

    def __getattr__(self, nome: str):
        if nome.startswith("__"):
            raise AttributeError(nome)
        return self._pedir("atributo", nome)

    def __call__(self, *args, **kwargs):
        return self._pedir("chamar", *args, **kwargs)

    def __getitem__(self, chave):
        return self._pedir("item", chave)

    def __len__(self) -> int:
        return self._pedir("tamanho")

    def __iter__(self):
        return iter(self._pedir("lista"))

    def __repr__(self) -> str:
        return "<objeto do corretor>"


def reiniciar() -> None:
    """Uma ligação nova do corretor: os números de objetos de ligações anteriores deixam de valer."""
    _objetos.clear()
    _numeros.clear()
    _locais.clear()
    _pilha.clear()
    _origens.clear()


def _espaco() -> dict:
    from IPython import get_ipython

    return get_ipython().user_ns


def _referir(objeto: Any) -> dict:
    if isinstance(objeto, Opaco):
        return {"$opaco": objeto._numero}
    numero = getattr(objeto, "_curso_numero_local", None) if callable(objeto) else None
    if isinstance(numero, int) and _locais.get(numero) is objeto:
        return {"$local": numero}
    n = _numeros.get(id(objeto))
    if n is None or _objetos.get(n) is not objeto:
        n = len(_objetos) + 1
        _objetos[n] = objeto
        _numeros[id(objeto)] = n
    forma = "mapa" if isinstance(objeto, dict) else "lista" if isinstance(objeto, list) else "objeto"
    try:
        texto = repr(objeto)[:200]
    except Exception:  # noqa: BLE001 — um __repr__ do aluno que rebenta
        texto = f"<{type(objeto).__name__}>"
    # o corretor não pergunta de onde vem uma função: tudo o que vive aqui é código do aluno
    return {"$ref": n, "tipo": nome_da_classe(type(objeto))[:200], "forma": forma,
            "repr": texto, "chamavel": callable(objeto)}


def _resolver(marca: dict) -> Any:
    if "$ref" in marca:
        return _objetos[int(marca["$ref"])]
    if "$opaco" in marca:
        return _local(marca, Opaco)
    if "$chamavel" in marca:
        return _local(marca, lambda n: _chamavel(n, marca))
    if "$cliente" in marca:
        return _local(marca, lambda n: _cliente(n, marca))
    if "$modelo" in marca:
        return modelo_do_sdk(marca)
    if "$global" in marca:
        return objeto_global(marca)
    raise ValueError(f"marca desconhecida: {sorted(marca)}")


def _local(marca: dict, criar) -> Any:
    numero = int(next(v for k, v in marca.items() if k.startswith("$")))
    if numero not in _locais:
        objeto = criar(numero)
        try:
            objeto._curso_numero_local = numero
        except AttributeError:
            pass
        _locais[numero] = objeto
    return _locais[numero]


def _anotacao(nome: str | None):
    tipos = {t.__name__: t for t in (int, float, str, bool, list, dict, tuple, type(None))}
    return tipos.get(nome, inspect.Parameter.empty) if nome else inspect.Parameter.empty


def _chamavel(numero: int, marca: dict):
    """Uma função que, chamada pelo aluno, chama de volta o objeto do corretor. Anónima (sem nome,
    assinatura, docstring nem módulo), a não ser que o corretor a descreva (``dados.descrita``)."""

    def funcao(*args, **kwargs):
        return _chamar_de_volta(numero, args, kwargs)

    funcao.__name__ = funcao.__qualname__ = "funcao"
    funcao.__module__ = None
    descricao = marca.get("descricao")
    if isinstance(descricao, dict):
        _descrever(funcao, descricao)
    return funcao


def _descrever(funcao, descricao: dict) -> None:
    """O nome, a docstring e a assinatura que o corretor mandou para uma função ``descrita``."""
    funcao.__name__ = str(descricao.get("nome") or "funcao")
    funcao.__qualname__ = str(descricao.get("nome_qualificado") or funcao.__name__)
    funcao.__doc__ = descricao.get("doc")
    parametros = []
    for p in descricao.get("assinatura") or []:
        omissao = _descodificar(p["omissao"]) if "omissao" in p else inspect.Parameter.empty
        parametros.append(inspect.Parameter(p["nome"], inspect._ParameterKind(p["tipo"]),
                                            default=omissao, annotation=_anotacao(p.get("anotacao"))))
    if descricao.get("assinatura") is None:
        return
    retorno = _anotacao(descricao.get("retorno"))
    try:
        funcao.__signature__ = inspect.Signature(parametros, return_annotation=retorno)
    except ValueError:
        return
    funcao.__annotations__ = {p.name: p.annotation for p in parametros
                              if p.annotation is not inspect.Parameter.empty}
    if retorno is not inspect.Parameter.empty:
        funcao.__annotations__["return"] = retorno


def _cliente(numero: int, marca: dict):
    """Um ``openai.OpenAI`` verdadeiro cujos pedidos HTTP são respondidos pelo corretor."""
    import httpx2
    import openai

    from curso.offline.transporte import CHAVE_FICTICIA, URL_OFFLINE

    def responder(pedido):
        estado, cabecalhos, corpo = _chamar_de_volta(
            numero, (pedido.method, pedido.url.path, pedido.content), {})
        return httpx2.Response(estado, headers=cabecalhos, content=corpo)

    opcoes = {"api_key": CHAVE_FICTICIA, "base_url": URL_OFFLINE, "max_retries": 0}
    opcoes.update({k: v for k, v in (marca.get("opcoes") or {}).items() if k in ("max_retries",)})
    classe = openai.AsyncOpenAI if marca.get("assincrono") else openai.OpenAI
    transporte = httpx2.MockTransport(responder)
    cliente_http = httpx2.AsyncClient(transport=transporte) if marca.get("assincrono") else \
        httpx2.Client(transport=transporte)
    return classe(http_client=cliente_http, **opcoes)


def _origem(valor: Any) -> int | None:
    """O número com que o contentor veio do corretor: volta como ``$de`` (o mesmo objeto lá)."""
    par = _origens.get(id(valor))
    return par[0] if par is not None and par[1] is valor else None


def _chegou(numero: int, valor: Any) -> Any:
    _origens[id(valor)] = (numero, valor)
    return valor


def _codificador() -> Codificador:
    return Codificador(_referir, _origem)


def _descodificador() -> Descodificador:
    return Descodificador(_resolver, de_volta=_chegou)


def _descodificar(dados: Any) -> Any:
    return _descodificador().descodificar(dados, [0])


def _enviar(mensagem: dict) -> dict:
    return _enviar_texto(json.dumps(mensagem, ensure_ascii=False, allow_nan=False))


def _enviar_texto(texto: str) -> dict:
    """Manda ao corretor uma mensagem (``texto``, JSON) e devolve a seguinte dele nesta sessão.

    Vai como o ``input_request`` do canal stdin do kernel (não o ``builtins.input``, que o aluno
    pode trocar), mas sem o que o ``raw_input`` do ipykernel faz antes de cada pedido — deitar fora
    o que já está à espera no socket: aqui o que lá estiver pode ser a mensagem seguinte do
    corretor (ver ``Ligacao.preparar``). O que sobrou de outra sessão é ignorado."""
    from IPython import get_ipython

    kernel = get_ipython().kernel
    kernel.session.send(kernel.stdin_socket, "input_request", {"prompt": PREFIXO + texto, "password": False},
                        kernel.get_parent("shell"), ident=kernel._parent_ident["shell"])
    return _receber()


def _receber() -> dict:
    """A mensagem seguinte do corretor nesta sessão (as de outras sessões são ignoradas)."""
    import zmq
    from IPython import get_ipython

    kernel = get_ipython().kernel
    while True:
        # com prazo curto, como o ipykernel: o zmq.select não se deixa interromper pelo Ctrl+C
        legiveis, _, erros = zmq.select([kernel.stdin_socket], [], [kernel.stdin_socket], 0.01)
        if not (legiveis or erros):
            continue
        _, resposta = kernel.session.recv(kernel.stdin_socket)
        if resposta is None:
            continue
        try:
            recebida = json.loads(str(resposta.get("content", {}).get("value", "")))
        except ValueError:
            continue  # não é do corretor desta sessão (que só manda objetos JSON)
        if isinstance(recebida, dict) and recebida.get("sessao") == _sessao[0]:
            return recebida


def _chamar_de_volta(numero: int, args: tuple, kwargs: dict, operacao: str = "chamar") -> Any:
    """Chama um objeto do corretor. Leva o estado atual dos argumentos da chamada em curso (um
    espião vê o registo como o aluno o deixou até ali) e atende os pedidos que o corretor fizer
    entretanto (um decisor da verificação que chama outra função do aluno)."""
    codificador = _codificador()
    raizes = [codificador.codificar(v, [i]) for i, v in enumerate([*args, *kwargs.values()])]
    estado = None
    if _pilha:
        estado_codificador = _codificador()
        estado = [estado_codificador.codificar(v, [i]) for i, v in enumerate(_pilha[-1])]
    resposta = _enviar({"tipo": "chamada", "alvo": numero, "operacao": operacao, "raizes": raizes,
                        "n_args": len(args), "nomes": list(kwargs), "estado": estado})
    while resposta.get("tipo") == "operar":
        resposta = _responder(_atender_um(resposta.get("pedido")), resposta.get("n"))
    if resposta.get("ok"):
        return _descodificar(resposta.get("valor"))
    raise reconstruir_excecao(resposta.get("erro") or {}, _descodificar, estrita=False)


def _responder(resposta: dict, numero: Any) -> dict:
    """Manda ao corretor a resposta ao pedido ``numero`` (nunca lança por causa do valor);
    devolve o que ele mandar a seguir."""
    resposta.update(tipo="fim", n=numero if isinstance(numero, int) else None)
    try:
        texto = json.dumps(resposta, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, ValorGrandeDemais) as erro:  # um valor que não é JSON
        texto = json.dumps({"tipo": "fim", "n": resposta["n"], "ok": False, "erro": {
            "tipo": "ValueError", "mro": ["builtins.ValueError"],
            "mensagem": f"o valor não atravessa a fronteira: {erro}"[:2000]}}, ensure_ascii=False)
    return _enviar_texto(texto)


# ------------------------------------------------------------------------------------ operações


def _puro(valor: Any) -> bool:
    """Só dados (sem funções nem objetos): passa como cópia; senão passa como referência."""
    def recusar(_objeto):
        raise TypeError

    globais: set[str] = set()
    try:
        Codificador(recusar, globais=globais).codificar(valor, [0])
    except (TypeError, ValorGrandeDemais):
        return False
    return all(global_puro(g) for g in globais)  # as outras funções ficam aqui (ver global_puro)


def _valor_de_topo(valor: Any) -> Any:
    # uma função (também ``f = eval``) vai como referência: chamada, corre aqui, como no caderno
    if callable(valor) and not isinstance(valor, type) or isinstance(valor, (dict, list)) and not _puro(valor):
        return _referir(valor)
    return _codificador().codificar(valor, [0])


def _quadros(erro: BaseException) -> list[dict]:
    """Os quadros do traceback que são código de células (do aluno), com o número da célula; sem
    nenhum, os outros quadros por onde passou (menos os deste módulo). O corretor trata a exceção
    como do aluno de qualquer maneira: isto só diz onde."""
    from IPython import get_ipython

    mapa = getattr(getattr(get_ipython(), "compile", None), "_filename_map", None) or {}
    celulas, outros = [], []
    for q in traceback.extract_tb(erro.__traceback__):
        numero = mapa.get(q.filename) if isinstance(mapa, dict) else None
        if numero is None and not q.filename.startswith("<ipython-input"):
            if q.filename != __file__:
                outros.append({"ficheiro": q.filename[:500], "linha": q.lineno, "funcao": q.name,
                               "texto": (q.line or "")[:300]})
            continue
        celulas.append({"ficheiro": f"<célula In [{numero}]>" if numero is not None else q.filename,
                        "linha": q.lineno, "funcao": q.name, "texto": (q.line or "")[:300]})
    return (celulas or outros)[-20:]


def _erro(erro: BaseException) -> dict:
    descricao = descrever_excecao(erro, lambda v: _codificador().codificar(v, [0]))
    descricao["quadros"] = _quadros(erro)
    return descricao


def _chamar(pedido: dict) -> dict:
    alvo = _objetos[int(pedido["alvo"])]
    descodificador = _descodificador()
    valores = [descodificador.descodificar(v, [i]) for i, v in enumerate(pedido["raizes"])]
    n = int(pedido["n_args"])
    args, kwargs = valores[:n], dict(zip(pedido["nomes"], valores[n:]))
    _pilha.append(valores)
    try:
        resultado = alvo(*args, **kwargs)
    except Exception as erro:  # noqa: BLE001 — o código do aluno pode lançar tudo
        codificador = _codificador()
        return {"ok": False, "erro": _erro(erro),
                "depois": [codificador.codificar(v, [i]) for i, v in enumerate(valores)]}
    finally:
        _pilha.pop()
    # o estado dos argumentos depois da chamada e depois o resultado, no mesmo codificador:
    # um resultado que é um dos argumentos sai como ``$mesmo``
    codificador = _codificador()
    depois = [codificador.codificar(v, [i]) for i, v in enumerate(valores)]
    return {"ok": True, "depois": depois, "valor": codificador.codificar(resultado, [len(valores)])}


def _assinatura(objeto: Any) -> list[dict]:
    parametros = []
    for p in inspect.signature(objeto).parameters.values():
        descricao = {"nome": p.name, "tipo": int(p.kind)}
        if p.default is not inspect.Parameter.empty:
            descricao["omissao"] = _codificador().codificar(p.default, [0])
        if isinstance(p.annotation, type):
            descricao["anotacao"] = p.annotation.__name__
        parametros.append(descricao)
    return parametros


def _operar(pedido: dict) -> dict:
    op = pedido.get("op")
    if op == "obter":
        espaco = _espaco()
        nome = str(pedido["nome"])
        if nome not in espaco:
            return {"ok": True, "falta": True}
        if espaco[nome] is Ellipsis:
            return {"ok": True, "reticencias": True}
        return {"ok": True, "valor": _valor_de_topo(espaco[nome])}
    if op == "chamar":
        return _chamar(pedido)
    if op == "eco":
        return {"ok": True}
    alvo = _objetos.get(int(pedido.get("alvo", 0)))
    try:
        if op == "atributo":
            return {"ok": True, "valor": _valor_de_topo(getattr(alvo, str(pedido["nome"])))}
        if op == "assinatura":
            return {"ok": True, "valor": _assinatura(alvo)}
        if op == "valor":
            return {"ok": True, "valor": _codificador().codificar(alvo, [0])}
        chave = _descodificar(pedido["chave"]) if "chave" in pedido else None
        if op == "item":
            return {"ok": True, "valor": _valor_de_topo(alvo[chave])}
        if op == "por_item":
            alvo[chave] = _descodificar(pedido["valor"])
            return {"ok": True}
        if op == "apagar_item":
            del alvo[chave]
            return {"ok": True}
        if op == "chaves":
            return {"ok": True, "valor": _codificador().codificar(list(alvo), [0])}
        if op == "builtin":
            setattr(builtins, str(pedido["nome"]), _descodificar(pedido["valor"]))
            return {"ok": True}
        if op == "tirar_builtin":
            if hasattr(builtins, str(pedido["nome"])):
                delattr(builtins, str(pedido["nome"]))
            return {"ok": True}
    except Exception as erro:  # noqa: BLE001
        return {"ok": False, "erro": _erro(erro)}
    return {"ok": False, "erro": {"tipo": "ValueError", "mro": ["builtins.ValueError"],
                                  "mensagem": f"operação desconhecida: {op!r}"}}


def _atender_um(pedido: Any) -> dict:
    """Um pedido do corretor: a resposta (nunca lança; um Ctrl+C do corretor, que interrompe o
    código do aluno que passou do prazo, volta como a resposta desse pedido)."""
    try:
        return _operar(pedido if isinstance(pedido, dict) else {})
    except KeyboardInterrupt:
        return {"ok": False, "interrompido": True, "erro": {
            "tipo": "KeyboardInterrupt", "mro": ["builtins.BaseException"],
            "mensagem": "interrompido pelo corretor"}}
    except Exception as erro:  # noqa: BLE001
        return {"ok": False, "erro": _erro(erro)}


def servir(novo: bool = True, sessao: str = "") -> None:
    """Atende os pedidos do corretor até ele mandar outra coisa que não um pedido (``terminar``).

    ``novo``: uma ligação nova (os números de objetos de ligações anteriores deixam de valer);
    ``False`` quando o corretor volta a servir na mesma ligação, depois de uma interrupção.
    ``sessao``: cada mensagem do corretor leva-a; as de sessões anteriores que tenham ficado no
    canal stdin (a resposta a um pedido interrompido, por exemplo) são ignoradas."""
    if novo:
        reiniciar()
    _sessao[0] = sessao
    mensagem = _enviar({"tipo": "pronto"})
    while mensagem.get("tipo") == "operar":
        mensagem = _responder(_atender_um(mensagem.get("pedido")), mensagem.get("n"))
