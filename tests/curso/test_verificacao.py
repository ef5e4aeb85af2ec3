"""Testes da maquinaria de verificação: carregar cadernos, correr verificações, CLI, progresso."""

import io
import json
import re
import subprocess
import sys
import time

import nbformat
import pytest

from curso import verificacao
from curso.caderno import Caderno, carregar
from curso.estados import Estado
from curso.nbgrader_extra import LimparSolucoes
from curso.progresso import formatar as formatar_progresso
from curso.progresso import proximo_passo, recolher
from curso.raiz import ErroDoCurso, raiz_do_curso
from curso.verificacao import FALHOU, PASSOU, POR_FAZER, correr_verificacoes, verificar
from curso.verificacao import preparacao, tracebacks

RAIZ = raiz_do_curso()
SOLUCAO_1 = RAIZ / "solutions/cap01/cap01.ipynb"
BRANCO_1 = RAIZ / "exercises/cap01/cap01.ipynb"


def _caderno(tmp_path, *celulas, nome="c.ipynb"):
    nb = nbformat.v4.new_notebook()
    nb.cells = [c if isinstance(c, dict) else nbformat.v4.new_code_cell(c) for c in celulas]
    caminho = tmp_path / nome
    nbformat.write(nb, caminho)
    return caminho


def _correr_cli(*args, **kw):
    return subprocess.run([sys.executable, "-m", "curso", *args], capture_output=True, text=True,
                          cwd=RAIZ, timeout=120, **kw)


class TestCarregarCaderno:
    def test_salta_celulas_de_verificacao_ao_vivo_e_nao_carregar(self, tmp_path):
        verif = nbformat.v4.new_code_cell("raise RuntimeError('verificação')")
        verif.metadata["nbgrader"] = {"grade": True, "solution": False, "grade_id": "v", "points": 1}
        vivo = nbformat.v4.new_code_cell("raise RuntimeError('rede')")
        vivo.metadata["tags"] = ["ao-vivo"]
        widget = nbformat.v4.new_code_cell("raise RuntimeError('widget')")
        widget.metadata["tags"] = ["nao-carregar"]
        nb = carregar(_caderno(tmp_path, "x = 1", verif, vivo, widget, "y = x + 1"))
        assert nb.erros == [] and nb.y == 2

    def test_erro_numa_celula_nao_impede_as_outras(self, tmp_path):
        nb = carregar(_caderno(tmp_path, "def f(:\n  pass", "import sys\nsys.exit(3)", "z = 5"))
        assert nb.z == 5
        assert [e.tipo for e in nb.erros] == ["SyntaxError", "SystemExit"]

    def test_nome_em_falta_e_valor_de_partida(self):
        nb = Caderno({"a": ..., "b": 1})
        with pytest.raises(NotImplementedError):
            _ = nb.a
        with pytest.raises(AttributeError, match="escreveste o nome"):
            _ = nb.c
        assert nb.b == 1

    def test_caderno_inexistente_ou_invalido(self, tmp_path):
        with pytest.raises(ErroDoCurso, match="Não encontrei o caderno"):
            carregar(tmp_path / "nao_existe.ipynb")
        mau = tmp_path / "mau.ipynb"
        mau.write_text("{isto não é json")
        with pytest.raises(ErroDoCurso, match="não é um ficheiro .ipynb válido"):
            carregar(mau)


