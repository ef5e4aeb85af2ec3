"""O que atravessa a fronteira: dados do tipo JSON, com marcas explícitas para o resto.

Os dois lados (o corretor de confiança e o kernel do aluno) usam este módulo. Nunca há pickle:
do outro lado só se reconstrói dados simples, e o que não é dado passa como uma referência
numerada que só o lado que a criou sabe resolver.

Marcas (um dicionário com uma só chave que começa por ``$``):

- ``{"$tupla": [...]}``, ``{"$bytes": "base64"}``, ``{"$conjunto": [...]}``;
- ``{"$dict": [[chave, valor], ...]}`` — um dicionário cujas chaves não são todas texto, ou que
  tem chaves que começam por ``$``;
- ``{"$mesmo": [caminho]}`` — o mesmo objeto que já passou neste envio (referências partilhadas,
  «devolve a mesma lista que recebeu»): o caminho começa no índice do valor de topo;
- ``{"$ref": n, ...}`` — um objeto que fica do lado que o enviou (uma função do aluno, um
  decisor da verificação, um cliente do modelo offline); o outro lado recebe um representante;
- ``{"$modelo": "openai.types…", "dados": {...}}`` — um objeto pydantic do SDK da OpenAI.
"""

from __future__ import annotations

import base64
import importlib
import math
import weakref
from typing import Any, Callable

CONTENTORES = (list, dict, tuple, set, frozenset)
ESCALARES = (str, int, float, bool, type(None))
LIMITE_NOS = 200_000  # nós por envio: um valor maior do que isto não é dado de um exercício
PACOTES_DE_MODELOS = ("openai.types.",)
# módulos cujas exceções se reconstroem com a classe verdadeira (o resto vira uma subclasse).
# Nunca o ``curso``: uma exceção do kernel com o nome e o módulo de uma exceção interna da
# correção (``TempoEsgotado``, ``ErroDaFronteira``…) seria tratada como se o corretor a lançasse.
MODULOS_DE_EXCECOES = ("builtins", "json", "openai", "httpx", "httpx2", "jsonschema", "pydantic",
                       "pydantic_core")


# funções de módulos que existem iguais dos dois lados: passam pelo nome (``time.monotonic`` por
# omissão num parâmetro continua a ser ``time.monotonic`` do outro lado)
MODULOS_GLOBAIS = ("time", "math", "json", "random", "operator", "builtins", "datetime", "re")


def nome_global(objeto: Any) -> str | None:
    """``"time.monotonic"`` para uma função de um módulo de ``MODULOS_GLOBAIS``; senão ``None``."""
    modulo, nome = getattr(objeto, "__module__", None), getattr(objeto, "__qualname__", None)
    if modulo not in MODULOS_GLOBAIS or not isinstance(nome, str) or not callable(objeto):
        return None
    try:
        return f"{modulo}.{nome}" if _objeto_global(f"{modulo}.{nome}") is objeto else None
    except (ImportError, AttributeError, ValueError):
        return None


def _objeto_global(nome: str) -> Any:
    modulo, _, qualificado = nome.rpartition(".")
    if modulo not in MODULOS_GLOBAIS:
        raise ValueError(f"módulo não permitido: {modulo!r}")
    objeto = importlib.import_module(modulo)
    for parte in qualificado.split("."):
        objeto = getattr(objeto, parte)
    return objeto


def objeto_global(marca: dict) -> Any:
    return _objeto_global(str(marca.get("$global", "")))


# As funções que o corretor aceita de volta pelo nome sem as ter mandado: só contas e relógios,
# sem efeitos nem código. Um ``$global`` vindo do kernel é resolvido *no corretor* — um
# ``builtins.eval`` (o caderno com ``f = eval``) faria o corretor correr o seu próprio eval com os
# argumentos da verificação; esse nome chega como referência ao objeto do kernel, ou é recusado.
BUILTINS_PUROS = frozenset({"abs", "all", "any", "bool", "dict", "divmod", "float", "frozenset",
                            "int", "len", "list", "max", "min", "pow", "range", "repr", "reversed",
                            "round", "set", "sorted", "str", "sum", "tuple", "zip"})
OPERADORES_PUROS = frozenset({"add", "sub", "mul", "truediv", "floordiv", "mod", "neg", "pos",
                              "eq", "ne", "lt", "le", "gt", "ge", "not_", "truth", "abs"})


