"""O lado de confiança da fronteira: o caderno do aluno visto de fora, através do kernel.

``CadernoRemoto`` tem a mesma interface que ``curso.caderno.Caderno`` (``nb.funcao(...)``,
``nb.NOME``, ``"nome" in nb``): as verificações escritas para correr dentro do kernel correm
igual aqui, sem saber de que lado está a função. Cada acesso é um pedido ao kernel
(``curso.fronteira.kernel``) por uma ligação própria do Jupyter; só passam dados
(``curso.fronteira.dados``). Os objetos das verificações (decisores, espiões, o modelo offline)
ficam deste lado e são chamados de volta pelo canal ``stdin``.

Os tempos limite são deste lado: um pedido que passa do prazo interrompe o kernel; se ele não
responder, a ligação dá-se por perdida e quem a usa reinicia o kernel.
"""

from __future__ import annotations

import inspect
import json
import time
import uuid
from collections.abc import MutableMapping
from typing import Any

from curso.caderno import NaoImplementado, NomeEmFalta
from curso.fronteira.dados import (
    Codificador,
    Descodificador,
    ErroDaFronteira,
    ValorGrandeDemais,
    descrever_excecao,
    global_puro,
    modelo_do_sdk,
    nome_da_classe,
    nome_global,
    objeto_global,
    reconstruir_excecao,
)
from curso.fronteira.kernel import PREFIXO
from curso.verificacao.tracebacks import anexar_quadros

LIMITE_MENSAGEM = 32 * 2**20  # caracteres de uma mensagem do kernel; mais do que isto é falha
ESPERA_INTERRUPCAO = 5.0  # segundos que o kernel tem para responder depois de interrompido
SERVIR = "__import__('curso.fronteira.kernel', fromlist=['servir']).servir({}, {!r})"
DUNDERS_REMOTOS = {"__name__", "__qualname__", "__doc__", "__module__", "__globals__",
                   "__defaults__", "__kwdefaults__", "__dict__"}