class TestVerificar:
    def test_solucao_passa_e_branco_fica_por_fazer(self):
        assert {r.estado for r in correr_verificacoes(1, carregar(SOLUCAO_1))} == {PASSOU}
        assert {r.estado for r in correr_verificacoes(1, carregar(BRANCO_1))} == {POR_FAZER}

    def test_os_estados_sao_os_de_curso_estados(self):
        # os nomes exportados continuam, o tipo é um só; o JSON mostra o mesmo texto de sempre
        resultados = correr_verificacoes(1, carregar(BRANCO_1))
        assert (PASSOU, FALHOU, POR_FAZER) == (Estado.PASSOU, Estado.FALHOU, Estado.POR_FAZER)
        assert all(type(r.estado) is Estado for r in resultados)
        assert json.loads(json.dumps(verificacao.como_dicionarios(resultados)))[0]["estado"] == "por_fazer"

    def test_falha_mostra_dica_antes_do_pormenor(self, capsys):
        mutante = RAIZ / "tests/mutantes/cap01/ex1_1_resposta_inventada.py"
        verificar("1.1", carregar(SOLUCAO_1).com(mutante.read_text(encoding="utf-8")))
        saida = capsys.readouterr().out
        assert "✘" in saida and "✔" in saida
        linhas = saida.splitlines()
        i = next(i for i, linha in enumerate(linhas) if "✘" in linha)
        assert not linhas[i + 1].strip().startswith("Pormenor") and "Pormenor" in linhas[i + 2]
        assert "verificações públicas passaram" in saida

    def test_so_lanca_sob_nbgrader(self, monkeypatch, capsys):
        monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
        verificar("1.2", {"resposta_1_2": "a"})  # não lança: o «Run All» do aluno continua
        monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
        with pytest.raises(AssertionError):
            verificar("1.2", {"resposta_1_2": "a"})
        verificar("1.2", {"resposta_1_2": "c"})  # tudo certo: não lança
        assert "Tudo certo" in capsys.readouterr().out

    def test_usa_os_nomes_de_quem_chama(self, capsys):
        resposta_1_2 = "c"  # noqa: F841 — lido por verificar através do quadro de quem chama
        exec("verificar('1.2')", {"verificar": verificar, "resposta_1_2": "c"})
        assert "Tudo certo: 2/2" in capsys.readouterr().out

    def test_ciclo_infinito_e_cortado(self, monkeypatch):
        monkeypatch.setattr(verificacao, "LIMITE_POR_VERIFICACAO", 0.3)

        def resumir_e_traduzir(texto, chamar_modelo):
            while True:
                try:
                    chamar_modelo(texto)
                except Exception:  # o aluno engole exceções: o limite tem de passar na mesma
                    pass

        r = correr_verificacoes("1.3", Caderno({"resumir_e_traduzir": resumir_e_traduzir}))
        assert r and all(x.estado == FALHOU and "ciclo" in x.mensagem for x in r)

    def test_o_limite_volta_a_disparar_quando_o_primeiro_alarme_e_engolido(self, monkeypatch):
        """Um TempoEsgotado engolido (num callback do gc, num ``except BaseException``) não
        desliga o limite: o alarme repete-se até a verificação sair."""
        monkeypatch.setattr(verificacao, "LIMITE_POR_VERIFICACAO", 0.3)
        engolidos = []

        def resumir_e_traduzir(texto, chamar_modelo):
            fim = time.monotonic() + 5  # sem a repetição, acaba aqui e devolve None
            while time.monotonic() < fim:
                try:
                    while time.monotonic() < fim:
                        pass
                except BaseException as erro:  # a primeira vez perde-se
                    if engolidos:
                        raise
                    engolidos.append(type(erro).__name__)

        r = correr_verificacoes("1.3", Caderno({"resumir_e_traduzir": resumir_e_traduzir}))
        assert engolidos == ["TempoEsgotado"]
        assert r and all(x.estado == FALHOU and "ciclo" in x.mensagem for x in r), r

    def test_a_repeticao_do_alarme_nao_interrompe_quem_trata_o_primeiro(self, monkeypatch):
        """Quem apanha o TempoEsgotado para arrumar (como a fronteira a recuperar o kernel) e o
        relança não é interrompido a meio pela repetição."""
        monkeypatch.setattr(verificacao, "LIMITE_POR_VERIFICACAO", 0.3)
        vistos = []

        def resumir_e_traduzir(texto, chamar_modelo):
            fim = time.monotonic() + 5
            try:
                while time.monotonic() < fim:
                    pass
            except BaseException as erro:
                vistos.append(type(erro).__name__)
                arrumar = time.monotonic() + 1.2  # mais do que duas repetições
                while time.monotonic() < arrumar:
                    pass
                vistos.append("arrumou")
                raise

        r = correr_verificacoes("1.3", Caderno({"resumir_e_traduzir": resumir_e_traduzir}))
        # a primeira esgota o tempo; as outras já não chamam a função (ver TestCicloSemFim)
        assert vistos == ["TempoEsgotado", "arrumou"], vistos
        assert r[0].mensagem.startswith(verificacao.DICA_TEMPO)
        assert len(r) > 1 and all(x.mensagem.startswith(verificacao.DICA_SALTADA) for x in r[1:]), r
        assert all(x.estado == FALHOU and "ciclo" in x.mensagem for x in r), r

    def test_excecao_inesperada_e_nome_em_falta(self):
        r = correr_verificacoes("1.3", Caderno({"resumir_e_traduzir": lambda t, m: 1 / 0}))
        assert all(x.estado == FALHOU and "ZeroDivisionError" in x.mensagem for x in r)
        r = correr_verificacoes("1.3", Caderno({}))
        assert all(x.estado == FALHOU and "resumir_e_traduzir" in x.mensagem for x in r)

    def test_excecao_do_aluno_mostra_a_entrada(self, tmp_path):
        codigo = "def resumir_e_traduzir(texto, chamar_modelo):\n    return texto[999]"
        r = correr_verificacoes("1.3", carregar(_caderno(tmp_path, codigo)))
        assert r and all(x.estado == FALHOU for x in r)
        assert all("IndexError" in x.mensagem and "resumir_e_traduzir(texto=" in x.mensagem for x in r), r
        dica, _, pormenor = r[0].mensagem.partition("\n")
        assert "inesperada" in dica and "com a entrada" in pormenor  # a dica primeiro, a entrada depois

    def test_ids_desconhecidos(self, capsys):
        for errado in ("1.9", "99", "abc"):
            with pytest.raises(ErroDoCurso):
                correr_verificacoes(errado, Caderno({}))
        verificar("1.9", {})
        assert "não tem o exercício 1.9" in capsys.readouterr().out


