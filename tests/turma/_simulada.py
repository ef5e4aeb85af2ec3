"""Turmas simuladas para o relatório da turma: os ficheiros ``resultados/ALUNO/CAP.json`` que a
correção deixaria (as verificações no formato de ``ExecutarComFronteira`` e a nota, os problemas e
o motivo de uma falha escritos por ``curso.correcao.resultados.gravar``), sem correr o nbgrader."""

from __future__ import annotations

import functools
import json
import random
import shutil
from pathlib import Path

from curso.correcao.relatorio import Resultado
from curso.correcao.resultados import PASTA, gravar
from curso.correcao.turma import Exercicio, exercicios_do_curso
from curso.raiz import raiz_do_curso

RAIZ = raiz_do_curso()
SOLUCOES = RAIZ / "solutions"


def exercicios(capitulos: list[str] | None = None) -> list[Exercicio]:
    todos = exercicios_do_curso(SOLUCOES)
    return [e for e in todos if capitulos is None or e.capitulo in capitulos]


def metodos(ex: Exercicio) -> list[str]:
    """Os métodos ``test_*`` do exercício que estão nos requisitos (pela ordem dos requisitos)."""
    return [m for m in ex.frases if m.startswith("test_")]


@functools.cache
def _nomes(ident: str) -> dict[str, str]:
    """O título de cada verificação (o que a fronteira guarda em ``nome``), como o aluno o vê."""
    from curso.verificacao import _nome_da_verificacao, selecionar

    classe = selecionar(ident)[ident]
    return {m: _nome_da_verificacao(getattr(classe, m)) for m in vars(classe) if m.startswith("test_")}


def curso(destino: Path, capitulos: list[str]) -> Path:
    """Uma raiz de curso com as soluções destes capítulos (de onde vêm os pontos e as frases)."""
    for cap in capitulos:
        shutil.copytree(SOLUCOES / cap, destino / "solutions" / cap)
    return destino


def verificacoes(ex: Exercicio, falhas: dict[str, str] | None = None, por_fazer: bool = False) -> list[dict]:
    """As verificações públicas de ``ex`` como a fronteira as guarda: ``falhas`` é
    ``{método: mensagem}`` das que falharam; as outras passaram."""
    falhas = falhas or {}
    saida = []
    for m in metodos(ex):
        estado = "por_fazer" if por_fazer else "falhou" if m in falhas else "passou"
        mensagem = ("ainda não implementado" if por_fazer else falhas.get(m, ""))
        saida.append({"nome": _nomes(ex.ident).get(m, m), "metodo": m, "estado": estado, "mensagem": mensagem})
    return saida


def escrever(raiz: Path, aluno: str, cap: str, exercicios: dict[str, dict] | None,
             pontos: float | None, maximo: float | None, problemas: list[str] | None = None) -> Path:
    """Uma submissão: o ficheiro do trabalhador (se ``exercicios`` não é ``None``) e depois o que
    o processo principal grava por cima (nota, problemas, motivo de uma falha)."""
    pasta = raiz / PASTA
    destino = pasta / aluno / f"{cap}.json"
    if exercicios is not None:
        destino.parent.mkdir(parents=True, exist_ok=True)
        destino.write_text(json.dumps({"aluno": aluno, "capitulo": cap, "versao": 1, "cadernos": {
            cap: {"exercicios": exercicios}}}, ensure_ascii=False), encoding="utf-8")
    return gravar(pasta, Resultado(aluno, cap, pontos, maximo, list(problemas or []),
                                   registado=pontos is not None))


def aleatoria(raiz: Path, n_alunos: int, semente: int = 28, capitulos: list[str] | None = None) -> None:
    """Uma turma grande ao acaso (para o benchmark e a captura): cada aluno resolve uma parte dos
    exercícios, alguns param a meio do curso, poucos têm falhas e sinais de adulteração."""
    sorteio = random.Random(semente)
    todos = exercicios(capitulos)
    caps = sorted({e.capitulo for e in todos})
    for n in range(n_alunos):
        aluno = f"aluno{n + 1:03d}"
        habilidade = sorteio.uniform(0.3, 0.98)
        ultimo_cap = len(caps) if sorteio.random() > 0.25 else sorteio.randint(1, len(caps))
        for cap in caps[:ultimo_cap]:
            exs = [e for e in todos if e.capitulo == cap]
            if sorteio.random() < 0.01:
                escrever(raiz, aluno, cap, None, None, sum(e.pontos for e in exs), [
                    "a correção parou (o trabalhador excedeu o tempo ou morreu): sem nota"])
                continue
            dados, pontos = {}, 0.0
            for e in exs:
                ms = metodos(e)
                if sorteio.random() < habilidade or not ms:
                    dados[e.ident] = {"verificacoes": verificacoes(e), "escondidos": {"passou": True}}
                    pontos += e.pontos
                else:
                    m = sorteio.choice(ms)
                    dica = sorteio.choice(["Revê o enunciado.", f"Confirma o que {m} espera."])
                    dados[e.ident] = {"verificacoes": verificacoes(e, {m: f"{dica}\nPormenor: {n}"}),
                                      "escondidos": {"passou": True}}
            problemas = []
            if sorteio.random() < 0.02:
                problemas.append("⚠ possível adulteração: import do módulo os (célula «ex1_1», linha 1)")
            escrever(raiz, aluno, cap, dados, pontos, sum(e.pontos for e in exs), problemas)
