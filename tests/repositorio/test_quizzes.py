"""A resposta certa dos quizzes não se adivinha pela posição nem pelo comprimento.

A segunda revisão das lições encontrou a certa em «b» em 9 de 11 quizzes (e no quiz com nota, o
1.2), quase sempre a opção mais comprida: dava para acertar sem ler. Conta-se aqui cada quiz das
lições (``Quiz(..., correta=...)``) e cada pergunta de escolha múltipla com nota
(``resposta_N_M = "x"`` na solução).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass

from ._cadernos import CAPITULOS, RAIZ, ler, licoes, solucao

LIMITE_LETRA = 0.5        # nenhuma letra é a certa em mais de metade dos quizzes
LIMITE_MAIS_COMPRIDA = 0.34   # a certa é a opção mais comprida em no máximo um terço
RESPOSTA = re.compile(r"""^(resposta_\d+_\d+)\s*=\s*["']([a-z])["']""", re.M)


@dataclass
class QuizLido:
    onde: str
    correta: str
    comprimentos: list[int] | None   # None quando as opções não estão no código (quiz com nota)


def quizzes_do_codigo(onde: str, codigo: str) -> list[QuizLido]:
    """Os ``Quiz(pergunta, opcoes, ..., correta="x")`` escritos em ``codigo``."""
    encontrados = []
    for no in ast.walk(ast.parse(codigo)):
        if not (isinstance(no, ast.Call) and getattr(no.func, "id", None) == "Quiz"):
            continue
        argumentos = {k.arg: k.value for k in no.keywords}
        correta = ast.literal_eval(argumentos["correta"])
        opcoes = ast.literal_eval(no.args[1] if len(no.args) > 1 else argumentos["opcoes"])
        encontrados.append(QuizLido(onde, correta, [len(texto) for texto, _ in opcoes]))
    return encontrados


def todos_os_quizzes() -> list[QuizLido]:
    lidos = []
    for caminho in licoes():
        for i, celula in enumerate(ler(caminho)["cells"]):
            codigo = "".join(celula["source"])
            if celula["cell_type"] == "code" and "Quiz(" in codigo:
                lidos += quizzes_do_codigo(f"{caminho.name} · célula {i}", codigo)
    for capitulo in CAPITULOS:
        for celula in ler(solucao(capitulo))["cells"]:
            solucao_da_celula = celula.get("metadata", {}).get("nbgrader", {}).get("solution")
            if celula["cell_type"] == "code" and solucao_da_celula:
                for nome, letra in RESPOSTA.findall("".join(celula["source"])):
                    lidos.append(QuizLido(f"{solucao(capitulo).relative_to(RAIZ)} · {nome}", letra, None))
    return lidos


def letras_demasiado_frequentes(quizzes: list[QuizLido]) -> dict[str, int]:
    contagem = Counter(q.correta for q in quizzes)
    return {letra: n for letra, n in contagem.items() if n > LIMITE_LETRA * len(quizzes)}


def certa_e_a_mais_comprida(quiz: QuizLido) -> bool:
    if quiz.comprimentos is None:
        return False
    indice = "abcdefgh".index(quiz.correta)
    return all(quiz.comprimentos[indice] > n for i, n in enumerate(quiz.comprimentos) if i != indice)


def test_ha_quizzes_para_contar():
    quizzes = todos_os_quizzes()
    assert len(quizzes) >= 10, [q.onde for q in quizzes]
    assert any(q.comprimentos is None for q in quizzes), "o quiz com nota (1.2) deixou de ser contado"


def test_nenhuma_letra_e_a_certa_em_mais_de_metade_dos_quizzes():
    quizzes = todos_os_quizzes()
    demais = letras_demasiado_frequentes(quizzes)
    contagem = dict(sorted(Counter(q.correta for q in quizzes).items()))
    assert not demais, (f"a letra certa é previsível: {demais} de {len(quizzes)} quizzes (todas: {contagem}). "
                        "Muda a ordem das opções de alguns quizzes.")


def test_a_certa_raramente_e_a_opcao_mais_comprida():
    quizzes = [q for q in todos_os_quizzes() if q.comprimentos is not None]
    compridas = [q.onde for q in quizzes if certa_e_a_mais_comprida(q)]
    assert len(compridas) <= LIMITE_MAIS_COMPRIDA * len(quizzes), (
        f"a opção certa é a mais comprida em {len(compridas)} de {len(quizzes)} quizzes: {compridas}. "
        "Encurta a certa (a explicação pode ser longa) ou dá mais pormenor às erradas.")


def test_as_regras_apanham_o_que_a_revisao_encontrou():
    """«b» em 9 de 11, e a certa sempre a mais comprida: as duas regras falham."""
    codigo = 'Quiz("?", [("curta", "x"), ("a certa, muito mais comprida", "y"), ("outra", "z")], correta="b")'
    um = quizzes_do_codigo("exemplo", codigo)
    assert [(q.correta, q.comprimentos) for q in um] == [("b", [5, 28, 5])] and certa_e_a_mais_comprida(um[0])
    quizzes = um * 9 + [QuizLido("a", "a", [3, 3]), QuizLido("c", "c", [3, 3, 3])]
    assert letras_demasiado_frequentes(quizzes) == {"b": 9}
    assert letras_demasiado_frequentes(um * 2 + quizzes[-2:]) == {}