@pytest.mark.lento
class TestLinhaDeComandos:
    def test_solucao_sai_com_zero_e_branco_com_um(self):
        certo = _correr_cli("verificar", "1", "--caderno", str(SOLUCAO_1))
        assert certo.returncode == 0, certo.stdout + certo.stderr
        branco = _correr_cli("verificar", "1")
        # cada exercício do caderno em branco é um esboço por fazer
        por_fazer = len(verificacao.exercicios_do_capitulo(1))
        assert branco.returncode == 1
        assert branco.stdout.count("ainda não implementado") == por_fazer, branco.stdout

    def test_json(self):
        r = _correr_cli("verificar", "1.2", "--json", "--caderno", str(SOLUCAO_1))
        dados = json.loads(r.stdout)
        assert r.returncode == 0 and [d["estado"] for d in dados] == [PASSOU, PASSOU]

    def test_erros_claros(self, tmp_path):
        for args, texto in ((["verificar", "1", "--caderno", str(tmp_path / "x.ipynb")], "Não encontrei"),
                            (["verificar", "1.9"], "não tem o exercício"),
                            (["verificar", "um"], "Não conheço o exercício")):
            r = _correr_cli(*args)
            assert r.returncode == 2 and texto in r.stderr and "Traceback" not in r.stderr

    def test_ajuda_em_portugues(self):
        r = _correr_cli("verificar", "--help")
        assert r.returncode == 0 and "mostra esta ajuda" in r.stdout and "show this" not in r.stdout


class _ChamaQuemNaoPara:
    """Verificações feitas para o teste: várias chamam uma função do aluno que nunca acaba"""

    def test_nao_para(self, nb):
        """Chama a função que não para"""
        nb.nao_para()

    def test_outra_vez(self, nb):
        """Chama-a outra vez"""
        assert nb.nao_para() == 1

    def test_passada_a_outra(self, nb):
        """Passa-a a outra função do aluno, que engole tudo o que ela lançar"""
        assert nb.engole(nb.nao_para) == "engoli"

    def test_sem_ela(self, nb):
        """Não a chama"""
        assert nb.somar(1, 2) == 3


ALUNO_COM_CICLO = """
entradas = []
def nao_para():
    entradas.append(1)
    while True:
        pass
def engole(funcao):
    try:
        funcao()
    except BaseException:
        return "engoli"
def somar(a, b):
    return a + b
"""