class Ligacao:
    """Os pedidos ao kernel do aluno, por um cliente Jupyter só da fronteira.

    ``cliente`` é um ``BlockingKernelClient`` ligado ao kernel (canais shell e stdin);
    ``interromper`` interrompe o kernel (um sinal, do lado de quem o arrancou).
    """

    def __init__(self, cliente, interromper=None, registo: list | None = None, vivo=None,
                 limite: float = 60.0):
        self.cliente = cliente
        self.limite = limite  # segundos de cada pedido (passado, o kernel é interrompido)
        self.interromper = interromper
        self.vivo = vivo  # diz se o processo do kernel ainda existe (quem o arrancou sabe)
        self.morreu = False
        self.perdida = False
        self.tempo_esgotado = False  # um pedido passou do prazo (e o kernel foi interrompido)
        self.prazo_total: float | None = None  # time.monotonic() a partir do qual nada se pede
        self.registo = registo  # tudo o que se mandou ao kernel (para as provas)
        self._locais: dict[int, Any] = {}
        self._numeros: dict[int, int] = {}
        self._remotos: dict[int, Any] = {}  # n do kernel → representante (a mesma identidade)
        self._profundidade = 0  # chamadas de volta em curso (o kernel espera a nossa resposta)
        self._pilha: list[list] = []  # os argumentos originais das chamadas em curso
        self._enviados: dict[int, Any] = {}  # contentores mandados ao kernel: n → o próprio
        self._numeros_enviados: dict[int, int] = {}
        self._servindo = False  # o kernel está em servir(), à espera de um pedido
        self._sessao = ""  # a sessão de servir() em curso
        self._globais: set[str] = set()  # as funções que daqui foram pelo nome (``$global``)
        self._pedidos = 0  # o número do último pedido
        self._msg_servico: str | None = None  # o execute_request de servir()
        self._fim_do_servico: dict = {}

    # ------------------------------------------------------------------ transporte
    #
    # O kernel está em ``servir()`` (um só execute_request por ligação) e espera cada pedido
    # num input() do canal stdin: um pedido é a resposta a esse input, e a resposta do kernel
    # chega como o input seguinte. Cada mensagem daqui leva a sessão (o kernel ignora as de outra
    # sessão) e cada pedido um número (que volta na resposta). Depois de uma interrupção,
    # ``servir`` volta a arrancar noutra sessão.

    def _mandar_texto(self, texto: str) -> None:
        if self.registo is not None:
            self.registo.append(texto)
        self.cliente.input(texto)

    def _mandar(self, mensagem: dict) -> None:
        self._mandar_texto(json.dumps({**mensagem, "sessao": self._sessao},
                                      ensure_ascii=False, allow_nan=False))

    def preparar(self, limite: float | None = None) -> None:
        """Põe o kernel a servir; na primeira vez esquece as referências de ligações anteriores
        (os números dos objetos são desta ligação)."""
        self._sessao = uuid.uuid4().hex
        codigo = SERVIR.format("True" if self._msg_servico is None else "False", self._sessao)
        if self.registo is not None:
            self.registo.append(codigo)
        self._msg_servico = self.cliente.execute(codigo, silent=True, store_history=False,
                                                 allow_stdin=True, stop_on_error=False)
        self._servindo = True
        prazo = time.monotonic() + self._limite(limite or self.limite)
        # O «pronto» perde-se se o kernel o mandar antes de o canal stdin deste cliente estar
        # ligado (o ROUTER do zmq deita fora o que não sabe a quem entregar). Um eco mandado já
        # espera no socket do kernel e tem resposta quando chegar: com um dos dois, está a servir.
        eco = self._mandar_pedido({"op": "eco"})
        try:
            self._esperar(prazo, lambda m: m.get("tipo") == "pronto" or m.get("n") == eco)
        except BaseException:
            self._recuperar()
            raise

    def fechar(self, limite: float = 5.0) -> None:
        """O kernel sai de ``servir()`` e fica livre para a célula seguinte do caderno."""
        if not self._servindo or self.perdida:
            return
        self._mandar({"tipo": "terminar"})
        prazo = time.monotonic() + limite
        while time.monotonic() < prazo:
            if self._resposta_do_shell(self._msg_servico):
                return
            while self.cliente.stdin_channel.msg_ready():  # respostas atrasadas (o eco)
                self.cliente.stdin_channel.get_msg(timeout=0)
            self._aguardar(min(0.2, max(prazo - time.monotonic(), 0)))
        self._recuperar()  # não saiu de servir a tempo: interrompe-se

    def _limite(self, limite: float) -> float:
        if self.prazo_total is None:
            return limite
        restante = self.prazo_total - time.monotonic()
        if restante <= 0:
            self.tempo_esgotado = True
            raise ErroDaFronteira("acabou o tempo desta célula", tempo=True)
        return min(limite, restante)

    def pedir(self, pedido: dict, limite: float | None = None) -> dict:
        if self.perdida:
            raise ErroDaFronteira("a ligação ao kernel perdeu-se numa verificação anterior")
        limite = self._limite(limite or self.limite)
        if not self._servindo and not self._profundidade:
            self.preparar(limite)  # depois de uma interrupção, o kernel volta a servir
        numero = self._mandar_pedido(pedido)
        prazo = time.monotonic() + limite
        def e_a_resposta(m):
            return m.get("tipo") == "fim" and m.get("n") == numero
        if self._profundidade:
            # dentro de uma chamada de volta: quem interrompe, se for preciso, é o pedido de fora
            return self._esperar(prazo, e_a_resposta)
        try:
            return self._esperar(prazo, e_a_resposta)
        except BaseException:
            self._recuperar()
            raise

    def _mandar_pedido(self, pedido: dict) -> int:
        """Cada pedido leva um número, que volta na resposta: uma resposta atrasada (a de um eco,
        a de um pedido interrompido) nunca passa pela de outro."""
        self._pedidos += 1
        self._mandar({"tipo": "operar", "n": self._pedidos, "pedido": pedido})
        return self._pedidos

    def _resposta_do_shell(self, msg_id: str | None) -> bool:
        """Consome as respostas do canal shell; diz se chegou a de ``msg_id`` (servir acabou)."""
        while self.cliente.shell_channel.msg_ready():
            msg = self.cliente.shell_channel.get_msg(timeout=0)
            if msg.get("parent_header", {}).get("msg_id") == msg_id:
                self._servindo = False
                self._fim_do_servico = msg.get("content", {})
                return True
        return False

    def _esperar(self, prazo: float, e_a_resposta) -> dict:
        """Espera a mensagem do kernel que ``e_a_resposta`` aceita; as chamadas de volta são
        atendidas entretanto, as respostas atrasadas deitadas fora."""
        msg_id = self._msg_servico
        while True:
            restante = prazo - time.monotonic()
            if restante <= 0:
                # o corretor interrompe o kernel (_recuperar); se nem assim responder, perde-o
                self.tempo_esgotado = True
                raise ErroDaFronteira("o código não terminou a tempo", tempo=True)
            if self.cliente.stdin_channel.msg_ready():
                msg = self.cliente.stdin_channel.get_msg(timeout=0)
                if msg.get("parent_header", {}).get("msg_id") == msg_id:
                    fim = self._atender(msg)
                    if fim is not None and e_a_resposta(fim):
                        return fim
                continue
            if self._resposta_do_shell(msg_id):
                conteudo = self._fim_do_servico
                raise ErroDaFronteira(
                    "o kernel deixou de atender a correção sem responder "
                    f"({conteudo.get('ename', conteudo.get('status'))})")
            if not self._aguardar(min(restante, 0.5)) and self.vivo is not None and not self.vivo():
                self.perdida = self.morreu = True  # os._exit, falta de memória, um crash
                raise ErroDaFronteira("o kernel morreu a meio da verificação")

    def _aguardar(self, segundos: float) -> bool:
        import zmq

        poller = zmq.Poller()
        poller.register(self.cliente.stdin_channel.socket, zmq.POLLIN)
        poller.register(self.cliente.shell_channel.socket, zmq.POLLIN)
        return bool(poller.poll(int(segundos * 1000) + 1))

    def _recuperar(self) -> None:
        """Depois de um prazo ou de um erro a meio: interromper o kernel e esperar que saia de
        ``servir`` (o pedido seguinte volta a pô-lo a servir). Se não sair, a ligação perde-se."""
        if self._servindo and self.interromper is not None:
            try:
                self.interromper()
            except Exception:  # noqa: BLE001
                pass
        prazo = time.monotonic() + ESPERA_INTERRUPCAO
        while self._servindo and time.monotonic() < prazo:
            if self.cliente.stdin_channel.msg_ready():
                msg = self.cliente.stdin_channel.get_msg(timeout=0)
                if _tipo(msg) == "chamada":
                    self._mandar({"ok": False, "erro": {
                        "tipo": "KeyboardInterrupt", "mro": ["builtins.BaseException"],
                        "mensagem": "interrompido pelo corretor"}})
                elif _tipo(msg) is None:  # um input() do aluno
                    self._mandar_texto("")
                else:  # a resposta ao pedido interrompido: acabou-se
                    self._mandar({"tipo": "terminar"})
                continue
            if self._resposta_do_shell(self._msg_servico):
                break
            self._aguardar(0.2)
        if self._servindo:
            if self.vivo is not None and not self.vivo():
                self.morreu = True
            self.perdida = True
        self._servindo = False

    def _atender(self, msg: dict) -> dict | None:
        """Uma mensagem ``input_request`` do kernel: a resposta final ou uma chamada de volta."""
        prompt = str(msg.get("content", {}).get("prompt", ""))
        if not prompt.startswith(PREFIXO):  # o código do aluno a pedir input(): nada a dar
            self._mandar_texto("")
            return None
        if len(prompt) > LIMITE_MENSAGEM:
            self._mandar({"ok": False, "erro": {
                "tipo": "ValueError", "mro": ["builtins.ValueError"],
                "mensagem": "mensagem grande demais"}})
            raise ErroDaFronteira("o kernel mandou uma mensagem grande demais")
        try:
            mensagem = json.loads(prompt[len(PREFIXO):])
            if not isinstance(mensagem, dict):
                raise ValueError("não é um objeto JSON")
        except ValueError as erro:
            self._mandar({})
            raise ErroDaFronteira(f"o kernel mandou uma mensagem ilegível ({erro})") from None
        if mensagem.get("tipo") in ("fim", "pronto"):
            return mensagem  # o kernel fica à espera do pedido seguinte (ou de «terminar»)
        self._profundidade += 1
        try:
            resposta = self._chamada_de_volta(mensagem)
        finally:
            self._profundidade -= 1
        self._mandar(resposta)
        return None

    def _chamada_de_volta(self, mensagem: dict) -> dict:
        try:
            alvo = self._locais[int(mensagem["alvo"])]
            descodificador = self._descodificador()
            valores = [descodificador.descodificar(v, [i]) for i, v in enumerate(mensagem["raizes"])]
            n = int(mensagem["n_args"])
            kwargs = dict(zip([str(x) for x in mensagem["nomes"]], valores[n:]))
            self._atualizar_argumentos(mensagem.get("estado"))
        except (KeyError, TypeError, ValueError, IndexError, ErroDaFronteira) as erro:
            return {"ok": False, "erro": descrever_excecao(erro, self.codificar)}
        try:
            resultado = _operacao(alvo, str(mensagem.get("operacao", "chamar")), valores[:n], kwargs)
        except Exception as erro:  # noqa: BLE001 — um espião da verificação que lança de propósito
            return {"ok": False, "erro": descrever_excecao(erro, self.codificar)}
        try:
            return {"ok": True, "valor": self.codificar(resultado)}
        except ValorGrandeDemais as erro:
            return {"ok": False, "erro": descrever_excecao(erro, self.codificar)}

    def _atualizar_argumentos(self, estado) -> None:
        """Os argumentos da chamada em curso passam a ter o estado que têm agora no kernel."""
        if estado is None or not self._pilha:
            return
        originais = self._pilha[-1]
        if not isinstance(estado, list) or len(estado) != len(originais):
            raise ErroDaFronteira("o kernel mandou um estado dos argumentos inválido")
        descodificador = self._descodificador([None] * len(originais))
        for i, (original, dados) in enumerate(zip(originais, estado)):
            descodificador.fixar_raiz(i, _repor(original, descodificador.descodificar(dados, [i])))

    # ------------------------------------------------------------------ dados

    def _local(self, objeto: Any) -> int:
        n = self._numeros.get(id(objeto))
        if n is None or self._locais.get(n) is not objeto:
            n = len(self._locais) + 1
            self._locais[n] = objeto
            self._numeros[id(objeto)] = n
        return n

    def referir(self, objeto: Any) -> dict:
        if isinstance(objeto, (ObjetoRemoto, DictRemoto)):
            return {"$ref": objeto._numero}
        motor = getattr(objeto, "motor", None)
        if motor is not None and hasattr(motor, "tratar") and hasattr(objeto, "chat"):
            tratar = motor.tratar
            n = self._local(objeto)
            self._locais[n] = objeto
            self._locais.setdefault(-n, tratar)
            assincrono = nome_da_classe(type(objeto)).endswith("AsyncOpenAI")
            return {"$cliente": -n, "opcoes": {"max_retries": getattr(objeto, "max_retries", 0)},
                    "assincrono": assincrono}
        global_ = nome_global(objeto)
        if global_ is not None:
            self._globais.add(global_)
            return {"$global": global_}
        if callable(objeto):
            return {"$chamavel": self._local(objeto), **_descrever_chamavel(objeto, self.codificar)}
        return {"$opaco": self._local(objeto), "tipo": type(objeto).__name__}

    def _origem(self, valor: Any) -> int:
        """Cada contentor mandado ao kernel leva um número: se voltar (a ferramenta devolveu uma
        lista e a função do aluno devolve-a «tal como veio»), volta a ser o mesmo objeto."""
        n = self._numeros_enviados.get(id(valor))
        if n is None or self._enviados.get(n) is not valor:
            n = len(self._enviados) + 1
            self._enviados[n] = valor
            self._numeros_enviados[id(valor)] = n
        return n

    def _de_volta(self, numero: int, novo: Any) -> Any:
        original = self._enviados.get(numero)
        return novo if original is None else _repor(original, novo)

    def _codificador(self) -> Codificador:
        return Codificador(self.referir, self._origem, self._globais)

    def _descodificador(self, raizes: list | None = None) -> Descodificador:
        return Descodificador(self.resolver, raizes, de_volta=self._de_volta)

    def codificar(self, valor: Any) -> Any:
        return self._codificador().codificar(valor, [0])

    def resolver(self, marca: dict) -> Any:
        if "$ref" in marca:
            n = int(marca["$ref"])
            if n not in self._remotos:
                classe = DictRemoto if marca.get("forma") == "mapa" else ObjetoRemoto
                self._remotos[n] = classe(self, n, marca)
            return self._remotos[n]
        for chave in ("$chamavel", "$opaco", "$local"):
            if chave in marca:
                return self._locais[int(marca[chave])]
        if "$cliente" in marca:
            return self._locais[-int(marca["$cliente"])]
        if "$modelo" in marca:
            return modelo_do_sdk(marca)
        if "$global" in marca:
            nome = str(marca.get("$global"))
            if nome not in self._globais and not global_puro(nome):
                # o kernel não escolhe o que o corretor corre (ver dados.global_puro)
                raise ErroDaFronteira(f"o kernel mandou uma função do corretor que não lhe foi dada: "
                                      f"{nome[:100]!r}")
            return objeto_global(marca)
        raise ErroDaFronteira(f"o kernel mandou uma marca desconhecida: {sorted(marca)[:3]}")

    def descodificar(self, dados: Any) -> Any:
        try:
            return self._descodificador().descodificar(dados, [0])
        except (KeyError, TypeError, ValueError, IndexError) as erro:
            raise ErroDaFronteira(f"o kernel mandou dados inválidos ({erro})") from None

    def resposta(self, pedido: dict, limite: float | None = None) -> Any:
        """O valor de uma operação; uma exceção do lado do aluno é relançada deste lado."""
        fim = self.pedir(pedido, limite)
        if not fim.get("ok"):
            raise self.excecao(fim.get("erro") or {})
        return self.descodificar(fim.get("valor"))

    def excecao(self, descricao: dict) -> BaseException:
        erro = reconstruir_excecao(descricao, self.descodificar)
        quadros = descricao.get("quadros")
        if isinstance(quadros, list):
            anexar_quadros(erro, [q for q in quadros if isinstance(q, dict)][:20])
        return erro

    def chamar(self, numero: int, args: tuple, kwargs: dict) -> Any:
        originais = [*args, *kwargs.values()]
        codificador = self._codificador()
        raizes = [codificador.codificar(v, [i]) for i, v in enumerate(originais)]
        self._pilha.append(originais)
        try:
            fim = self.pedir({"op": "chamar", "alvo": numero, "raizes": raizes,
                              "n_args": len(args), "nomes": list(kwargs)})
        finally:
            self._pilha.pop()
        if not fim.get("ok"):
            if isinstance(fim.get("depois"), list) and len(fim["depois"]) == len(originais):
                self._pilha.append(originais)
                try:
                    self._atualizar_argumentos(fim["depois"])
                finally:
                    self._pilha.pop()
            raise self.excecao(fim.get("erro") or {})
        depois = fim.get("depois")
        if not isinstance(depois, list) or len(depois) != len(originais):
            raise ErroDaFronteira("o kernel não devolveu o estado dos argumentos")
        descodificador = self._descodificador([None] * (len(originais) + 1))
        try:
            for i, (original, dados) in enumerate(zip(originais, depois)):
                novo = descodificador.descodificar(dados, [i])
                descodificador.fixar_raiz(i, _repor(original, novo))
            return descodificador.descodificar(fim.get("valor"), [len(originais)])
        except (KeyError, TypeError, ValueError, IndexError) as erro:
            raise ErroDaFronteira(f"o kernel mandou dados inválidos ({erro})") from None


