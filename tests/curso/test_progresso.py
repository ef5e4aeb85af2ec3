"""``curso progresso``: os estados têm nome (``Estado``) e o JSON continua com os mesmos textos."""

import json

from curso.estados import Estado
from curso.progresso import formatar, proximo_passo


def _itens(*estados):
    return [{"capitulo": 1, "id": f"1.{n}", "titulo": f"Exercício {n}", "caderno": "cap01.ipynb",
             "estado": estado, "detalhe": ""} for n, estado in enumerate(estados, start=1)]


def test_estados_sao_os_textos_de_sempre_no_json():
    assert [e.value for e in Estado] == ["passou", "falhou", "por_fazer"]
    assert json.loads(json.dumps(_itens(*Estado))) == _itens("passou", "falhou", "por_fazer")


def test_proximo_passo_acaba_o_que_falha_antes_de_comecar_outro():
    assert proximo_passo(_itens(Estado.PASSOU, Estado.POR_FAZER, Estado.FALHOU)).startswith(
        "Acaba o exercício 1.3")
    assert proximo_passo(_itens(Estado.PASSOU, Estado.POR_FAZER)).startswith("Começa o exercício 1.2")
    assert proximo_passo(_itens(Estado.PASSOU)).startswith("Fizeste todos")


def test_formatar_aceita_estados_lidos_de_json():
    texto = formatar(json.loads(json.dumps(_itens(*Estado))))
    assert "Progresso: 1/3 exercícios feitos" in texto
    for linha in ("✔ feito", "✘ a falhar", "… por começar"):
        assert linha in texto, texto