class TestCicloSemFim:
    """Uma função do aluno que esgotou o tempo numa verificação não é chamada nas seguintes: a
    célula não espera o limite inteiro outra vez por cada uma, e cada uma conta como falhada."""

    def test_so_a_primeira_espera_e_as_outras_falham_sem_a_chamar(self, monkeypatch):
        monkeypatch.setattr(verificacao, "LIMITE_POR_VERIFICACAO", 0.3)
        nb = Caderno({}).com(ALUNO_COM_CICLO, "<c.ipynb, célula de código 1>")
        r = {x.metodo: x for x in verificacao.correr_exercicio("1.1", _ChamaQuemNaoPara, nb)}
        assert nb.entradas == [1]  # chamada uma só vez
        assert r["test_nao_para"].estado == FALHOU and r["test_nao_para"].mensagem.startswith(verificacao.DICA_TEMPO)
        for metodo in ("test_outra_vez", "test_passada_a_outra"):
            assert r[metodo].estado == FALHOU, r[metodo]  # mesmo quando o aluno engole a recusa
            assert r[metodo].mensagem.startswith(
                f"{verificacao.DICA_SALTADA} nao_para() já passou do tempo em «Chama a função que não para»"), r[metodo]
        assert r["test_sem_ela"].estado == PASSOU

    def test_no_capitulo_1_o_ciclo_do_1_1_so_espera_uma_vez(self, monkeypatch):
        monkeypatch.setattr(verificacao, "LIMITE_POR_VERIFICACAO", 0.3)
        nb = carregar(SOLUCAO_1).com(
            "entradas_1_1 = []\n"
            "def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):\n"
            "    entradas_1_1.append(1)\n"
            "    while True:\n"
            "        pass\n", "<c.ipynb, célula de código 4>")
        resultados = correr_verificacoes(1, nb)
        assert nb.entradas_1_1 == [1]
        do_1_1 = [x for x in resultados if x.exercicio == "1.1" and x.metodo.startswith("test_")]
        assert not any(x.estado == PASSOU and x.metodo != do_1_1[0].metodo for x in do_1_1)
        esgotou = [x for x in do_1_1 if x.mensagem.startswith(verificacao.DICA_TEMPO)]
        saltadas = [x for x in do_1_1 if x.mensagem.startswith(verificacao.DICA_SALTADA)]
        assert len(esgotou) == 1 and len(saltadas) >= 3 and all(x.estado == FALHOU for x in saltadas)
        assert all(x.estado == PASSOU for x in resultados if x.exercicio != "1.1")

    def test_cada_verificar_comeca_do_zero(self, monkeypatch):
        """O aluno corrige a função e volta a verificar: a nova é chamada."""
        monkeypatch.setattr(verificacao, "LIMITE_POR_VERIFICACAO", 0.3)
        nb = Caderno({}).com(ALUNO_COM_CICLO, "<c.ipynb, célula de código 1>")
        verificacao.correr_exercicio("1.1", _ChamaQuemNaoPara, nb)
        corrigido = nb.com("def nao_para():\n    return 1\n", "<c.ipynb, célula de código 2>")
        r = {x.metodo: x.estado for x in verificacao.correr_exercicio("1.1", _ChamaQuemNaoPara, corrigido)}
        assert r["test_outra_vez"] == PASSOU


class _Terminal:
    """Um stderr que é um terminal e guarda o que lá se escreve."""

    def __init__(self):
        self.escrito = []

    def isatty(self):
        return True

    def write(self, texto):
        self.escrito.append(texto)

    def flush(self):
        pass


class TestEsperaNoTerminal:
    ESPERA = re.compile(r"\r⏳ A verificar 1\.3 \(«O primeiro prompt leva o texto inteiro»\)… (\d+) s "
                        r"\(o limite são 20 s\)\x1b\[K")

    def test_mostra_a_espera_a_atualizar_e_apaga_no_fim(self, monkeypatch):
        terminal = _Terminal()
        monkeypatch.setattr(sys, "stderr", terminal)
        monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
        monkeypatch.setenv("COLUMNS", "200")

        def segundos_mostrados() -> set[str]:
            return {m.group(1) for t in list(terminal.escrito) if (m := self.ESPERA.fullmatch(t))}

        def resumir_e_traduzir(texto, chamar_modelo):
            # o aluno demora até o ecrã ter mostrado a espera a mudar (sem isso, ficaria aqui)
            while len(segundos_mostrados()) < 2:
                pass
            raise RuntimeError("já vi a espera")

        verificacao.correr_com_espera("1.3", Caderno({"resumir_e_traduzir": resumir_e_traduzir}))
        assert len(segundos_mostrados()) >= 2 and "0" not in segundos_mostrados()
        assert terminal.escrito[-1] == "\r\033[K"  # no fim, a linha apaga-se

    def test_num_terminal_estreito_cabe_numa_linha(self, monkeypatch):
        from curso.verificacao.apresentacao import _Espera

        monkeypatch.setenv("COLUMNS", "60")
        espera = _Espera(verificacao.Andamento())
        espera._destino = "terminal"
        texto = espera._texto("1.3", "O primeiro prompt leva o texto inteiro e mais umas palavras", 5, 20)
        assert len(texto) == 59 and texto.endswith("…»)… 5 s (o limite são 20 s)"), texto

    def test_onde_mostra(self, monkeypatch):
        from curso.verificacao.apresentacao import _Espera

        monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
        monkeypatch.setattr(sys, "stderr", _Terminal())
        assert _Espera._onde() == "terminal"
        monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")  # a correção: nada no ecrã
        assert _Espera._onde() is None
        monkeypatch.delenv("NBGRADER_EXECUTION")
        monkeypatch.setattr(sys, "stderr", io.StringIO())  # um ficheiro ou um tubo
        assert _Espera._onde() is None