def global_puro(nome: str) -> bool:
    """Se ``nome`` («modulo.funcao») é uma função pura que o corretor pode resolver do seu lado."""
    modulo, _, funcao = nome.rpartition(".")
    return ((modulo == "math" and not funcao.startswith("_"))
            or (modulo == "builtins" and funcao in BUILTINS_PUROS)
            or (modulo == "operator" and funcao in OPERADORES_PUROS)
            or nome in ("time.monotonic", "time.perf_counter", "time.time", "json.dumps", "json.loads"))


# As funções das verificações atravessam anónimas: o kernel pode chamá-las, nunca saber o que são
# (nome, assinatura, docstring, módulo). A exceção é a função cuja descrição é o próprio argumento.
_DESCRITAS: weakref.WeakSet = weakref.WeakSet()


def descrita(funcao: Callable) -> Callable:
    """Marca ``funcao`` para atravessar a fronteira com o nome, a assinatura e a docstring, e
    devolve-a: para quando a descrição é o próprio argumento (o 2.2 constrói a definição de uma
    ferramenta a partir dela). Sem a marca, chega ao kernel anónima. Fora da correção não muda
    nada: é a mesma função."""
    _DESCRITAS.add(funcao)
    return funcao


def e_descrita(objeto: Any) -> bool:
    try:
        return objeto in _DESCRITAS
    except TypeError:  # um objeto sem referências fracas nunca foi marcado
        return False


class ErroDaFronteira(RuntimeError):
    """O kernel não respondeu como devia (morreu, mandou lixo, ficou sem tempo)."""

    def __init__(self, mensagem: str, tempo: bool = False):
        super().__init__(mensagem)
        self.tempo = tempo  # o prazo acabou (o código do aluno demorou), não uma resposta má


class ValorGrandeDemais(ValueError):
    """Um valor com mais nós do que ``LIMITE_NOS`` (ou aninhado demais) não atravessa."""


def _classe_permitida(nome: str, prefixos: tuple[str, ...]):
    """A classe ``modulo.Nome`` se o módulo começar por um dos prefixos; senão ``None``."""
    modulo, _, qualificado = nome.rpartition(".")
    if not modulo or not any(modulo == p.rstrip(".") or modulo.startswith(p) for p in prefixos):
        return None
    try:
        objeto = importlib.import_module(modulo)
        for parte in qualificado.split("."):
            objeto = getattr(objeto, parte)
    except (ImportError, AttributeError):
        return None
    return objeto if isinstance(objeto, type) else None


def nome_da_classe(classe: type) -> str:
    return f"{classe.__module__}.{classe.__qualname__}"


class Codificador:
    """Converte um valor em dados JSON. ``referir(obj)`` dá o número de um objeto que não é dado.

    O mesmo codificador serve vários valores de um envio (os argumentos e depois o resultado):
    um contentor já visto sai como ``$mesmo`` com o caminho por onde passou primeiro.
    """

    def __init__(self, referir: Callable[[Any], dict], origem: Callable[[Any], int | None] | None = None,
                 globais: set[str] | None = None):
        self.referir = referir
        self.origem = origem  # o número com que um contentor já atravessou (para voltar o mesmo)
        self.globais = globais  # onde guardar os nomes das funções que saem como ``$global``
        self.vistos: dict[int, list] = {}
        self._guardar: list = []  # mantém vivos os objetos cujo id está em ``vistos``
        self.nos = 0

    def codificar(self, valor: Any, caminho: list) -> Any:
        self.nos += 1
        if self.nos > LIMITE_NOS or len(caminho) > 500:
            raise ValorGrandeDemais("o valor é grande ou aninhado demais para atravessar a fronteira")
        tipo = type(valor)
        if tipo in (str, bool, type(None)) or tipo is int:
            return valor
        if tipo is float:
            return valor if math.isfinite(valor) else {"$real": repr(valor)}
        if isinstance(valor, (bytes, bytearray)):
            return {"$bytes": base64.b64encode(bytes(valor)).decode("ascii")}
        if tipo in NUMEROS:
            return {"$numero": tipo.__name__, "texto": str(valor)}
        if isinstance(valor, CONTENTORES) and type(valor) in (list, dict, tuple, set, frozenset):
            if id(valor) in self.vistos:
                return {"$mesmo": self.vistos[id(valor)]}
            numero = self.origem(valor) if self.origem and tipo in (list, dict, set) else None
            if numero is not None:
                return {"$de": numero, "valor": self._contentor(valor, caminho)}
            return self._contentor(valor, caminho)
        modelo = _modelo_do_sdk(valor)
        if modelo is not None:
            return modelo
        global_ = nome_global(valor)
        if global_ is not None:
            if self.globais is not None:
                self.globais.add(global_)
            return {"$global": global_}
        base = next((b for b in SUBCLASSES if isinstance(valor, b)), None)
        if base is not None and not callable(valor):
            # uma subclasse de um tipo de dados passa como os dados de base (lidos sem correr
            # métodos da subclasse) mais o nome da subclasse: do outro lado é outra subclasse
            return {"$sub": type(valor).__name__[:200], "base": base.__name__,
                    "valor": self.codificar(_dados_de_base(valor, base), caminho)}
        return self.referir(valor)

    def _contentor(self, valor: Any, caminho: list) -> Any:
        self.vistos[id(valor)] = list(caminho)
        self._guardar.append(valor)
        if type(valor) is list:
            return [self.codificar(v, [*caminho, i]) for i, v in enumerate(valor)]
        if type(valor) is tuple:
            return {"$tupla": [self.codificar(v, [*caminho, i]) for i, v in enumerate(valor)]}
        if type(valor) in (set, frozenset):
            return {"$conjunto": [self.codificar(v, [*caminho, i]) for i, v in enumerate(valor)]}
        if all(type(k) is str and not k.startswith("$") for k in valor):
            return {k: self.codificar(v, [*caminho, k]) for k, v in valor.items()}
        return {"$dict": [[self.codificar(k, [*caminho, "$chave"]), self.codificar(v, [*caminho, i])]
                      for i, (k, v) in enumerate(valor.items())]}


