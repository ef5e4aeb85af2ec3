"""O kernel da correção: antes de cada célula, a maquinaria do IPython volta a ser a do curso.

Uma célula do aluno pode instalar um transformador de AST que embrulha cada instrução da
verificação num ``try/except: pass``, um transformador de entrada, um *callback* de eventos que
imprime o código de cada célula (com os testes escondidos), um ``set_custom_exc``, ou trocar
métodos do IPython e do kernel. O ``KernelBlindado`` guarda, ao arrancar, como estava tudo isso e
repõe-no antes de cada pedido de execução: o que o aluno instalou numa célula não chega à
seguinte. (Quem quiser mesmo contornar isto tem de ir por ``gc``, ``ctypes`` ou ``sys.modules`` —
e essas portas são assinaladas para revisão por ``curso.correcao.adulteracao``.)

Usa-se com ``python -m ipykernel_launcher --IPKernelApp.kernel_class=curso.correcao.blindagem.KernelBlindado``
(ver ``curso.correcao.caixa``).
"""

from __future__ import annotations

import builtins
import os
import sys

from ipykernel.ipkernel import IPythonKernel

_FUNCOES = (type(lambda: 0), staticmethod, classmethod, property)


def _classes(*objetos) -> list[type]:
    vistas: list[type] = []
    for obj in objetos:
        for cls in type(obj).__mro__:
            if cls is not object and cls not in vistas:
                vistas.append(cls)
    return vistas


class Retrato:
    """O estado da maquinaria, tirado ao arrancar, e a forma de o repor."""

    def __init__(self, kernel):
        import curso.verificacao

        curso.verificacao.carregar_tudo()  # o pacote inteiro carregado já, para o retrato o incluir

        shell = kernel.shell
        self.kernel, self.shell = kernel, shell
        self.classes = {cls: {k: v for k, v in vars(cls).items() if isinstance(v, _FUNCOES)}
                        for cls in _classes(kernel, shell)}
        self.instancias = {id(o): (o, dict(vars(o))) for o in (kernel, shell)}
        self.ast = list(shell.ast_transformers)
        self.entrada = list(shell.input_transformers_post)
        gestor = shell.input_transformer_manager
        self.gestor = (gestor, list(gestor.cleanup_transforms), list(gestor.line_transforms),
                       list(gestor.token_transformers))
        self.eventos = {nome: list(cbs) for nome, cbs in shell.events.callbacks.items()}
        self.builtins = dict(vars(builtins))
        self.sys = {n: getattr(sys, n) for n in ("stdout", "stderr", "displayhook", "excepthook",
                                                   "settrace", "setprofile")}
        self.modulos = {n: (m, dict(vars(m))) for n, m in sys.modules.items()
                        if n == "curso" or n.startswith("curso.")}
        self.confiaveis = tuple(os.path.realpath(p) for p in {sys.prefix, sys.base_prefix})

    def _confiavel(self, callback) -> bool:
        """Um *callback* do IPython, do ipykernel, do matplotlib… (ficheiro do ambiente Python)."""
        codigo = getattr(getattr(callback, "__func__", callback), "__code__", None)
        ficheiro = os.path.realpath(getattr(codigo, "co_filename", "") or "/")
        return codigo is not None and ficheiro.startswith(self.confiaveis)

    def repor(self) -> None:
        for cls, funcoes in self.classes.items():
            for nome, valor in funcoes.items():
                if vars(cls).get(nome) is not valor:
                    setattr(cls, nome, valor)
        for obj, atributos in self.instancias.values():
            for nome in [n for n in vars(obj) if n not in atributos]:
                if callable(getattr(type(obj), nome, None)):
                    delattr(obj, nome)  # um método trocado só nesta instância
            for nome in ("custom_exceptions", "CustomTB", "showtraceback", "_showtraceback"):
                if nome in atributos:
                    setattr(obj, nome, atributos[nome])
        shell = self.shell
        shell.ast_transformers = list(self.ast)
        shell.input_transformers_post = list(self.entrada)
        gestor, limpeza, linhas, tokens = self.gestor
        gestor.cleanup_transforms[:], gestor.line_transforms[:] = limpeza, linhas
        gestor.token_transformers[:] = tokens
        shell.input_transformer_manager = gestor
        for nome, cbs in shell.events.callbacks.items():
            antes = self.eventos.get(nome, [])
            cbs[:] = [cb for cb in cbs if cb in antes or self._confiavel(cb)]
        vivos = vars(builtins)
        for nome, valor in self.builtins.items():
            if vivos.get(nome) is not valor:
                vivos[nome] = valor
        for nome, valor in self.sys.items():
            setattr(sys, nome, valor)
        for nome, (modulo, atributos) in self.modulos.items():
            sys.modules[nome] = modulo
            vars(modulo).update(atributos)


class KernelBlindado(IPythonKernel):
    """O kernel IPython de sempre, que repõe o ``Retrato`` antes de cada execução."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._retrato = Retrato(self)

    async def execute_request(self, stream, ident, parent):
        self._retrato.repor()
        conteudo = parent.get("content", {}) if isinstance(parent, dict) else {}
        escondidos = MARCA_ESCONDIDOS in str(conteudo.get("code", ""))
        if escondidos:  # sem histórico: nem In, _ih, _i nem a base de dados do IPython
            conteudo["store_history"] = False
        try:
            return await super().execute_request(stream, ident, parent)
        finally:
            if escondidos:
                esquecer_escondidos()


MARCA_ESCONDIDOS = "BEGIN HIDDEN TESTS"


def esquecer_escondidos() -> None:
    """Tira da cache de linhas (de onde os tracebacks e o ``inspect`` leem o código) as células
    com testes escondidos, para que uma célula seguinte não as possa ler."""
    import linecache

    for cache in (linecache.cache, getattr(linecache, "_ipython_cache", {})):
        for nome, entrada in list(cache.items()):
            linhas = entrada[2] if isinstance(entrada, tuple) and len(entrada) > 2 else entrada
            if isinstance(linhas, list) and any(MARCA_ESCONDIDOS in str(li) for li in linhas):
                del cache[nome]