class TestProgresso:
    def test_estados_e_proximo_passo(self, tmp_path):
        pasta = tmp_path / "cap01"
        pasta.mkdir()
        nb = nbformat.read(SOLUCAO_1, as_version=4)
        for celula in nb.cells:  # 1.1 por fazer, 1.2 errado, 1.3 e 1.4 certos
            if celula.metadata.get("nbgrader", {}).get("grade_id") == "ex1_1":
                celula.source = "def correr_ciclo(*a, **k):\n    raise NotImplementedError()"
            if celula.metadata.get("nbgrader", {}).get("grade_id") == "ex1_2":
                celula.source = 'resposta_1_2 = "a"'
        nbformat.write(nb, pasta / "cap01.ipynb")
        itens = [i for i in recolher(tmp_path) if i["capitulo"] == 1]
        assert [i["estado"] for i in itens] == [POR_FAZER, FALHOU, PASSOU, PASSOU]
        assert "1.2" in proximo_passo(itens) and "Acaba" in proximo_passo(itens)
        assert "2/4" in formatar_progresso(itens)

    def test_tudo_feito(self):
        itens = [{"estado": PASSOU, "id": "1.1", "titulo": "t", "caderno": "c"}]
        assert "Parabéns" in proximo_passo(itens)


class TestEsbocosDoNbgrader:
    def _limpar(self, fonte):
        celula = nbformat.v4.new_code_cell(fonte)
        celula.metadata["nbgrader"] = {"solution": True, "grade": False, "grade_id": "x"}
        LimparSolucoes(code_stub={"python": "# O TEU CÓDIGO AQUI\nraise NotImplementedError()"}
                       )._replace_solution_region(celula, "python")
        return celula.source

    def test_resposta_ao_nivel_do_modulo_vira_reticencias(self):
        fonte = self._limpar('### BEGIN SOLUTION\nresposta_1_2 = "b"\n### END SOLUTION')
        assert fonte == "resposta_1_2 = ...  # O TEU CÓDIGO AQUI"
        exec(fonte, {})  # não lança: «Run All» continua

    def test_corpo_de_funcao_levanta_nao_implementado(self):
        fonte = self._limpar("def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION")
        assert "raise NotImplementedError()" in fonte and "return 1" not in fonte
        nomes = {}
        exec(fonte, nomes)
        with pytest.raises(NotImplementedError):
            nomes["f"]()


class TestAjudasDasVerificacoes:
    def test_lanca(self):
        from curso.verificacao import lanca

        with lanca(ValueError):
            int("x")
        with pytest.raises(AssertionError, match="Esperava que fosse lançado ValueError"):
            with lanca(ValueError):
                pass
        with pytest.raises(NotImplementedError):  # outra exceção passa: «ainda não implementado»
            with lanca(ValueError):
                raise NotImplementedError()

    def test_aprox(self):
        from curso.verificacao import aprox

        assert 0.1 + 0.2 == aprox(0.3) and not (0.31 == aprox(0.3)) and not ("a" == aprox(1.0))


