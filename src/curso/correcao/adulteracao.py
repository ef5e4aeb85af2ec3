"""Sinais de adulteração nas células do aluno, para o professor rever à mão.

A caixa de areia protege tudo o que está fora do kernel; dentro dele, o aluno manda no
interpretador. A blindagem (``curso.correcao.blindagem``) repõe a maquinaria do IPython antes de
cada verificação, mas há sempre mais uma porta (``gc``, ``ctypes``, ``sys.modules``…). Por isso o
trabalhador lê as células do aluno — fora do kernel, com ``ast`` — e marca cada construção que
só serve para mexer na correção: o resumo mostra «⚠ possível adulteração: …» com a célula e a
linha. É um pedido de revisão, não um castigo: a nota não muda.
"""

from __future__ import annotations

import ast
from pathlib import Path

AVISO = "⚠ possível adulteração"

MODULOS = {  # o que vem depois de «import» na mensagem
    "os": "do módulo os", "subprocess": "de processos (subprocess)", "ctypes": "do ctypes",
    "signal": "de sinais (signal)", "sys": "do módulo sys", "builtins": "do builtins",
    "gc": "do coletor de lixo (gc)", "inspect": "do inspect", "importlib": "do importlib",
    "multiprocessing": "de processos (multiprocessing)", "socket": "de sockets", "pty": "do pty",
    "shutil": "do shutil", "sqlite3": "do sqlite3", "IPython": "do IPython",
    "ipykernel": "do ipykernel", "zmq": "do zmq", "resource": "do resource",
    "threading": "de fios de execução (threading)", "_thread": "de fios de execução (_thread)",
    "atexit": "do atexit", "pickle": "do pickle", "marshal": "do marshal", "types": "do types",
    "linecache": "do linecache", "traceback": "do traceback", "nbgrader": "do nbgrader",
    "jupyter_client": "do jupyter_client",
}
CHAMADAS = {
    "exec": "exec", "eval": "eval", "compile": "compile", "__import__": "__import__",
    "globals": "globals()", "vars": "vars()", "breakpoint": "breakpoint()",
    "setattr": "setattr", "delattr": "delattr",
}
ATRIBUTOS = {
    "ast_transformers": "transformadores de AST", "input_transformers_post": "transformadores de entrada",
    "input_transformers_cleanup": "transformadores de entrada",
    "input_transformer_manager": "transformadores de entrada", "events": "eventos do IPython",
    "set_custom_exc": "set_custom_exc", "excepthook": "excepthook", "displayhook": "displayhook",
    "showtraceback": "showtraceback", "environ": "os.environ", "modules": "sys.modules",
    "settrace": "sys.settrace", "setprofile": "sys.setprofile", "__subclasses__": "__subclasses__",
    "__globals__": "__globals__", "__builtins__": "__builtins__", "__code__": "__code__",
    "f_back": "molduras da pilha", "f_globals": "molduras da pilha", "f_locals": "molduras da pilha",
    "tb_frame": "molduras da pilha", "gi_frame": "molduras da pilha", "kernel": "o kernel",
    "user_ns": "o espaço de nomes do IPython", "__dict__": "__dict__", "_getframe": "sys._getframe",
    "__traceback__": "molduras da pilha", "__defaults__": "__defaults__",
    "__kwdefaults__": "__kwdefaults__", "__closure__": "__closure__", "shell_handlers": "o kernel",
}
NOMES = {"get_ipython": "get_ipython", "__builtins__": "__builtins__", "__loader__": "__loader__",
         "__spec__": "__spec__", "In": "o histórico de células (In)", "_ih": "o histórico de células",
         "_i": "o histórico de células", "_ii": "o histórico de células",
         "_iii": "o histórico de células", "Out": "o histórico de saídas", "_oh": "o histórico de saídas"}
METODOS = {"__eq__", "__ne__", "__hash__", "__bool__", "__instancecheck__", "__subclasscheck__",
           "__getattribute__", "__class_getitem__", "__init_subclass__", "__len__", "__contains__",
           "__lt__", "__le__", "__gt__", "__ge__", "__float__", "__int__", "__index__", "__str__",
           "__repr__", "__del__", "__getattr__"}


