"""A descoberta: que exercícios e que verificações existem, lidos de ``tests/exercicios``.

As verificações de cada capítulo são classes ``TestExN_M`` em ``tests/exercicios/test_capNN.py``
com métodos ``test_*(self, nb)``. O ficheiro importa-se uma vez por processo, sem o pytest (o mesmo
ficheiro serve o pytest, com o fixture ``nb``, e o executor de ``curso.verificacao.execucao``).
"""

from __future__ import annotations

import importlib.util
import inspect
from types import ModuleType

from curso.raiz import ErroDoCurso, capitulo_de, capitulos_existentes, modulo_de_verificacoes

_modulos: dict[int, ModuleType] = {}


def modulo_do_capitulo(capitulo: int) -> ModuleType:
    """O módulo ``tests/exercicios/test_capNN.py`` do capítulo, importado uma vez por processo."""
    if capitulo not in _modulos:
        caminho = modulo_de_verificacoes(capitulo)
        if not caminho.is_file():
            existentes = ", ".join(str(c) for c in capitulos_existentes()) or "nenhum"
            raise ErroDoCurso(
                f"Não há verificações para o capítulo {capitulo}. Capítulos com exercícios: "
                f"{existentes}."
            )
        spec = importlib.util.spec_from_file_location(f"curso_verificacoes_cap{capitulo:02d}", caminho)
        modulo = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(modulo)
        _modulos[capitulo] = modulo
    return _modulos[capitulo]


def _id_da_classe(nome: str) -> str | None:
    if not nome.startswith("TestEx"):
        return None
    cap, _, ex = nome[len("TestEx"):].partition("_")
    return f"{int(cap)}.{int(ex)}" if cap.isdigit() and ex.isdigit() else None


def exercicios_do_capitulo(capitulo: int) -> dict[str, type]:
    """``{"1.1": TestEx1_1, ...}`` pela ordem dos números dos exercícios."""
    classes = {}
    for nome, objeto in vars(modulo_do_capitulo(capitulo)).items():
        ident = _id_da_classe(nome)
        if ident and inspect.isclass(objeto):
            classes[ident] = objeto
    return dict(sorted(classes.items(), key=lambda par: int(par[0].split(".")[1])))


def titulo(classe: type) -> str:
    return (inspect.getdoc(classe) or classe.__name__).splitlines()[0].rstrip(".")


def nome_da_verificacao(metodo) -> str:
    """O que quem estuda lê de uma verificação: a 1.ª linha da docstring, ou o nome do método."""
    doc = inspect.getdoc(metodo)
    return doc.splitlines()[0].rstrip(".") if doc else metodo.__name__.removeprefix("test_").replace("_", " ")


def selecionar(exercicio: str | int) -> dict[str, type]:
    """As classes de um exercício (``"1.2"``) ou de um capítulo inteiro (``1``)."""
    capitulo = capitulo_de(exercicio)
    classes = exercicios_do_capitulo(capitulo)
    if "." not in str(exercicio).strip():
        return classes
    ident = f"{capitulo}.{int(str(exercicio).split('.')[1])}"
    if ident not in classes:
        raise ErroDoCurso(
            f"O capítulo {capitulo} não tem o exercício {ident}. Tem: {', '.join(classes)}."
        )
    return {ident: classes[ident]}


def metodos_de(classe: type) -> list[str]:
    return [n for n in vars(classe) if n.startswith("test_") and callable(getattr(classe, n))]