SUBCLASSES = (bool, str, int, float, dict, list, tuple)  # bool antes de int


def _numeros() -> tuple[type, ...]:
    import decimal
    import fractions

    return (decimal.Decimal, fractions.Fraction, complex)


NUMEROS = _numeros()  # números que não são int/float: passam pelo texto (``Decimal("0.1")``)


def _dados_de_base(valor: Any, base: type) -> Any:
    """Os dados de ``valor`` como o tipo ``base`` exato, sem chamar métodos da subclasse."""
    if base is str:
        return "".join([valor])
    if base is dict:
        return {k: v for k, v in dict.items(valor)}
    if base in (list, tuple):
        return base(base.__iter__(valor))
    return base.__dict__[f"__{base.__name__}__"](valor) if base is not bool else bool(int.__int__(valor))


def _modelo_do_sdk(valor: Any) -> dict | None:
    classe = type(valor)
    nome = nome_da_classe(classe)
    if nome.startswith(PACOTES_DE_MODELOS) and hasattr(valor, "model_dump"):
        return {"$modelo": nome, "dados": valor.model_dump(mode="json", exclude_unset=True)}
    return None


def codificar(valor: Any, referir: Callable[[Any], dict]) -> Any:
    return Codificador(referir).codificar(valor, [0])


class Descodificador:
    """O inverso de ``Codificador``; ``resolver(marca)`` trata de ``$ref`` (e de marcas próprias)."""

    def __init__(self, resolver: Callable[[dict], Any], raizes: list | None = None,
                 de_volta: Callable[[int, Any], Any] | None = None):
        self.resolver = resolver
        # um contentor que já atravessou com o número n volta a ser o mesmo objeto: de_volta(n, novo)
        self.de_volta = de_volta
        self.raizes = raizes if raizes is not None else []  # os valores de topo já descodificados
        self.contentores: dict[tuple, Any] = {}  # cada contentor pelo caminho onde foi criado
        self.nos = 0

    def fixar_raiz(self, indice: int, valor: Any) -> None:
        """O valor de topo ``indice`` passa a ser ``valor`` (o argumento original de quem chamou)."""
        self.raizes[indice] = valor
        self.contentores[(indice,)] = valor

    def _caminho(self, caminho: list) -> Any:
        chave = tuple(caminho)
        if chave in self.contentores:
            return self.contentores[chave]
        atual = self.raizes[caminho[0]]
        for passo in caminho[1:]:
            if isinstance(atual, dict):
                atual = atual[passo]
            elif isinstance(atual, (set, frozenset)):
                raise ValueError("referência para dentro de um conjunto")
            else:
                atual = atual[passo]
        return atual

    def descodificar(self, dados: Any, caminho: list) -> Any:
        self.nos += 1
        if self.nos > LIMITE_NOS or len(caminho) > 500:
            raise ValorGrandeDemais("o valor recebido é grande ou aninhado demais")
        if isinstance(dados, (str, bool, int, float)) or dados is None:
            return dados
        if isinstance(dados, list):
            lista: list = []
            self._registar(caminho, lista)
            lista.extend(self.descodificar(v, [*caminho, i]) for i, v in enumerate(dados))
            return lista
        if not isinstance(dados, dict):
            raise ValueError(f"tipo de dado inesperado: {type(dados).__name__}")
        # um dicionário de dados nunca tem chaves com «$» (o codificador passa-o a ``$dict``)
        marca = next((k for k in dados if isinstance(k, str) and k.startswith("$")), None)
        if marca is not None:
            return self._marca(marca, dados[marca], dados, caminho)
        resultado: dict = {}
        self._registar(caminho, resultado)
        for chave, valor in dados.items():
            resultado[chave] = self.descodificar(valor, [*caminho, chave])
        return resultado

    def _registar(self, caminho: list, contentor) -> None:
        self.contentores[tuple(caminho)] = contentor
        if len(caminho) == 1:
            while len(self.raizes) <= caminho[0]:
                self.raizes.append(None)
            self.raizes[caminho[0]] = contentor

    def _marca(self, marca: str, conteudo: Any, dados: dict, caminho: list) -> Any:
        if marca == "$tupla":
            tupla = tuple(self.descodificar(v, [*caminho, i]) for i, v in enumerate(conteudo))
            self._registar(caminho, tupla)
            return tupla
        if marca == "$conjunto":
            return set(self.descodificar(v, [*caminho, i]) for i, v in enumerate(conteudo))
        if marca == "$bytes":
            return base64.b64decode(str(conteudo))
        if marca == "$real":
            if conteudo not in ("nan", "inf", "-inf"):
                raise ValueError(f"real inválido: {conteudo!r}")
            return float(conteudo)
        if marca == "$dict":
            resultado: dict = {}
            self._registar(caminho, resultado)
            for i, (chave, valor) in enumerate(conteudo):
                resultado[self.descodificar(chave, [*caminho, "$chave"])] = self.descodificar(valor, [*caminho, i])
            return resultado
        if marca == "$mesmo":
            return self._caminho(list(conteudo))
        if marca == "$numero":
            classe = {c.__name__: c for c in NUMEROS}.get(str(conteudo))
            if classe is None:
                raise ValueError(f"número desconhecido: {conteudo!r}")
            return classe(str(dados.get("texto", "")))
        if marca == "$de":
            novo = self.descodificar(dados.get("valor"), caminho)
            if self.de_volta is None:
                return novo
            resultado = self.de_volta(int(conteudo), novo)
            self._registar(caminho, resultado)
            return resultado
        if marca == "$sub":
            base = {b.__name__: b for b in SUBCLASSES if b is not bool}.get(str(dados.get("base")))
            if base is None:
                raise ValueError(f"base de subclasse inválida: {dados.get('base')!r}")
            classe = type(str(conteudo)[:200] or "Subclasse", (base,), {"__module__": "caderno"})
            return classe(self.descodificar(dados.get("valor"), caminho))
        return self.resolver(dados)