def _tipo(msg: dict) -> str | None:
    """O tipo de uma mensagem da fronteira vinda do kernel (``None``: um ``input()`` do aluno ou
    uma mensagem que não se percebe)."""
    prompt = str(msg.get("content", {}).get("prompt", ""))
    if not prompt.startswith(PREFIXO) or len(prompt) > LIMITE_MENSAGEM:
        return None
    try:
        mensagem = json.loads(prompt[len(PREFIXO):])
    except ValueError:
        return None
    return mensagem.get("tipo") if isinstance(mensagem, dict) else None


def _operacao(alvo: Any, operacao: str, args: list, kwargs: dict) -> Any:
    """O que o kernel pede a um objeto das verificações (ver ``kernel.Opaco``)."""
    if operacao == "chamar":
        return alvo(*args, **kwargs)
    if operacao == "atributo" and args and isinstance(args[0], str) and not args[0].startswith("_"):
        return getattr(alvo, args[0])
    if operacao == "item" and args:
        return alvo[args[0]]
    if operacao == "tamanho":
        return len(alvo)
    if operacao == "lista":
        return list(alvo)
    raise TypeError(f"operação não permitida: {operacao!r}")


def _repor(original: Any, novo: Any) -> Any:
    """O argumento de quem chama passa a ter o estado que tem no kernel depois da chamada (como
    se a função tivesse corrido aqui); devolve o objeto que representa esse argumento."""
    if type(original) is list and type(novo) is list:
        if not _mesmo_valor(original, novo):
            original[:] = novo
        return original
    if isinstance(original, dict) and type(novo) is dict:
        if not _mesmo_valor(dict(original), novo):
            original.clear()
            original.update(novo)
        return original
    if type(original) is set and type(novo) is set:
        if not _mesmo_valor(original, novo):
            original.clear()
            original.update(novo)
        return original
    return original if _mesmo_valor(original, novo) else novo


