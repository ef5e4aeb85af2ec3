"""``curso.mapa``: cada desacordo entre os sítios de um exercício é apanhado e dito onde está."""

from curso.mapa import Exercicio, grade_id


def _certo(**mudancas) -> Exercicio:
    base = dict(ident="2.3", titulo_enunciado="Ler os pedidos do `modelo`", pontos_enunciado=2,
                tem_solucao=True, pontos=2, pontos_aluno=2,
                titulo_verificacoes="Ler os pedidos do modelo")
    return Exercicio(**{**base, **mudancas})


def test_exercicio_coerente_nao_tem_problemas():
    assert _certo().problemas() == []
    assert grade_id("12.10") == "ex12_10"


def test_cada_desacordo_e_apanhado():
    casos = {
        "títulos diferentes": _certo(titulo_verificacoes="Outro título"),
        "pontos diferentes: o enunciado diz 3": _certo(pontos_enunciado=3),
        "vale 2 em solutions/ e 1 em exercises/": _certo(pontos_aluno=1),
        "vale 5 pontos (de 1 a 3)": _certo(pontos=5, pontos_aluno=5, pontos_enunciado=5),
        "falta o cabeçalho": _certo(titulo_enunciado=None, pontos_enunciado=None),
        "falta a célula de solução «ex2_3»": _certo(tem_solucao=False),
        "falta a célula de verificação «ex2_3_verificacao»": _certo(pontos=None),
        "falta a classe TestEx2_3": _certo(titulo_verificacoes=None),
    }
    for esperado, exercicio in casos.items():
        problemas = exercicio.problemas()
        assert len(problemas) == 1 and esperado in problemas[0], (esperado, problemas)


def test_curso_mapa_mostra_cada_peca_de_um_exercicio(capsys):
    from curso.cli import main

    assert main(["mapa", "2.3"]) == 0
    saida = capsys.readouterr().out
    for peca in ("Exercício 2.3 — ", "célula «enunciado_2_3»", "célula «ex2_3»",
                 "«ex2_3_verificacao»", "tests/exercicios/test_cap02.py:", "TestEx2_3",
                 "tests/mutantes/cap02/ex2_3_"):
        assert peca in saida, f"falta {peca!r} em:\n{saida}"
    assert main(["mapa", "2.99"]) == 2


def test_curso_mapa_mostra_requisito_frase_verificacoes_e_mutantes(capsys):
    from curso.cli import main

    assert main(["mapa", "1.3"]) == 0
    saida = capsys.readouterr().out
    for peca in ("requisito → frase → verificações → mutantes",
                 "r4    «Devolve a segunda resposta, tal como veio.»",
                 "verificações  test_devolve_a_segunda_resposta",
                 "ex1_3_devolve_o_resumo.py, ex1_3_limpa_a_resposta.py"):
        assert peca in saida, f"falta {peca!r} em:\n{saida}"
    assert "✘" not in saida
