"""O quiz: escolher guarda a letra na variável do caderno e mostra a explicação de cada opção."""

import pytest

from curso.widgets import Quiz

OPCOES = [
    ("O agente segue sempre os mesmos passos.", "Não: isso é uma cadeia fixa."),
    ("É o modelo que decide o passo seguinte.", "Sim: num agente, o modelo escolhe a próxima ação."),
    ("O agente nunca usa ferramentas.", "Não: as ferramentas são o que o agente usa para agir."),
]


def test_clicar_guarda_a_letra_e_mostra_explicacoes():
    espaco = {}
    q = Quiz("O que distingue um agente?", OPCOES, variavel="resposta_1_2", espaco_nomes=espaco)
    assert "Escolhe uma opção" in q.painel_explicacao.value and espaco == {}
    q.botoes["a"].click()
    assert espaco == {"resposta_1_2": "a"} and q.escolha == "a"
    html = q.painel_explicacao.value
    assert html.index("isso é uma cadeia fixa") < html.index("o modelo escolhe")  # a escolhida primeiro
    for _, explicacao in OPCOES:
        assert explicacao.split(":")[1].strip()[:10] in html  # todas as explicações aparecem
    assert 'resposta_1_2 = &quot;a&quot;' in html and "exercício 1.2 (<code>exercises/cap01/cap01.ipynb" in html
    q.botoes["b"].click()
    assert espaco["resposta_1_2"] == "b" and q.botoes["b"].button_style == "info"
    assert q.botoes["a"].button_style == ""


def test_com_correta_diz_se_acertaste():
    q = Quiz("?", OPCOES, correta="b", espaco_nomes={})
    q.responder("c")
    assert "✘ c)" in q.painel_explicacao.value and "#fdecea" in q.painel_explicacao.value
    q.responder("B")
    assert "✔ b)" in q.painel_explicacao.value.split("As outras")[0]


def test_guarda_no_espaco_de_nomes_do_ipython():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        q = Quiz("?", OPCOES, variavel="resposta_teste_quiz")
        q.botoes["c"].click()
        assert shell.user_ns["resposta_teste_quiz"] == "c"
    finally:
        InteractiveShell.clear_instance()


def test_todas_as_opcoes_precisam_de_explicacao():
    with pytest.raises(ValueError, match="explicação"):
        Quiz("?", [("sim", "porque"), ("não", "")])
    with pytest.raises(ValueError, match="correta"):
        Quiz("?", OPCOES, correta="z")
    with pytest.raises(ValueError, match="variável"):
        Quiz("?", OPCOES, variavel="1.2")


def test_opcoes_como_dicionario_de_letras():
    q = Quiz("?", {"x": {"texto": "um", "explicacao": "e1"}, "y": {"texto": "dois", "explicacao": "e2"}},
             espaco_nomes={})
    assert list(q.botoes) == ["x", "y"]


def test_da_licao_vem_dos_dados_com_a_certa_e_as_explicacoes():
    from curso.quizzes import pergunta

    p = pergunta("duas-chamadas")
    q = Quiz.da_licao("duas-chamadas", espaco_nomes={})
    assert q.pergunta == p.pergunta and q.correta == p.correta and list(q.botoes) == list(p.letras)
    q.responder(p.correta)
    certa = next(o for o in p.opcoes if o.letra == p.correta)
    assert f"✔ {p.correta})" in q.painel_explicacao.value and certa.explicacao[:30] in q.painel_explicacao.value
    with pytest.raises(KeyError, match="Não há nenhum quiz"):
        Quiz.da_licao("nao-existe")


def test_da_licao_guarda_a_letra_na_variavel_pedida():
    espaco = {}
    q = Quiz.da_licao("quem-corre-as-ferramentas", variavel="resposta_exemplo", espaco_nomes=espaco)
    q.responder("a")
    assert espaco == {"resposta_exemplo": "a"} and "resposta_exemplo = &quot;a&quot;" in q.painel_explicacao.value
