"""Os quizzes: a resposta não está à vista, e a certa não se adivinha pela posição nem pelo comprimento.

- As perguntas das lições vivem em ``curso/dados/quizzes.toml`` (``curso.quizzes``). A célula da
  lição mostra só o quiz, ``Quiz.da_licao("id")``: sem a pergunta, as opções, as explicações nem
  a certa, que estavam à vista logo acima do widget (issue 37).
- A segunda revisão das lições encontrou a certa em «b» em 9 de 11 quizzes (e no quiz com nota, o
  1.2), quase sempre a opção mais comprida: dava para acertar sem ler. Conta-se aqui cada pergunta
  do ficheiro de dados e cada pergunta de escolha múltipla com nota que não está lá
  (``resposta_N_M = "x"`` na solução).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass

import pytest

from curso.quizzes import Opcao, Pergunta, perguntas

from ._cadernos import CAPITULOS, RAIZ, ler, licoes, solucao

LIMITE_LETRA = 0.5        # nenhuma letra é a certa em mais de metade dos quizzes
LIMITE_MAIS_COMPRIDA = 0.34   # a certa é a opção mais comprida em no máximo um terço
RESPOSTA = re.compile(r"""^(resposta_\d+_\d+)\s*=\s*["']([a-z])["']""", re.M)


@dataclass
class QuizLido:
    onde: str
    correta: str
    comprimentos: list[int] | None   # None quando as opções não estão nos dados (quiz só com nota)


def lido(p: Pergunta) -> QuizLido:
    return QuizLido(f"quizzes.toml · {p.id}", p.correta, [len(o.texto) for o in p.opcoes])


def todos_os_quizzes() -> list[QuizLido]:
    lidos = [lido(p) for p in perguntas().values()]
    com_dados = {p.variavel for p in perguntas().values() if p.variavel}
    for capitulo in CAPITULOS:
        for celula in ler(solucao(capitulo))["cells"]:
            solucao_da_celula = celula.get("metadata", {}).get("nbgrader", {}).get("solution")
            if celula["cell_type"] == "code" and solucao_da_celula:
                for nome, letra in RESPOSTA.findall("".join(celula["source"])):
                    if nome not in com_dados:
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


def quizzes_das_celulas() -> list[tuple[str, str, ast.Call]]:
    """``(lição, célula, chamada)`` por cada chamada a ``Quiz`` numa célula de código das lições."""
    achados = []
    for caminho in licoes():
        for i, celula in enumerate(ler(caminho)["cells"]):
            codigo = "".join(celula["source"])
            if celula["cell_type"] != "code" or "Quiz" not in codigo:
                continue
            for no in ast.walk(ast.parse(codigo)):
                if isinstance(no, ast.Call) and "Quiz" in ast.unparse(no.func):
                    achados.append((caminho.stem, f"{caminho.name} · célula {i}", no))
    return achados


def problemas_das_celulas(chamadas: list[tuple[str, str, ast.Call]], todas: dict[str, Pergunta]) -> list[str]:
    """Cada célula que escreve o quiz em vez de o ir buscar aos dados, e cada quiz que não aparece
    (ou aparece mais de uma vez) na sua lição."""
    usadas, erros = Counter(), []
    for licao, onde, chamada in chamadas:
        forma = (ast.unparse(chamada.func) == "Quiz.da_licao" and len(chamada.args) == 1
                 and isinstance(chamada.args[0], ast.Constant)
                 and all(k.arg == "variavel" for k in chamada.keywords))
        if not forma:
            erros.append(f"{onde}: escreve Quiz.da_licao(\"id\"), com o quiz em curso/dados/quizzes.toml "
                         f"(encontrei {ast.unparse(chamada)[:80]}…)")
            continue
        ident = chamada.args[0].value
        if ident not in todas or todas[ident].licao != licao:
            erros.append(f"{onde}: {ident!r} não é um quiz desta lição em quizzes.toml")
        usadas[ident] += 1
    erros += [f"{ident!r} aparece em {n} células (uma só)" for ident, n in usadas.items() if n > 1]
    return erros + [f"{ident!r} ({p.licao}) não aparece em nenhuma célula" for ident, p in todas.items()
                    if not usadas[ident]]


def test_cada_celula_de_quiz_mostra_so_o_quiz():
    """A pergunta, as opções, as explicações e a certa vêm dos dados, não da célula."""
    chamadas = quizzes_das_celulas()
    assert len(chamadas) >= 10, f"só {len(chamadas)} quizzes nas lições"
    erros = problemas_das_celulas(chamadas, perguntas())
    assert not erros, "\n".join(erros)


def test_a_prova_apanha_um_quiz_escrito_na_celula():
    """O quiz como estava (a certa e as explicações na célula) falha; o dos dados passa."""
    def chamada(codigo):
        return next(n for n in ast.walk(ast.parse(codigo)) if isinstance(n, ast.Call))

    todas = {"exemplo": Pergunta("exemplo", "01_x", "?", (Opcao("a", "sim", "porque"), Opcao("b", "não", "x")), "a")}
    escrito = chamada('Quiz("?", [("sim", "porque"), ("não", "x")], correta="a")')
    assert "escreve Quiz.da_licao" in problemas_das_celulas([("01_x", "c3", escrito)], todas)[0]
    assert problemas_das_celulas([("01_x", "c3", chamada('Quiz.da_licao("exemplo")'))], todas) == []
    assert "não aparece" in problemas_das_celulas([], todas)[0]


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
    opcoes = (Opcao("a", "curta", "x"), Opcao("b", "a certa, muito mais comprida", "y"), Opcao("c", "outra", "z"))
    um = lido(Pergunta("exemplo", "01_x", "?", opcoes, "b"))
    assert (um.correta, um.comprimentos) == ("b", [5, 28, 5]) and certa_e_a_mais_comprida(um)
    quizzes = [um] * 9 + [QuizLido("a", "a", [3, 3]), QuizLido("c", "c", [3, 3, 3])]
    assert letras_demasiado_frequentes(quizzes) == {"b": 9}
    assert letras_demasiado_frequentes([um] * 2 + quizzes[-2:]) == {}


COM_NOTA = [p for p in perguntas().values() if p.exercicio]


def test_cada_capitulo_tem_um_quiz_com_nota():
    from curso.verificacao import exercicios_do_capitulo

    por_capitulo = Counter(int(p.exercicio.split(".")[0]) for p in COM_NOTA)
    assert sorted(por_capitulo) == list(CAPITULOS) and set(por_capitulo.values()) == {1}, por_capitulo
    for p in COM_NOTA:
        assert p.exercicio in exercicios_do_capitulo(int(p.exercicio.split(".")[0])), p.id


@pytest.mark.parametrize("p", COM_NOTA, ids=lambda p: p.exercicio)
def test_quiz_com_nota_diz_o_mesmo_em_todos_os_sitios(p):
    """O enunciado tem a pergunta e as opções dos dados; a solução e os testes escondidos, a certa."""
    from curso.mutacao import exercicios_do_caderno
    from curso.requisitos import normalizar, texto_da_celula

    capitulo = int(p.exercicio.split(".")[0])
    enunciado = normalizar(texto_da_celula(p.exercicio, f"enunciado_{p.exercicio.replace('.', '_')}"))
    em_falta = [t for t in (p.pergunta, *(o.texto for o in p.opcoes)) if normalizar(t) not in enunciado]
    assert not em_falta, f"{p.exercicio}: o enunciado não tem, como em quizzes.toml: {em_falta}"
    exercicio = exercicios_do_caderno(solucao(capitulo))[p.exercicio]
    assert RESPOSTA.findall(exercicio.codigo) == [(p.variavel, p.correta)]
    chamada = f'corrigir("{p.exercicio}", {p.variavel}, certa="{p.correta}")'
    assert chamada in exercicio.escondidos, f"{p.exercicio}: os testes escondidos não têm {chamada}"


@pytest.mark.parametrize("p", COM_NOTA, ids=lambda p: p.exercicio)
def test_a_verificacao_publica_aceita_todas_as_letras_e_os_escondidos_so_a_certa(p):
    """A pública não dá a resposta a quem experimenta as letras; a nota vem dos testes escondidos."""
    from curso.caderno import Caderno, correr_escondidos
    from curso.mutacao import exercicios_do_caderno
    from curso.quizzes import RespostaErrada
    from curso.verificacao import PASSOU, correr_verificacoes

    escondidos = exercicios_do_caderno(solucao(int(p.exercicio.split(".")[0])))[p.exercicio].escondidos
    for letra in p.letras:
        nb = Caderno({p.variavel: letra})
        assert {r.estado for r in correr_verificacoes(p.exercicio, nb)} == {PASSOU}, letra
        if letra == p.correta:
            correr_escondidos(escondidos, nb)
        else:
            with pytest.raises(RespostaErrada):
                correr_escondidos(escondidos, nb)
