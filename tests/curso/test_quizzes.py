"""As perguntas dos quizzes (curso/dados/quizzes.toml) e a correção de um quiz com nota."""

import pytest

from curso.quizzes import (
    Opcao,
    Pergunta,
    RespostaErrada,
    corrigir,
    letra_do_quiz,
    pergunta,
    perguntas,
    problemas_da_pergunta,
)


def test_os_dados_leem_se_e_cada_pergunta_esta_bem_formada():
    todas = perguntas()
    assert len(todas) >= 12
    for p in todas.values():
        assert problemas_da_pergunta(p) == [] and p.licao[:2].isdigit(), p.id


def test_um_ficheiro_mal_escrito_diz_o_que_falta(tmp_path):
    ficheiro = tmp_path / "quizzes.toml"
    ficheiro.write_text(
        '[[quiz]]\nid = "x"\nlicao = "01_x"\npergunta = "?"\ncorreta = "c"\n'
        '[[quiz.opcoes]]\ntexto = "sim"\nexplicacao = ""\n'
        '[[quiz.opcoes]]\ntexto = "não"\nexplicacao = "porque"\n', encoding="utf-8")
    with pytest.raises(ValueError) as erro:
        perguntas(ficheiro)
    assert "precisa de texto e de explicação" in str(erro.value) and "não é uma das letras ab" in str(erro.value)


def test_letra_do_quiz_aceita_so_uma_das_letras_e_nao_diz_se_e_a_certa():
    assert letra_do_quiz(" C ", "resposta_9_9", "abcd") == "c"
    for errada in ("e", "", "ab", "c)", 3, None):
        with pytest.raises(AssertionError, match=r'^Escreve só a letra da opção \(a, b, c ou d\)'):
            letra_do_quiz(errada, "resposta_9_9", "abcd")

    class Letra(str):
        def __eq__(self, outra):
            return True

        __hash__ = str.__hash__

    with pytest.raises(AssertionError, match="é do tipo Letra"):
        letra_do_quiz(Letra("a"), "resposta_9_9", "abcd")


PERGUNTA = Pergunta("exemplo", "01_x", "Quem corre as ferramentas?", (
    Opcao("a", "O modelo.", "Não: o modelo só pede."),
    Opcao("b", "O teu código.", "Sim: o código executa, logo valida."),
), correta="b", exercicio="9.9")


def test_corrigir_passa_com_a_certa_e_explica_cada_opcao_quando_erra(monkeypatch):
    monkeypatch.setattr("curso.quizzes.perguntas", lambda: {"exemplo": PERGUNTA})
    assert pergunta("9.9") is PERGUNTA and PERGUNTA.variavel == "resposta_9_9"
    corrigir("9.9", " B ", certa="b")
    with pytest.raises(RespostaErrada) as erro:
        corrigir("9.9", "a", certa="b")
    mensagem = str(erro.value)
    assert not isinstance(erro.value, AssertionError)  # o retorno só esconde as mensagens dos asserts
    assert mensagem.startswith("Quiz 9.9: a tua resposta foi a).")
    assert mensagem.index("✘ a) (a tua escolha) O modelo. — Não: o modelo só pede.") < mensagem.index(
        "✔ b) O teu código. — Sim: o código executa, logo valida.")
    with pytest.raises(RespostaErrada, match="'z', que não é uma das opções"):
        corrigir("9.9", "z", certa="b")
    with pytest.raises(RespostaErrada) as erro:  # o caderno em branco: nada de «Ellipsis»
        corrigir("9.9", ..., certa="b")
    assert str(erro.value).startswith("Quiz 9.9: ficou por responder") and "Ellipsis" not in str(erro.value)


def test_no_retorno_da_correcao_o_aluno_ve_a_explicacao_de_cada_opcao(monkeypatch):
    """O caminho da correção: os testes escondidos correm do lado do corretor (``correr_escondidos``),
    a falha vira a saída de erro da célula, e o retorno (``curso.correcao.retorno``) mostra-a."""
    import nbformat

    from curso.caderno import Caderno, correr_escondidos
    from curso.correcao.fronteira import _erro
    from curso.correcao.retorno import linhas_escondidas, ocultar_celula, retirar_fugas

    monkeypatch.setattr("curso.quizzes.perguntas", lambda: {"exemplo": PERGUNTA})
    escondidos = 'from curso.quizzes import corrigir\ncorrigir("9.9", resposta_9_9, certa="b")\n'
    correr_escondidos(escondidos, Caderno({"resposta_9_9": "b"}))  # a certa: nada a dizer
    with pytest.raises(RespostaErrada) as erro:
        correr_escondidos(escondidos, Caderno({"resposta_9_9": "a"}))
    celula = nbformat.v4.new_code_cell(f'verificar("9.9")\n### BEGIN HIDDEN TESTS\n{escondidos}### END HIDDEN TESTS')
    celula.metadata["nbgrader"] = {"grade": True, "grade_id": "ex9_9_verificacao", "solution": False}
    celula.outputs = [_erro(type(erro.value).__name__, str(erro.value))]
    retirar_fugas([celula], linhas_escondidas([celula]))
    ocultar_celula(celula)
    visto = "\n".join(celula.outputs[0].traceback)
    assert "corrigir(" not in celula.source and "certa=" not in visto
    assert "RespostaErrada: Quiz 9.9: a tua resposta foi a)." in visto
    assert "Não: o modelo só pede." in visto and "Sim: o código executa, logo valida." in visto