def _mesmo_valor(a: Any, b: Any, fundo: int = 200) -> bool:
    """Iguais e dos mesmos tipos, também lá dentro (2 e 2.0 não são o mesmo estado: um argumento
    cujo 2 passou a 2.0 foi alterado), com as chaves pela mesma ordem."""
    if a is b:
        return True
    if type(a) is not type(b) or fundo == 0:
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_mesmo_valor(a[k], b[k], fundo - 1) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_mesmo_valor(x, y, fundo - 1) for x, y in zip(a, b))
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 — um __eq__ que rebenta
        return False


def _descrever_chamavel(objeto: Any, codificar) -> dict:
    descricao: dict = {"nome": str(getattr(objeto, "__name__", type(objeto).__name__))[:200]}
    if isinstance(getattr(objeto, "__doc__", None), str):
        descricao["doc"] = objeto.__doc__[:5000]
    try:
        assinatura = inspect.signature(objeto)
    except (TypeError, ValueError):
        return descricao
    parametros = []
    for p in assinatura.parameters.values():
        d = {"nome": p.name, "tipo": int(p.kind)}
        if p.default is not inspect.Parameter.empty:
            try:
                d["omissao"] = codificar(p.default)
            except ValorGrandeDemais:
                pass
        if isinstance(p.annotation, (type, str)):  # uma anotação em texto (``from __future__``)
            d["anotacao"] = getattr(p.annotation, "__name__", p.annotation)
        parametros.append(d)
    descricao["assinatura"] = parametros
    retorno = assinatura.return_annotation
    if isinstance(retorno, (type, str)) and retorno is not inspect.Signature.empty:
        descricao["retorno"] = getattr(retorno, "__name__", retorno)
    return descricao