class _VerificacaoPartida:
    """Uma verificação com um erro dela própria (e outra que chama código do aluno que rebenta)"""

    def test_erro_da_propria_verificacao(self, nb):
        """A verificação tem um bug"""
        esperado = nb.f()
        assert esperado["respota"] == 1  # o erro está aqui, no código da verificação

    def test_aluno_rebenta(self, nb):
        """O código do aluno lança uma exceção"""
        assert nb.f() == 1

    def test_grupo_de_afirmacoes(self, nb):
        """Várias falhas juntas num grupo (como as da hypothesis)"""
        raise ExceptionGroup("2 falhas", [AssertionError("Primeira dica."), AssertionError("Segunda dica.")])

    def test_grupo_com_erro_do_aluno(self, nb):
        """Um grupo com uma exceção do código do aluno lá dentro"""
        try:
            nb.f()
        except KeyError as erro:
            raise ExceptionGroup("falhas", [AssertionError("x"), erro]) from None


class TestErrosInesperados:
    NB = Caderno({}).com("def f():\n    return {}['x']\n", "<c.ipynb, célula de código 3>")

    def test_bug_da_verificacao_e_avisa_o_professor(self):
        r = verificacao.correr_verificacao("1.1", _VerificacaoPartida, "test_erro_da_propria_verificacao",
                                           Caderno({"f": lambda: {"resposta": 1}}))
        assert r.estado == FALHOU
        assert r.mensagem.startswith("Erro na própria verificação (a exceção não passou pelo teu código)")
        assert "avisa o professor" in r.mensagem
        assert "KeyError: 'respota'" in r.mensagem and "test_verificacao.py" in r.mensagem
        assert "O teu código" not in r.mensagem

    def test_none_do_aluno_e_assinatura_errada(self):
        r = verificacao.correr_verificacao("1.1", _VerificacaoPartida, "test_erro_da_propria_verificacao",
                                           Caderno({"f": lambda: None}))
        assert r.mensagem.startswith("A verificação recebeu None do teu código: falta um return?")
        r = verificacao.correr_verificacao("1.1", _VerificacaoPartida, "test_aluno_rebenta",
                                           Caderno({"f": lambda x: 1}))
        assert r.mensagem.startswith("A tua função não aceita os argumentos com que é chamada")
        assert "<lambda>() missing 1 required positional argument: 'x'" in r.mensagem

    def test_excecao_do_aluno_diz_onde(self):
        r = verificacao.correr_verificacao("1.1", _VerificacaoPartida, "test_aluno_rebenta", self.NB)
        assert r.mensagem.startswith("O teu código lançou uma exceção inesperada")
        assert "(em c.ipynb, célula de código 3, linha 2)" in r.mensagem
        assert "avisa o professor" not in r.mensagem

    def test_grupos_de_excecoes(self):
        r = verificacao.correr_verificacao("1.1", _VerificacaoPartida, "test_grupo_de_afirmacoes", self.NB)
        assert r.estado == FALHOU and r.mensagem == "Primeira dica.\nSegunda dica."
        r = verificacao.correr_verificacao("1.1", _VerificacaoPartida, "test_grupo_com_erro_do_aluno", self.NB)
        assert r.mensagem.startswith("O teu código lançou uma exceção inesperada (em c.ipynb")

    def test_excecao_numa_biblioteca_chamada_pelo_aluno_e_do_aluno(self):
        nb = Caderno({}).com("import json\ndef f():\n    return json.loads('{')\n", "<célula 1>")
        r = verificacao.correr_verificacao("1.1", _VerificacaoPartida, "test_aluno_rebenta", nb)
        assert r.mensagem.startswith("O teu código lançou") and "JSONDecodeError" in r.mensagem
        assert "linha 3" in r.mensagem


class TestQuadrosAnexados:
    """Uma exceção que veio de outro processo (o kernel, pela fronteira) traz os quadros do aluno
    por ``tracebacks.anexar_quadros``; a culpa e o sítio leem-se deles."""

    def _remota(self, quadros):
        try:  # lançada aqui, como a fronteira a relança: o traceback local não é do aluno
            raise KeyError("x")
        except KeyError as erro:
            tracebacks.anexar_quadros(erro, quadros)
            return erro

    def test_os_quadros_anexados_valem_pelos_locais(self):
        erro = self._remota([{"ficheiro": "<célula In [4]>", "linha": 2, "funcao": "f",
                              "texto": "return {}['x']"}])
        quadros = tracebacks.quadros_do_aluno(erro, __file__)
        assert [(q.filename, q.lineno, q.name, q.line) for q in quadros] == [
            ("<célula In [4]>", 2, "f", "return {}['x']")]
        assert tracebacks.quadros_do_aluno(KeyError("x"), __file__) == []  # nem locais nem anexados

    def test_a_mensagem_diz_a_celula_do_kernel(self):
        erro = self._remota([{"ficheiro": "<célula In [4]>", "linha": 2, "funcao": "f", "texto": "x = 1"}])
        metodo = _VerificacaoPartida().test_aluno_rebenta
        assert tracebacks.erro_inesperado(erro, metodo, "1.1") == (
            "O teu código lançou uma exceção inesperada (em célula In [4], linha 2: x = 1).\n"
            "Pormenor: KeyError: 'x'")
        sem_quadros = self._remota([])  # uma lista vazia não apaga o traceback local
        assert tracebacks.erro_inesperado(sem_quadros, metodo, "1.1").startswith("Erro na própria verificação")


