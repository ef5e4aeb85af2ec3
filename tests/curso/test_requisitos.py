"""``curso.requisitos``: ler os requisitos dos metadados, validá-los e ler a linha «Requisito:»."""

import pytest

from curso import requisitos
from curso.requisitos import normalizar, problemas, requisitos_de, requisitos_do_mutante


def test_normalizar_tira_marcacao_e_junta_espacos():
    assert normalizar("A resposta final **não**\n  entra no `historico`.") == (
        "A resposta final não entra no historico.")


def test_linha_requisito_da_docstring():
    assert requisitos_do_mutante('"""Erro.\n\nRequisito: r2\n"""\nx = 1\n') == ("r2",)
    assert requisitos_do_mutante('"""Erro.\n\nRequisito: r1, r3\n"""\n') == ("r1", "r3")
    assert requisitos_do_mutante('"""Sem linha."""\n') is None
    assert requisitos_do_mutante("x = 1  # Requisito: r1 fora da docstring\n") is None


def test_requisitos_do_capitulo_1_lidos_e_validos():
    lidos = requisitos_de("1.1")
    assert [r.id for r in lidos] == [f"r{n}" for n in range(1, 12)]
    assert lidos[-1].celula == "cabecalho" and lidos[-1].verificacoes == ("propriedade_nao_altera_argumentos",)
    assert lidos[0].celula == "enunciado_1_1"
    assert problemas("1.1") == problemas("1.2") == problemas("1.3") == []


@pytest.fixture
def com_requisitos(monkeypatch):
    """Troca os requisitos de 1.3 pelos dados ao teste (o texto do enunciado é o verdadeiro)."""
    def trocar(lista):
        monkeypatch.setattr(requisitos, "requisitos_brutos", lambda ident: lista)
    return trocar


def test_cada_falha_da_lista_e_dita(com_requisitos):
    base = [
        {"id": "r1", "frase": "o primeiro prompt leva o texto", "verificacoes": ["test_primeiro_prompt_leva_o_texto"]},
        {"id": "r2", "frase": "Devolve a segunda resposta, tal como veio.",
         "verificacoes": ["test_segundo_prompt_leva_o_resumo", "test_segundo_prompt_sem_o_original",
                          "test_devolve_a_segunda_resposta", "test_exatamente_duas_chamadas"]},
    ]
    com_requisitos(base)
    assert problemas("1.3") == []
    casos = {
        "não está no texto": {**base[0], "frase": "o primeiro prompt leva o resumo"},
        "não há verificação «test_nao_existe»": {**base[0], "verificacoes": ["test_primeiro_prompt_leva_o_texto", "test_nao_existe"]},
        "não corre em TestEx1_3": {**base[0], "verificacoes": ["test_primeiro_prompt_leva_o_texto", "propriedade_resultado_novo"]},
        "precisa de pelo menos uma verificação": {**base[0], "verificacoes": []},
        "id repetido": {**base[0], "id": "r2"},
        "o id tem de ser": {**base[0], "id": "primeiro"},
        "«celula» só pode ser": {**base[0], "celula": "ex1_3"},
    }
    for esperado, primeiro in casos.items():
        com_requisitos([primeiro, base[1]])
        erros = problemas("1.3")
        assert any(esperado in e for e in erros), (esperado, erros)
    com_requisitos(base[1:])
    assert any("test_primeiro_prompt_leva_o_texto» não está em nenhum requisito" in e for e in problemas("1.3"))
    com_requisitos([])
    assert "não tem requisitos" in problemas("1.3")[0]


def test_frase_do_cabecalho_procurada_no_cabecalho(com_requisitos):
    frase = "As tuas funções nunca alteram os argumentos que recebem, salvo quando o enunciado o pede."
    todos = ["test_primeiro_prompt_leva_o_texto", "test_segundo_prompt_leva_o_resumo",
             "test_segundo_prompt_sem_o_original", "test_devolve_a_segunda_resposta",
             "test_exatamente_duas_chamadas"]
    com_requisitos([{"id": "r1", "frase": frase, "celula": "cabecalho", "verificacoes": todos}])
    assert problemas("1.3") == []
    com_requisitos([{"id": "r1", "frase": frase, "verificacoes": todos}])
    assert "não está no texto da célula «enunciado_1_3»" in problemas("1.3")[0]
