"""O painel de progresso: contagens por estado, por capítulo, e o próximo passo."""

from curso.widgets import PainelProgresso

ITENS = [
    {"capitulo": 1, "id": "1.1", "titulo": "O ciclo mínimo", "estado": "passou", "detalhe": "5/5 verificações"},
    {"capitulo": 1, "id": "1.2", "titulo": "Quiz", "estado": "falhou", "detalhe": "0/1 verificações"},
    {"capitulo": 2, "id": "2.1", "titulo": "Ferramenta", "estado": "por_fazer", "detalhe": ""},
]


def test_contagens_capitulos_e_proximo_passo():
    p = PainelProgresso(recolher=lambda: ITENS, proximo_passo=lambda itens: "Acaba o exercício 1.2.")
    assert p.contagens == {"passou": 1, "falhou": 1, "por_fazer": 1}
    html = p.painel.value
    assert "<b>1/3</b> exercícios feitos" in html
    assert "Capítulo 1</b> (1/2)" in html and "Capítulo 2</b> (0/1)" in html
    assert "✔ feito" in html and "✘ a falhar" in html and "○ por começar" in html
    assert "Próximo passo:</b> Acaba o exercício 1.2." in html


def test_atualizar_volta_a_recolher():
    estado = {"itens": [dict(i) for i in ITENS]}
    p = PainelProgresso(recolher=lambda: estado["itens"], proximo_passo=lambda itens: "x")
    for item in estado["itens"]:
        item["estado"] = "passou"
    p.botao_atualizar.click()
    assert p.contagens == {"passou": 3} and "<b>3/3</b>" in p.painel.value
    assert not p.botao_atualizar.disabled


def test_erro_ao_recolher_aparece_no_painel():
    def rebenta():
        raise FileNotFoundError("exercises/cap01/cap01.ipynb")

    p = PainelProgresso(recolher=rebenta, proximo_passo=lambda itens: "x")
    assert "Não consegui ler o progresso" in p.painel.value and "cap01.ipynb" in p.painel.value


def test_usa_a_api_do_curso_por_omissao(tmp_path):
    """Sem funções dadas, usa curso.progresso: uma pasta sem cadernos dá tudo por começar."""
    p = PainelProgresso(pasta=tmp_path)
    assert p.erro is None, p.erro
    assert p.itens and set(p.contagens) == {"por_fazer"}
    assert p.proximo.startswith("Começa o exercício")


def test_enquanto_verifica_diz_o_que_se_passa():
    """As verificações dos nove cadernos demoram: o painel diz logo que está a verificar, com o
    botão desligado, e só depois mostra o resultado."""
    vistos, criado = [], {}

    def recolher():
        if "painel" in criado:  # na construção o painel ainda não tem nome
            vistos.append((criado["painel"].painel.value, criado["painel"].botao_atualizar.disabled))
        return ITENS

    p = criado["painel"] = PainelProgresso(recolher=recolher, proximo_passo=lambda itens: "x")
    p.botao_atualizar.click()
    ((durante, desligado),) = vistos
    assert "A verificar os teus cadernos" in durante and desligado
    assert "A verificar" not in p.painel.value and "<b>1/3</b>" in p.painel.value