class TestFachada:
    def test_cada_nome_reexportado_existe(self):
        for nome in [*verificacao.__all__, "_Alarme", "_id_da_classe", "_nome_da_verificacao", "_importacoes"]:
            assert getattr(verificacao, nome) is not None, nome
        assert "curso.verificacao.vocabulario" in sys.modules and verificacao.explica.__module__ == (
            "curso.verificacao.vocabulario")

    def test_o_limite_atribuido_a_fachada_e_o_que_se_le(self, monkeypatch):
        from curso.verificacao import execucao

        monkeypatch.setattr(verificacao, "LIMITE_POR_VERIFICACAO", 0.5)
        assert execucao.LIMITE_POR_VERIFICACAO == 0.5 == verificacao.LIMITE_POR_VERIFICACAO
        monkeypatch.undo()
        assert execucao.LIMITE_POR_VERIFICACAO == 20.0 == verificacao.LIMITE_POR_VERIFICACAO

    def test_as_verificacoes_de_um_capitulo_so_carregam_o_vocabulario(self):
        codigo = ("import sys\nfrom curso.verificacao import explica, so_dados\n"
                  "print(sorted(m for m in sys.modules if m.startswith('curso.verificacao.')))")
        r = subprocess.run([sys.executable, "-c", codigo], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        assert r.stdout.strip() == "['curso.verificacao.vocabulario']"


class TestRelatorio:
    def test_objeto_devolvido(self, capsys):
        r = verificar("1.2", {"resposta_1_2": "a"})
        assert r.passou is False and [f.verificacao for f in r.falhas] == ["A opção escolhida é a certa"]
        assert r.por_fazer == [] and "1/2" in repr(r)
        assert capsys.readouterr().out.count("Exercício 1.2") == 1  # mostrado uma vez, em texto
        certo = verificar("1.2", {"resposta_1_2": "c"})
        assert certo.passou and certo.falhas == []
        errado = verificar("1.9", {})
        assert not errado.passou and "não tem o exercício" in errado.erro

    def test_html_com_cores_e_dica_a_negrito(self):
        resultados = [
            verificacao.Resultado("1.3", "primeira", PASSOU),
            verificacao.Resultado("1.3", "segunda", FALHOU, verificacao.explica("A dica <x>.", "o pormenor")),
        ]
        html = verificacao.formatar_html("1.3", resultados)
        cores = verificacao.CORES
        assert f'color:{cores["ok"]}">✔ primeira' in html and f'color:{cores["erro"]}">✘ segunda' in html
        assert "<b>A dica &lt;x&gt;.</b>" in html and "Pormenor: " in html and "o pormenor" in html
        por_fazer = verificacao.formatar_html("1.3", [verificacao.Resultado("1.3", "x", POR_FAZER)])
        assert f'color:{cores["neutro"]}">… ainda não implementado' in por_fazer

    def test_falha_publica_aparece_como_publica_no_retorno(self, monkeypatch):
        from curso.correcao.retorno import FALHOU_ESCONDIDO, ocultar_celula

        monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
        with pytest.raises(AssertionError) as falha:
            verificar("1.2", {"resposta_1_2": "a"})
        celula = nbformat.v4.new_code_cell('verificar("1.2")')
        celula.outputs = [nbformat.v4.new_output("error", ename="AssertionError", evalue=str(falha.value),
                                                 traceback=["Traceback", "linha interna do verificar"])]
        ocultar_celula(celula)
        saida = celula.outputs[0]
        assert saida.evalue == str(falha.value) and FALHOU_ESCONDIDO not in saida.evalue
        assert saida.traceback == [f"AssertionError: {falha.value}"]


@pytest.mark.lento
def test_num_kernel_do_jupyter(tmp_path):
    """Num kernel verdadeiro: o relatório em HTML aparece uma vez e o erro diz a célula e a linha."""
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in (
        "from curso import verificar",
        "def resumir_e_traduzir(texto, chamar_modelo):\n    resumo = chamar_modelo(texto)\n    return resumo[99]",
        'verificar("1.3")',
        'r = verificar("1.3")\nprint(r.passou, len(r.falhas))',
        "r",
    )]
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    saidas = nb.cells[2].outputs
    assert len(saidas) == 1 and saidas[0].output_type == "display_data"  # uma vez, sem Out[] repetido
    html = saidas[0].data["text/html"]
    assert "(na célula In [2], linha 3: return resumo[99])" in html
    assert f'color:{verificacao.CORES["erro"]}' in html and "IndexError" in html
    assert "✘" in saidas[0].data["text/plain"]
    assert [s.get("text") for s in nb.cells[3].outputs if s.output_type == "stream"] == ["False 5\n"]
    assert len(nb.cells[4].outputs) == 1 and "text/html" in nb.cells[4].outputs[0].data  # r sozinho mostra-se


