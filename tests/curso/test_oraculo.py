"""``curso.oraculo``: a solução do curso como oráculo dos testes escondidos, só dentro de uma
sessão do lado de confiança."""

from curso import oraculo
from curso.caderno import Caderno
from curso.raiz import raiz_do_curso


def test_fora_do_lado_de_confianca_nao_faz_nada():
    # no kernel de quem estuda (ou do professor a correr as soluções): nem carrega a solução
    antes = dict(oraculo._SOLUCOES)
    assert oraculo.comparar_com_a_solucao("1.1") is None
    assert oraculo._SOLUCOES == antes


def test_a_solucao_carrega_uma_vez_e_uma_pasta_sem_o_capitulo_cede_a_do_curso(tmp_path):
    solucao = oraculo.solucao(1)
    assert callable(solucao.correr_ciclo) and oraculo.solucao(1) is solucao
    assert oraculo.solucao(1, tmp_path) is solucao  # tmp_path não tem cap01/cap01.ipynb
    assert oraculo.solucao(1, raiz_do_curso() / "solutions") is solucao


def test_a_sessao_acaba_com_o_bloco():
    with oraculo.do_lado_de_confianca(Caderno({})):
        assert oraculo._SESSAO.get() is not None
    assert oraculo._SESSAO.get() is None


def test_oraculos_de_uma_classe():
    class Ex:
        def test_a(self, nb):
            pass

        def oraculo_b(self, nb, solucao):
            pass

        def ajuda(self):
            pass

    assert oraculo.oraculos_de(Ex) == ["oraculo_b"]


def _mutante(capitulo: int, nome: str) -> Caderno:
    caminho = raiz_do_curso() / "tests" / "mutantes" / f"cap{capitulo:02d}" / nome
    return oraculo.solucao(capitulo).com(caminho.read_text(encoding="utf-8"), nome)


def test_dentro_da_sessao_compara_com_a_solucao():
    certo = oraculo.solucao(1).com("", "<a própria solução>")
    errado = _mutante(1, "ex1_1_salta_resultados_vazios.py")
    with oraculo.do_lado_de_confianca(certo):
        oraculo.comparar_com_a_solucao("1.1")
    oraculo.comparar_com_a_solucao("1.1")  # fora da sessão, nem o mutante é comparado
    with oraculo.do_lado_de_confianca(errado):
        try:
            oraculo.comparar_com_a_solucao("1.1")
        except AssertionError as erro:
            assert str(erro).startswith("correr_ciclo não faz o que o enunciado pede")
        else:
            raise AssertionError("o oráculo deixou passar um mutante")


def test_a_correcao_usa_a_fonte_do_nbgrader(tmp_path):
    from traitlets.config import Config

    from curso.correcao.fronteira import ExecutarComFronteira

    cfg = Config()
    cfg.CourseDirectory.root = str(tmp_path)
    cfg.CourseDirectory.source_directory = "solutions"
    assert ExecutarComFronteira(config=cfg)._solucoes() == tmp_path / "solutions"
    cfg.CourseDirectory.source_directory = "/privada/fonte"  # a --fonte do professor
    assert ExecutarComFronteira(config=cfg)._solucoes().as_posix() == "/privada/fonte"