class ObjetoRemoto:
    """Um objeto que vive no kernel do aluno (uma função, uma classe, um objeto qualquer)."""

    def __init__(self, ligacao: Ligacao, numero: int, marca: dict):
        object.__setattr__(self, "_ligacao", ligacao)
        object.__setattr__(self, "_numero", numero)
        object.__setattr__(self, "_marca", marca)

    def __call__(self, *args, **kwargs):
        return self._ligacao.chamar(self._numero, args, kwargs)

    def __getattr__(self, nome: str):
        if nome.startswith("__") and nome not in DUNDERS_REMOTOS:
            raise AttributeError(nome)
        return self._ligacao.resposta({"op": "atributo", "alvo": self._numero, "nome": nome})

    @property
    def __signature__(self) -> inspect.Signature:
        parametros = []
        for p in self._ligacao.resposta({"op": "assinatura", "alvo": self._numero}):
            omissao = p["omissao"] if "omissao" in p else inspect.Parameter.empty
            parametros.append(inspect.Parameter(str(p["nome"]), inspect._ParameterKind(int(p["tipo"])),
                                                default=omissao))
        return inspect.Signature(parametros)

    @property
    def ficheiro_do_codigo(self) -> str | None:
        """O ficheiro do código de uma função do kernel (uma célula, ou uma biblioteca)."""
        ficheiro = self._marca.get("ficheiro")
        return ficheiro if isinstance(ficheiro, str) else None

    def __repr__(self) -> str:
        return str(self._marca.get("repr") or f"<{self._marca.get('tipo', 'objeto')} do caderno>")