def _python(fonte: str) -> str:
    """A célula como o IPython a corre: magias ``%`` e ``!`` passam a ``get_ipython()…``."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager

        return TransformerManager().transform_cell(fonte)
    except Exception:  # noqa: BLE001 — fica o texto original (e talvez um SyntaxError)
        return fonte


def _caminho_de_fora(no: ast.Call) -> str | None:
    """O caminho literal de um ``open(...)`` que sai da pasta de trabalho."""
    if not no.args or not isinstance(no.args[0], ast.Constant) or not isinstance(no.args[0].value, str):
        return None if not no.args else "caminho calculado"
    caminho = no.args[0].value
    if caminho.startswith(("/", "~")) or ".." in Path(caminho).parts:
        return caminho
    return None


def sinais(fonte: str) -> list[tuple[int, str]]:
    """``(linha, o quê)`` para cada construção suspeita numa célula."""
    try:
        arvore = ast.parse(_python(fonte))
    except SyntaxError:
        return []
    achados: list[tuple[int, str]] = []
    for no in ast.walk(arvore):
        linha = getattr(no, "lineno", 0)
        if isinstance(no, ast.Import):
            for a in no.names:
                raiz = a.name.split(".")[0]
                if raiz in MODULOS:
                    achados.append((linha, f"import {MODULOS[raiz]}"))
        elif isinstance(no, ast.ImportFrom) and (no.module or "").split(".")[0] in MODULOS:
            achados.append((linha, f"import {MODULOS[(no.module or '').split('.')[0]]}"))
        elif isinstance(no, ast.Call) and isinstance(no.func, ast.Name):
            if no.func.id in CHAMADAS:
                achados.append((linha, CHAMADAS[no.func.id]))
            elif no.func.id == "open" and (caminho := _caminho_de_fora(no)):
                achados.append((linha, f"open de um ficheiro fora da pasta do caderno ({caminho})"))
            elif no.func.id == "getattr" and len(no.args) > 1 and not isinstance(no.args[1], ast.Constant):
                achados.append((linha, "getattr com um nome calculado"))
        elif isinstance(no, ast.Attribute) and no.attr in ATRIBUTOS:
            achados.append((linha, ATRIBUTOS[no.attr]))
        elif isinstance(no, ast.Name) and no.id in NOMES:
            achados.append((linha, NOMES[no.id]))
        elif isinstance(no, (ast.FunctionDef, ast.AsyncFunctionDef)) and no.name in METODOS:
            achados.append((linha, f"{no.name} redefinido (comparações que mentem?)"))
        elif isinstance(no, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id in METODOS for t in no.targets):
            achados.append((linha, "método especial atribuído numa classe"))
    vistos, unicos = set(), []
    for achado in sorted(achados):
        if achado not in vistos:
            vistos.add(achado)
            unicos.append(achado)
    return unicos


def no_caderno(celulas: list[dict], bloqueadas: set[str]) -> list[str]:
    """Os avisos de um caderno submetido, um por célula e linha, só nas células que correm como
    o aluno as escreveu: as ``bloqueadas`` (ids do caderno publicado) o nbgrader repõe-nas."""
    avisos = []
    for indice, celula in enumerate(celulas):
        nbg = celula.get("metadata", {}).get("nbgrader", {})
        if celula.get("cell_type") != "code" or nbg.get("grade_id") in bloqueadas:
            continue
        fonte = celula.get("source", "")
        fonte = "".join(fonte) if isinstance(fonte, list) else fonte
        onde = nbg.get("grade_id") or f"n.º {indice + 1}"
        por_linha: dict[int, list[str]] = {}
        for linha, oque in sinais(fonte):
            por_linha.setdefault(linha, []).append(oque)
        for linha, oques in por_linha.items():
            avisos.append(f"{AVISO}: {', '.join(dict.fromkeys(oques))} (célula «{onde}», linha {linha})")
    return avisos


# as marcas do nbgrader nas células do professor; nenhuma chega ao caderno publicado
MARCAS_DAS_SOLUCOES = ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS",
                       "BEGIN MARK SCHEME", "END MARK SCHEME")
LINHA_ESCONDIDA_MINIMA = 20  # caracteres: linhas mais curtas de um teste escondido são banais


def _textos(valor) -> list[str]:
    """Todas as cadeias de um caderno (fontes, saídas, metadados), para procurar nelas."""
    if isinstance(valor, str):
        return [valor]
    if isinstance(valor, dict):
        return [t for k, v in valor.items() for t in (*_textos(k), *_textos(v))]
    if isinstance(valor, list):
        return [t for v in valor for t in _textos(v)]
    return []


def linhas_escondidas(fonte: dict, publicado: dict | None) -> set[str]:
    """As linhas dos testes escondidos do caderno ``fonte`` (do professor) que não estão no
    caderno ``publicado`` e não são banais."""
    publicas = {li.strip() for t in _textos(publicado or {}) for li in t.splitlines()}
    linhas = set()
    for celula in fonte.get("cells", []):
        texto = "".join(celula.get("source", ""))
        for bloco in texto.split("BEGIN HIDDEN TESTS")[1:]:
            for li in bloco.split("END HIDDEN TESTS")[0].splitlines()[1:-1]:
                li = li.strip()
                if len(li) >= LINHA_ESCONDIDA_MINIMA and li not in publicas:
                    linhas.add(li)
    return linhas


def marcas_das_solucoes(enviado: dict, fonte: dict | None, publicado: dict | None,
                        nome: str) -> list[str]:
    """Os avisos de uma submissão que traz marcas das soluções (``### BEGIN SOLUTION``…) ou
    linhas dos testes escondidos do capítulo, que o caderno publicado não tem: o aluno teve
    acesso às soluções (ou são elas, recolhidas por uma ligação)."""
    texto = "\n".join(_textos(enviado))
    publico = "\n".join(_textos(publicado or {}))
    avisos = []
    marcas = [m for m in MARCAS_DAS_SOLUCOES if m in texto and m not in publico]
    if marcas:
        avisos.append(f"{AVISO}: {nome} traz marcas das soluções do professor "
                      f"({', '.join('### ' + m for m in marcas[:3])})")
    escondidas = sorted(li for li in linhas_escondidas(fonte or {}, publicado) if li in texto)
    if escondidas:
        avisos.append(f"{AVISO}: {nome} traz {len(escondidas)} linha(s) dos testes escondidos "
                      f"do capítulo (p. ex. «{escondidas[0][:60]}»)")
    return avisos
