"""O visualizador de traço: tabela legível, motivo destacado, valores longos truncados."""

from curso.widgets import VisualizadorTraco

LOG = [
    {"passo": 1, "ferramenta": "consultar_catalogo", "argumentos": {"nome_produto": "teclado mecânico"},
     "resultado": {"preco": 79.9, "stock": 12}, "aprovada": True, "segundos": 0.1234,
     "tokens": {"prompt_tokens": 120, "completion_tokens": 15}},
    {"passo": 2, "ferramenta": "enviar_email", "argumentos": {"para": "x@y.pt", "corpo": "a" * 300},
     "resultado": None, "aprovada": False, "motivo_rejeicao": "ferramenta 'enviar_email' não está na allowlist"},
]


def test_uma_linha_por_passo_com_todas_as_colunas():
    v = VisualizadorTraco({"concluido": False, "motivo": "acao_rejeitada", "log": LOG})
    assert len(v.linhas) == 2
    passo, ferramenta, _, resultado, aprovada, tempo, tokens = v.linhas[0]
    assert (passo, ferramenta, aprovada, tempo, tokens) == ("1", "consultar_catalogo", "✔ aprovada", "0.12 s", "120 → 15")
    assert "79.9" in resultado
    assert v.linhas[1][4] == "✘ rejeitada: ferramenta &#x27;enviar_email&#x27; não está na allowlist"
    for coluna in ("Passo", "Ferramenta", "Argumentos", "Resultado", "Aprovada", "Tempo", "Tokens"):
        assert coluna in v.painel_tabela.value


def test_motivo_de_paragem_destacado():
    v = VisualizadorTraco({"concluido": False, "motivo": "acao_rejeitada", "log": LOG})
    assert "Parou sem concluir" in v.painel_resumo.value and "acao_rejeitada" in v.painel_resumo.value
    assert "#fdecea" in v.painel_resumo.value  # cartão vermelho
    assert v.painel_tabela.value.count("#fdecea") == 1  # só a linha rejeitada fica a vermelho
    v.mostrar({"concluido": True, "resposta": "Orçamento: 239.7€.", "log": LOG[:1]})
    assert "Concluído" in v.painel_resumo.value and "239.7" in v.painel_resumo.value
    assert len(v.linhas) == 1


def test_valores_longos_truncados_com_o_total_na_dica():
    v = VisualizadorTraco(LOG, max_caracteres=30)
    argumentos = v.linhas[1][2]
    assert "caracteres)" in argumentos and "a" * 300 not in argumentos.split("title=")[0]
    assert 'title="' in argumentos  # o valor completo fica na dica


def test_aceita_lista_historico_do_capitulo_1_e_vazio():
    historico = [{"ferramenta": "somar", "argumentos": {"a": 1}, "resultado": 2}]
    v = VisualizadorTraco({"concluido": True, "resposta": "2", "historico": historico})
    assert v.linhas[0][:2] == ["1", "somar"]
    assert "Tempo" not in v.painel_tabela.value  # colunas sem dados não aparecem
    v.mostrar(None)
    assert v.log == [] and "nenhum passo" in v.painel_tabela.value


def test_passo_de_timeout_sem_ferramenta():
    v = VisualizadorTraco({"concluido": False, "motivo": "timeout", "log": [
        {"passo": 1, "ferramenta": None, "argumentos": None, "resultado": None,
         "aprovada": False, "motivo_rejeicao": "timeout"}]})
    assert v.linhas[0][1] == "—" and "timeout" in v.painel_resumo.value