def descodificar(dados: Any, resolver: Callable[[dict], Any]) -> Any:
    return Descodificador(resolver).descodificar(dados, [0])


def modelo_do_sdk(marca: dict) -> Any:
    """Reconstrói um objeto pydantic do SDK da OpenAI (só classes de ``openai.types``)."""
    classe = _classe_permitida(str(marca.get("$modelo", "")), PACOTES_DE_MODELOS)
    if classe is None or not hasattr(classe, "model_validate"):
        raise ValueError(f"classe de modelo não permitida: {marca.get('$modelo')!r}")
    return classe.model_validate(marca.get("dados") or {})


# ------------------------------------------------------------------------------------ exceções

ATRIBUTOS_DE_EXCECAO = ("message", "status_code", "code", "param", "type", "body")


def descrever_excecao(erro: BaseException, codificar_valor: Callable[[Any], Any],
                      so_conhecidos: bool = False) -> dict:
    """Uma exceção como dados: o tipo (e os tipos de onde herda), a mensagem e poucos atributos.

    ``so_conhecidos`` (o corretor, com uma exceção de um objeto seu): dos tipos de onde herda só
    vão os de ``MODULOS_DE_EXCECOES`` — o módulo de uma classe de um teste escondido não sai."""
    atributos = {}
    for nome in ATRIBUTOS_DE_EXCECAO:
        valor = getattr(erro, nome, None)
        if isinstance(valor, ESCALARES) or isinstance(valor, (dict, list)):
            try:
                atributos[nome] = codificar_valor(valor)
            except Exception:  # noqa: BLE001 — um atributo estranho não impede a descrição
                pass
    try:
        mensagem = str(erro)
    except Exception:  # noqa: BLE001 — um __str__ que rebenta
        mensagem = "(mensagem ilegível)"
    return {"tipo": type(erro).__name__[:200],
            "mro": [nome_da_classe(c)[:300] for c in type(erro).__mro__
                    if not so_conhecidos or c.__module__ in MODULOS_DE_EXCECOES][:30],
            "mensagem": mensagem[:20_000], "atributos": atributos}