class DictRemoto(MutableMapping):
    """Um dicionário do kernel que não é só dados (p. ex. ``FERRAMENTAS``, com funções): lido e
    alterado lá, para que uma verificação lhe possa emprestar uma ferramenta espia."""

    def __init__(self, ligacao: Ligacao, numero: int, marca: dict):
        self._ligacao, self._numero, self._marca = ligacao, numero, marca

    def _op(self, op: str, **extra):
        return self._ligacao.resposta({"op": op, "alvo": self._numero, **extra})

    def __getitem__(self, chave):
        return self._op("item", chave=self._ligacao.codificar(chave))

    def __setitem__(self, chave, valor):
        self._op("por_item", chave=self._ligacao.codificar(chave), valor=self._ligacao.codificar(valor))

    def __delitem__(self, chave):
        self._op("apagar_item", chave=self._ligacao.codificar(chave))

    def __iter__(self):
        return iter(self._op("chaves"))

    def __len__(self) -> int:
        return len(self._op("chaves"))

    def __eq__(self, outro) -> bool:
        return self._op("valor") == outro

    __hash__ = None

    def __repr__(self) -> str:
        return str(self._marca.get("repr") or "<dict do caderno>")


class CadernoRemoto:
    """O caderno do aluno visto do corretor: a mesma interface que ``curso.caderno.Caderno``."""

    def __init__(self, ligacao: Ligacao, caminho: str = "<kernel do aluno>"):
        self.ligacao = ligacao
        self.caminho = caminho
        self.erros: list = []
        self._custo: float | None = None

    def __getattr__(self, nome: str):
        if nome.startswith("__") or nome == "_custo":
            raise AttributeError(nome)
        fim = self.ligacao.pedir({"op": "obter", "nome": nome})
        if not fim.get("ok"):
            raise self.ligacao.excecao(fim.get("erro") or {})
        if fim.get("falta"):
            raise NomeEmFalta(f"o caderno não define `{nome}` — escreveste o nome exatamente assim "
                              "e correste a célula?")
        if fim.get("reticencias"):
            raise NaoImplementado(f"`{nome}` ainda tem o valor de partida `...`")
        return self.ligacao.descodificar(fim.get("valor"))

    def __contains__(self, nome) -> bool:
        return not self.ligacao.pedir({"op": "obter", "nome": str(nome)}).get("falta")

    def custo_da_fronteira(self) -> float:
        """Segundos que um pedido vazio leva a ir e vir (o menor de cinco): uma verificação que
        mede o tempo de uma função desconta-o, para medir o código do aluno e não a fronteira."""
        if self._custo is None:
            tempos = []
            for _ in range(5):
                inicio = time.perf_counter()
                self.ligacao.pedir({"op": "eco"})
                tempos.append(time.perf_counter() - inicio)
            self._custo = min(tempos)
        return self._custo

    def emprestar_builtin(self, nome: str, valor: Any) -> None:
        """Põe ``valor`` nos builtins do kernel (um espião das verificações)."""
        self.ligacao.resposta({"op": "builtin", "nome": nome, "valor": self.ligacao.codificar(valor)})

    def devolver_builtin(self, nome: str) -> None:
        self.ligacao.resposta({"op": "tirar_builtin", "nome": nome})
