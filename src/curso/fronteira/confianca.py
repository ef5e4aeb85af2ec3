"""O lado de confiança da fronteira: o caderno do aluno visto de fora, através do kernel.

``CadernoRemoto`` tem a mesma interface que ``curso.caderno.Caderno`` (``nb.funcao(...)``,
``nb.NOME``, ``"nome" in nb``): as verificações escritas para correr dentro do kernel correm
igual aqui, sem saber de que lado está a função. Cada acesso é um pedido ao kernel
(``curso.fronteira.kernel``) por uma ligação própria do Jupyter; só passam dados
(``curso.fronteira.dados``). Os objetos das verificações (decisores, espiões, o modelo offline)
ficam deste lado e são chamados de volta pelo canal ``stdin``.

Os tempos limite são deste lado: um pedido que passa do prazo interrompe o kernel; se ele não
responder, a ligação dá-se por perdida e quem a usa reinicia o kernel.

Nada do que o kernel diz de si próprio decide alguma coisa aqui: uma função do kernel é sempre do
aluno (``ObjetoRemoto``), uma exceção do kernel é sempre do aluno (``dados.reconstruir_excecao``),
o custo da fronteira mede-se deste lado (``Ligacao.ensaiar``), e o kernel só chega aos objetos
deste lado que a operação em curso lhe deu, e só pelas operações que eles precisam
(``Ligacao.operacao``). Ver «A fronteira de confiança» em ``docs/arquitetura.md``.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import json
import os
import time
import uuid
from collections.abc import Iterable, MutableMapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from curso.caderno import NaoImplementado, NomeEmFalta
from curso.fronteira.dados import (
    Codificador,
    Descodificador,
    ErroDaFronteira,
    ExcecaoDoAluno,
    ValorGrandeDemais,
    descrever_excecao,
    e_descrita,
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
# o que o kernel pode pedir a cada espécie de objeto deste lado (ver ``kernel.Opaco``): a uma
# função ou ao modelo offline, só chamá-los; ler o que está dentro de um objeto, só a um opaco
SO_CHAMAR = frozenset({"chamar"})
DE_UM_OPACO = frozenset({"chamar", "atributo", "item", "tamanho", "lista"})
# onde a exceção de uma função do kernel passou, quando o kernel não o diz: é do aluno na mesma
QUADRO_DO_KERNEL = {"ficheiro": "<kernel do aluno>", "linha": 0, "funcao": "?", "texto": ""}
MARCAS_LOCAIS = ("$chamavel", "$opaco", "$cliente", "$local")
# Os números dos objetos e dos contentores deste lado nunca se repetem neste processo: uma
# referência que o kernel guardou de outra operação, ou de outra célula, nunca acerta num
# objeto que veio depois.
_NUMEROS = itertools.count(1)


@dataclass
class _Local:
    """Um objeto deste lado que foi ao kernel: o que o kernel usa, o que lhe pode pedir e o
    objeto que o representa quando volta (o cliente offline, cujas chamadas vão ao motor)."""

    objeto: Any
    operacoes: frozenset
    original: Any


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
        self._locais: dict[int, _Local] = {}  # n → o objeto deste lado que foi ao kernel
        self._numeros: dict[int, int] = {}  # id(objeto) → n
        self._validos: set[int] = set()  # os números que o kernel pode usar agora
        self._emprestados: dict[tuple, frozenset] = {}  # empréstimos em curso → os seus números
        self._operacoes = 0  # operações de fora em curso (uma chamada de volta pode fazer outra)
        self._remotos: dict[int, Any] = {}  # n do kernel → representante (a mesma identidade)
        self._profundidade = 0  # chamadas de volta em curso (o kernel espera a nossa resposta)
        self._pilha: list[list] = []  # os argumentos originais das chamadas em curso
        self._enviados: dict[int, Any] = {}  # contentores desta operação: n → o próprio
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

    def ensaiar(self) -> float:
        """Os segundos que este lado gasta num pedido vazio, sem o kernel: escrever e assinar o
        pedido, e ler e verificar uma resposta feita aqui, pela mesma sessão do Jupyter. É o que
        se desconta ao medir uma função do aluno (``CadernoRemoto.custo_da_fronteira``): nada do
        que o kernel faz, nem quanto demora a responder, entra nesta medida."""
        from jupyter_client.session import Session

        original = self.cliente.session
        sessao = Session(key=original.key, signature_scheme=original.signature_scheme,
                         username=original.username)
        inicio = time.perf_counter()
        pedido = json.dumps({"tipo": "operar", "n": 0, "pedido": {"op": "eco"}, "sessao": self._sessao},
                            ensure_ascii=False, allow_nan=False)
        sessao.serialize(sessao.msg("input_reply", {"value": pedido}))
        resposta = sessao.msg("input_request", {"prompt": PREFIXO + json.dumps({"tipo": "fim", "n": 0, "ok": True}),
                                                "password": False})
        _, partes = sessao.feed_identities(sessao.serialize(resposta))
        recebida = sessao.deserialize(partes)
        json.loads(recebida["content"]["prompt"][len(PREFIXO):])
        return time.perf_counter() - inicio

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
        """O kernel pede uma operação a um objeto deste lado: só a um que a operação de fora em
        curso lhe deu (ou que lhe está emprestado) e só uma das operações desse objeto."""
        try:
            numero, operacao = int(mensagem["alvo"]), str(mensagem.get("operacao", "chamar"))
            local = self._locais.get(numero)
            if local is None or numero not in self._validos:
                raise ReferenceError("esse objeto do corretor já não existe para este pedido")
            if operacao not in local.operacoes:
                raise TypeError(f"operação não permitida: {operacao[:40]!r}")
            descodificador = self._descodificador()
            valores = [descodificador.descodificar(v, [i]) for i, v in enumerate(mensagem["raizes"])]
            n = int(mensagem["n_args"])
            kwargs = dict(zip([str(x) for x in mensagem["nomes"]], valores[n:]))
            self._atualizar_argumentos(mensagem.get("estado"))
            if operacao == "chamar":
                _aceita(local.objeto, valores[:n], kwargs)
        except Exception as erro:  # noqa: BLE001 — um pedido mal feito volta ao kernel como erro
            return {"ok": False, "erro": descrever_excecao(erro, self.codificar, so_conhecidos=True)}
        try:
            resultado = _operacao(local.objeto, operacao, valores[:n], kwargs)
        except Exception as erro:  # noqa: BLE001 — um espião da verificação que lança de propósito
            return {"ok": False, "erro": descrever_excecao(erro, self.codificar, so_conhecidos=True)}
        try:
            # o que uma chamada devolve pode voltar a ser o mesmo objeto (``$de``); o que se lê de
            # um objeto deste lado vai como cópia: o kernel nunca o reescreve
            return {"ok": True, "valor": self.codificar(resultado, origem=operacao == "chamar")}
        except ValorGrandeDemais as erro:
            return {"ok": False, "erro": descrever_excecao(erro, self.codificar, so_conhecidos=True)}

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

    # Âmbitos. O kernel só chega a um objeto deste lado (uma função, um opaco, o modelo offline)
    # enquanto dura a operação de fora que lho deu — os argumentos de uma chamada, o que as
    # chamadas de volta devolveram. Um objeto do kernel que essa operação devolveu (o decisor do
    # 9.4, que guarda o cliente) leva-os consigo: valem de novo numa operação que o use. O que uma
    # verificação empresta (``emprestado(nb.FERRAMENTAS, …)``, ``emprestar_builtin``) vale até ser
    # devolvido. O resto é lixo para o kernel.

    @contextmanager
    def operacao(self, herdados: Iterable[int] = ()) -> Iterator[None]:
        """Uma operação de fora (uma verificação a usar o caderno). ``herdados``: os números que
        os objetos do kernel que ela usa trazem consigo."""
        externa = self._operacoes == 0
        if externa:
            self._validos = set().union(*self._emprestados.values())
            self._enviados.clear()
            self._numeros_enviados.clear()
        self._validos.update(herdados)
        self._operacoes += 1
        try:
            yield
        finally:
            self._operacoes -= 1
            if externa:
                self._validos = set()
                self._enviados.clear()
                self._numeros_enviados.clear()

    def _proprios(self) -> frozenset:
        """Os números desta operação que um objeto do kernel devolvido leva consigo (os
        empréstimos não: valem até serem devolvidos, não mais)."""
        return frozenset(self._validos.difference(*self._emprestados.values()))

    def emprestar(self, chave: tuple, dados: Any) -> None:
        """O empréstimo ``chave`` (uma entrada de um dicionário do kernel, um builtin) passa a
        ser o que vai em ``dados``; ``None`` devolve-o."""
        numeros = frozenset(_numeros_locais(dados)) if dados is not None else frozenset()
        if numeros:
            self._emprestados[chave] = numeros
        else:
            self._emprestados.pop(chave, None)

    def _local(self, objeto: Any, operacoes: frozenset, usado: Any = None) -> int:
        n = self._numeros.get(id(objeto))
        if n is None or self._locais[n].original is not objeto:
            n = next(_NUMEROS)
            self._locais[n] = _Local(objeto if usado is None else usado, operacoes, objeto)
            self._numeros[id(objeto)] = n
        if self._operacoes:
            self._validos.add(n)
        return n

    def referir(self, objeto: Any) -> dict:
        if isinstance(objeto, (ObjetoRemoto, DictRemoto)):
            if self._operacoes:  # o que o objeto do kernel traz consigo vale nesta operação
                self._validos.update(objeto._ambito)
            return {"$ref": objeto._numero}
        motor = getattr(objeto, "motor", None)
        if motor is not None and hasattr(motor, "tratar") and hasattr(objeto, "chat"):
            # o kernel recebe um cliente openai verdadeiro cujos pedidos HTTP vêm ao motor
            n = self._local(objeto, SO_CHAMAR, usado=motor.tratar)
            assincrono = nome_da_classe(type(objeto)).endswith("AsyncOpenAI")
            return {"$cliente": n, "opcoes": {"max_retries": getattr(objeto, "max_retries", 0)},
                    "assincrono": assincrono}
        global_ = nome_global(objeto)
        if global_ is not None:
            self._globais.add(global_)
            return {"$global": global_}
        if callable(objeto):
            marca: dict = {"$chamavel": self._local(objeto, SO_CHAMAR)}
            if descrevivel(objeto):
                marca["descricao"] = _descrever_chamavel(objeto, self.codificar)
            return marca
        return {"$opaco": self._local(objeto, DE_UM_OPACO)}

    def _origem(self, valor: Any) -> int:
        """Cada contentor mandado ao kernel nesta operação leva um número: se voltar (a ferramenta
        devolveu uma lista e a função do aluno devolve-a «tal como veio»), volta a ser o mesmo
        objeto. Os números de outra operação já não valem."""
        n = self._numeros_enviados.get(id(valor))
        if n is None or self._enviados.get(n) is not valor:
            n = next(_NUMEROS)
            self._enviados[n] = valor
            self._numeros_enviados[id(valor)] = n
        return n

    def _de_volta(self, numero: int, novo: Any) -> Any:
        original = self._enviados.get(numero)
        return novo if original is None else _repor(original, novo)

    def _codificador(self, origem: bool = True) -> Codificador:
        return Codificador(self.referir, self._origem if origem else None, self._globais)

    def _descodificador(self, raizes: list | None = None) -> Descodificador:
        return Descodificador(self.resolver, raizes, de_volta=self._de_volta)

    def codificar(self, valor: Any, origem: bool = True) -> Any:
        return self._codificador(origem).codificar(valor, [0])

    def resolver(self, marca: dict) -> Any:
        if "$ref" in marca:
            n = int(marca["$ref"])
            if n not in self._remotos:
                classe = DictRemoto if marca.get("forma") == "mapa" else ObjetoRemoto
                self._remotos[n] = classe(self, n, marca)
            remoto = self._remotos[n]
            remoto._ambito = remoto._ambito | self._proprios()
            return remoto
        chave = next((c for c in MARCAS_LOCAIS if c in marca), None)
        if chave is not None:
            n = int(marca[chave])
            if n not in self._validos:  # nem um objeto de outra operação, nem um inventado
                raise ErroDaFronteira("o kernel mandou um objeto do corretor que não é desta operação")
            return self._locais[n].original
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
        except ErroDaFronteira:
            raise
        except Exception as erro:  # noqa: BLE001 — dados do kernel que não se leem: é a célula que falha
            raise ErroDaFronteira(f"o kernel mandou dados inválidos ({type(erro).__name__})") from None

    def resposta(self, pedido, limite: float | None = None, herdados: Iterable[int] = ()) -> Any:
        """O valor de uma operação (``pedido``, ou uma função que o constrói já dentro dela); uma
        exceção do lado do aluno é relançada deste lado."""
        with self.operacao(herdados):
            fim = self.pedir(pedido() if callable(pedido) else pedido, limite)
            if not fim.get("ok"):
                raise self.excecao(fim.get("erro") or {})
            return self.descodificar(fim.get("valor"))

    def excecao(self, descricao: dict) -> BaseException:
        """A exceção que o código do aluno lançou no kernel: sempre uma exceção do aluno (ver
        ``dados.reconstruir_excecao``), com os quadros por onde passou lá — os que o kernel diz,
        ou, sem eles, o próprio kernel: de quem é a culpa não é o kernel que o decide."""
        try:
            erro = reconstruir_excecao(descricao, self.descodificar)
        except Exception:  # noqa: BLE001 — nem assim (dados que não se leem): a verificação falha
            erro = ExcecaoDoAluno("o código do aluno lançou uma exceção que não se consegue ler")
        quadros = descricao.get("quadros")
        quadros = [_quadro(q) for q in quadros if isinstance(q, dict)][:20] if isinstance(quadros, list) else []
        anexar_quadros(erro, quadros or [QUADRO_DO_KERNEL])
        return erro

    def chamar(self, numero: int, args: tuple, kwargs: dict, herdados: Iterable[int] = ()) -> Any:
        with self.operacao(herdados):
            return self._chamar(numero, args, kwargs)

    def _chamar(self, numero: int, args: tuple, kwargs: dict) -> Any:
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
        except ErroDaFronteira:
            raise
        except Exception as erro:  # noqa: BLE001 — dados do kernel que não se leem
            raise ErroDaFronteira(f"o kernel mandou dados inválidos ({type(erro).__name__})") from None


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


def _quadro(q: dict) -> dict:
    """Um quadro do traceback descrito pelo kernel, só com texto e um número de linha: quem o lê
    (``tracebacks.quadros_do_aluno``, as mensagens) nunca rebenta com o que o kernel lá pôs."""
    linha = q.get("linha")
    return {"ficheiro": str(q.get("ficheiro"))[:500], "funcao": str(q.get("funcao"))[:200],
            "linha": linha if type(linha) is int and 0 <= linha < 10**9 else 0,
            "texto": str(q.get("texto") or "")[:300]}


def _numeros_locais(dados: Any) -> Iterator[int]:
    """Os números dos objetos deste lado que vão em ``dados`` (já codificados)."""
    pendentes = [dados]
    while pendentes:
        atual = pendentes.pop()
        if isinstance(atual, dict):
            for chave in MARCAS_LOCAIS:
                if isinstance(atual.get(chave), int):
                    yield atual[chave]
            pendentes.extend(atual.values())
        elif isinstance(atual, list):
            pendentes.extend(atual)


@functools.cache
def _pastas_publicas() -> tuple[str, ...]:
    """As pastas de código que quem estuda pode ler: o pacote ``curso`` e as verificações públicas."""
    from curso.raiz import modulo_de_verificacoes

    pastas = (os.path.dirname(os.path.dirname(__file__)), os.path.dirname(modulo_de_verificacoes(1)))
    return tuple(os.path.realpath(p) + os.sep for p in pastas)


def descrevivel(objeto: Any) -> bool:
    """Se uma função deste lado vai ao kernel com o nome, a assinatura e a docstring: só quando
    isso não diz nada que quem estuda não possa ler — o código dela está nas verificações públicas
    ou no pacote ``curso`` (assim corre como no caderno: o mutante do 2.4 que filtra os argumentos
    pela assinatura da ferramenta é apanhado nos dois modos) — ou quando a descrição é o próprio
    argumento (``dados.descrita``, o 2.2). As dos testes escondidos vão anónimas."""
    if e_descrita(objeto):
        return True
    alvo = getattr(objeto, "__func__", objeto)
    codigo = getattr(alvo, "__code__", None)
    if codigo is None:  # um objeto chamável: o código é o do seu __call__
        codigo = getattr(vars(type(objeto)).get("__call__"), "__code__", None)
    ficheiro = getattr(codigo, "co_filename", None)
    return isinstance(ficheiro, str) and _ficheiro_publico(ficheiro)


@functools.lru_cache(maxsize=256)
def _ficheiro_publico(ficheiro: str) -> bool:
    return not ficheiro.startswith("<") and os.path.realpath(ficheiro).startswith(_pastas_publicas())


def _aceita(objeto: Any, args: list, kwargs: dict) -> None:
    """Os argumentos que o kernel dá a uma função deste lado servem-lhe? Se não, o ``TypeError``
    não diz o nome nem os parâmetros dela (o Python diria «_dec() missing 1 required positional
    argument: 'historico'»), a não ser que a descrição dela possa ir (``descrevivel``)."""
    if descrevivel(objeto):
        return
    try:
        assinatura = inspect.signature(objeto)
    except (TypeError, ValueError):  # sem assinatura legível: a chamada decide
        return
    try:
        assinatura.bind(*args, **kwargs)
    except TypeError:
        raise TypeError("a função não aceita estes argumentos") from None


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
    if isinstance(getattr(objeto, "__qualname__", None), str):  # o 2.2 distingue-o do nome
        descricao["nome_qualificado"] = objeto.__qualname__[:200]
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


class _AssinaturaDoKernel(inspect.Signature):
    """A assinatura que o kernel declara para uma das suas funções: os nomes e os valores por
    omissão servem para os ler (``inspect.signature(nb.f).parameters``), mas o kernel não escolhe
    assim que argumentos o corretor vigia — ``bind`` liga sempre todos os argumentos a um nome
    (um ``*log`` declarado não junta todos os argumentos num que se pode alterar; uma assinatura
    vazia não deixa nenhum de fora)."""

    __slots__ = ()

    def bind(self, *args, **kwargs):
        try:
            return super().bind(*args, **kwargs)
        except TypeError:
            return _GENERICA.bind(*args, **kwargs)


# os nomes das partes variáveis nunca são os de um parâmetro que uma verificação deixa alterar
_RESTO, _NOMEADOS = "_argumentos_do_kernel", "_nomeados_do_kernel"
_GENERICA = inspect.Signature([inspect.Parameter(_RESTO, inspect.Parameter.VAR_POSITIONAL),
                               inspect.Parameter(_NOMEADOS, inspect.Parameter.VAR_KEYWORD)])


class ObjetoRemoto:
    """Um objeto que vive no kernel do aluno (uma função, uma classe, um objeto qualquer).

    Tudo o que vive no kernel é código do aluno, diga ele o que disser de si: o corretor vigia-o
    (``ficheiro_do_codigo``) e não aceita a assinatura que ele declara para decidir o que vigiar
    (``_AssinaturaDoKernel``). ``_ambito``: os objetos deste lado que a operação que o trouxe
    lhe deu (ver ``Ligacao.operacao``)."""

    def __init__(self, ligacao: Ligacao, numero: int, marca: dict):
        object.__setattr__(self, "_ligacao", ligacao)
        object.__setattr__(self, "_numero", numero)
        object.__setattr__(self, "_marca", marca)
        object.__setattr__(self, "_ambito", frozenset())

    def __call__(self, *args, **kwargs):
        return self._ligacao.chamar(self._numero, args, kwargs, self._ambito)

    def __getattr__(self, nome: str):
        if nome.startswith("__") and nome not in DUNDERS_REMOTOS:
            raise AttributeError(nome)
        return self._ligacao.resposta({"op": "atributo", "alvo": self._numero, "nome": nome},
                                      herdados=self._ambito)

    @property
    def __signature__(self) -> inspect.Signature:
        parametros, vistos = [], set()
        for p in self._ligacao.resposta({"op": "assinatura", "alvo": self._numero}) or []:
            try:
                tipo = inspect._ParameterKind(int(p["tipo"]))
                nome = {tipo.VAR_POSITIONAL: _RESTO, tipo.VAR_KEYWORD: _NOMEADOS}.get(tipo, str(p["nome"]))
                omissao = p["omissao"] if "omissao" in p else inspect.Parameter.empty
                if nome not in vistos:
                    parametros.append(inspect.Parameter(nome, tipo, default=omissao))
                    vistos.add(nome)
            except (KeyError, TypeError, ValueError):
                continue  # um parâmetro que não se lê não entra
        try:
            return _AssinaturaDoKernel(parametros)
        except ValueError:  # uma ordem impossível de parâmetros
            return _AssinaturaDoKernel(list(_GENERICA.parameters.values()))

    @property
    def ficheiro_do_codigo(self) -> str:
        """De onde é o código, para a vigia das propriedades: do aluno, sempre — o kernel não diz
        ao corretor de onde vem uma função (um ``co_filename`` trocado para ``json/__init__.py``
        não a tira da vigia)."""
        return QUADRO_DO_KERNEL["ficheiro"]

    def __repr__(self) -> str:
        return str(self._marca.get("repr") or f"<{self._marca.get('tipo', 'objeto')} do caderno>")


class DictRemoto(MutableMapping):
    """Um dicionário do kernel que não é só dados (p. ex. ``FERRAMENTAS``, com funções): lido e
    alterado lá, para que uma verificação lhe possa emprestar uma ferramenta espia. O que lá se
    põe fica emprestado ao kernel até ser tirado ou trocado (``Ligacao.emprestar``)."""

    def __init__(self, ligacao: Ligacao, numero: int, marca: dict):
        self._ligacao, self._numero, self._marca = ligacao, numero, marca
        self._ambito: frozenset = frozenset()

    def _op(self, op: str, chave=None, valor=None, emprestimo: bool = False):
        ligacao = self._ligacao

        def pedido() -> dict:
            extra = {}
            if op not in ("chaves", "valor"):
                extra["chave"] = ligacao.codificar(chave)
            if op == "por_item":
                extra["valor"] = ligacao.codificar(valor)
            if emprestimo:  # o que vai no valor fica emprestado; trocar ou tirar a chave devolve-o
                ligacao.emprestar(("item", self._numero, json.dumps(extra["chave"], sort_keys=True)),
                                  extra.get("valor"))
            return {"op": op, "alvo": self._numero, **extra}

        return ligacao.resposta(pedido, herdados=self._ambito)

    def __getitem__(self, chave):
        return self._op("item", chave)

    def __setitem__(self, chave, valor):
        self._op("por_item", chave, valor, emprestimo=True)

    def __delitem__(self, chave):
        self._op("apagar_item", chave, emprestimo=True)

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
        with self.ligacao.operacao():
            fim = self.ligacao.pedir({"op": "obter", "nome": nome})
            if not fim.get("ok"):
                raise self.ligacao.excecao(fim.get("erro") or {})
            if fim.get("falta"):
                raise NomeEmFalta(f"o caderno não define `{nome}` — escreveste o nome exatamente "
                                  "assim e correste a célula?")
            if fim.get("reticencias"):
                raise NaoImplementado(f"`{nome}` ainda tem o valor de partida `...`")
            return self.ligacao.descodificar(fim.get("valor"))

    def __contains__(self, nome) -> bool:
        return not self.ligacao.pedir({"op": "obter", "nome": str(nome)}).get("falta")

    def custo_da_fronteira(self) -> float:
        """Segundos que este lado gasta num pedido vazio (o menor de cinco ensaios, sem o kernel:
        ver ``Ligacao.ensaiar``): uma verificação que mede o tempo de uma função desconta-o. O
        kernel não entra na medida — um kernel que responde devagar de propósito não ganha
        desconto."""
        if self._custo is None:
            self._custo = min(self.ligacao.ensaiar() for _ in range(5))
        return self._custo

    def emprestar_builtin(self, nome: str, valor: Any) -> None:
        """Põe ``valor`` nos builtins do kernel (um espião das verificações), emprestado até
        ``devolver_builtin``."""
        def pedido() -> dict:
            codificado = self.ligacao.codificar(valor)
            self.ligacao.emprestar(("builtin", nome), codificado)
            return {"op": "builtin", "nome": nome, "valor": codificado}

        self.ligacao.resposta(pedido)

    def devolver_builtin(self, nome: str) -> None:
        self.ligacao.emprestar(("builtin", nome), None)
        self.ligacao.resposta({"op": "tirar_builtin", "nome": nome})