# Exceções que mudam o caminho de quem as apanha (param um ciclo, um gerador, o processo) ou
# que um ``except Exception`` não apanha: vindas do kernel, nunca com a sua classe verdadeira.
EXCECOES_DE_FLUXO = (StopIteration, StopAsyncIteration, GeneratorExit, KeyboardInterrupt,
                     SystemExit, BaseExceptionGroup)


class ExcecaoDoAluno(Exception):
    """Uma exceção do código do aluno que não se reconstrói com a sua classe (do curso, de fluxo,
    desconhecida, ou que não se deixa ler): chega como esta, com o nome e a mensagem dela."""


def _base_do_aluno(classe: type) -> bool:
    return issubclass(classe, Exception) and not issubclass(classe, EXCECOES_DE_FLUXO)


def _criar(classe: type, mensagem: str, atributos: dict, descodificar_valor) -> BaseException:
    erro = classe.__new__(classe)
    erro.args = (mensagem,)
    for chave, valor in atributos.items():
        if chave in ATRIBUTOS_DE_EXCECAO:
            try:
                setattr(erro, chave, descodificar_valor(valor))
            except Exception:  # noqa: BLE001 — um atributo só de leitura na classe verdadeira
                pass
    if issubclass(classe, KeyError):  # o str de um KeyError é o repr da chave: manter o texto
        erro.args = (mensagem.strip("'\""),) if mensagem.startswith(("'", '"')) else (mensagem,)
    str(erro), repr(erro)  # quem a apanhar vai lê-la: uma que rebenta ao ler não serve
    return erro


def reconstruir_excecao(descricao: dict, descodificar_valor: Callable[[Any], Any],
                        estrita: bool = True) -> BaseException:
    """A exceção descrita, com a classe verdadeira quando é de um módulo conhecido; senão uma
    subclasse com o mesmo nome da primeira classe conhecida de onde herda.

    ``estrita`` (o corretor, com uma exceção vinda do kernel): a classe é sempre uma ``Exception``
    do aluno — nunca do ``curso``, nunca uma de ``EXCECOES_DE_FLUXO`` nem uma ``BaseException``;
    a que não se reconstrói assim (ou rebenta ao ser criada ou lida) chega como
    ``ExcecaoDoAluno``. Sem ``estrita`` (o kernel, com uma exceção do corretor) vale a
    ``BaseException`` de uma interrupção, para o código do aluno não a apanhar."""
    mro = [str(n) for n in descricao.get("mro", [])][:30]
    aceitavel = _base_do_aluno if estrita else (lambda c: issubclass(c, BaseException))
    base = next((c for n in mro if (c := _classe_permitida(n, MODULOS_DE_EXCECOES))
                 and aceitavel(c)), Exception)
    if issubclass(base, (KeyboardInterrupt, SystemExit, GeneratorExit)):
        base = Exception  # o código do outro lado não manda parar este processo
    nome = str(descricao.get("tipo", "Erro"))[:200] or "Erro"
    mensagem = str(descricao.get("mensagem", ""))
    atributos = descricao.get("atributos")
    atributos = atributos if isinstance(atributos, dict) else {}
    try:
        classe = base if base.__name__ == nome else type(nome, (base,), {"__module__": "caderno"})
        return _criar(classe, mensagem, atributos, descodificar_valor)
    except Exception:  # noqa: BLE001 — uma classe que não se deixa criar ou ler assim
        try:
            classe = type(nome, (ExcecaoDoAluno,), {"__module__": "caderno"})
        except (TypeError, ValueError):  # um nome que não serve a uma classe («\0»)
            classe = ExcecaoDoAluno
        return _criar(classe, mensagem, {}, descodificar_valor)