@pytest.mark.lento
@pytest.mark.timeout(300)
def test_num_kernel_a_espera_aparece_atualiza_e_desaparece(tmp_path):
    """Num kernel verdadeiro, com um ciclo sem fim: a célula mostra logo «⏳ A verificar…, N s», a
    contar, e a espera desaparece quando a verificação acaba (aqui, quem estuda carrega em ■)."""
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3", cwd=str(tmp_path))
    try:
        kc.execute_interactive("from curso import verificar\n"
                               "def resumir_e_traduzir(texto, chamar_modelo):\n    while True:\n        pass",
                               timeout=120)
        pedido = kc.execute('verificar("1.3")')
        textos, segundos = {}, set()

        def ler_ate(condicao, o_que: str):
            while not condicao():
                try:
                    msg = kc.get_iopub_msg(timeout=120)
                except Exception as erro:
                    raise AssertionError(f"à espera de {o_que}; vi {textos}") from erro
                if msg["parent_header"].get("msg_id") != pedido:
                    continue
                tipo, conteudo = msg["msg_type"], msg["content"]
                if tipo in ("display_data", "update_display_data") and "display_id" in conteudo.get("transient", {}):
                    texto = conteudo["data"]["text/plain"]
                    textos.setdefault(conteudo["transient"]["display_id"], []).append((tipo, texto))
                    if m := re.fullmatch(r"⏳ A verificar 1\.3 \(«[^»]+»\)… (\d+) s \(o limite são 20 s\)", texto):
                        segundos.add(m.group(1))
                if tipo == "error":
                    textos["erro"] = conteudo["ename"]

        ler_ate(lambda: len(segundos) >= 2, "a espera a contar os segundos")
        km.interrupt_kernel()
        ler_ate(lambda: "erro" in textos, "o KeyboardInterrupt da célula")
        (ident, mostrados), = [(k, v) for k, v in textos.items() if k != "erro"]  # uma só saída de espera
        assert mostrados[0][0] == "display_data" and all(t == "update_display_data" for t, _ in mostrados[1:])
        assert mostrados[-1] == ("update_display_data", "")  # no fim, a espera desaparece
        assert textos["erro"] == "KeyboardInterrupt"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_preparar_verificacoes_carrega_o_que_as_verificacoes_importam(monkeypatch):
    importados = verificacao._importacoes(str(RAIZ / "tests/exercicios/test_cap04.py"))
    assert "openai" in importados and "curso.offline" in importados  # também os de dentro de funções
    ensaiados = []
    monkeypatch.setattr(preparacao, "correr_verificacao", lambda *a: ensaiados.append(a[:2]))
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    verificacao.preparar_verificacoes(4)
    assert ensaiados == []  # na correção não ensaia: ninguém está à espera
    monkeypatch.delenv("NBGRADER_EXECUTION")
    verificacao.preparar_verificacoes(4)
    assert "openai" in sys.modules and "curso.offline.transporte" in sys.modules
    assert {ident for ident, _ in ensaiados} == set(verificacao.exercicios_do_capitulo(4))
