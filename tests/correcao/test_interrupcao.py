"""Um SIGTERM que chega a meio de um passo do nbgrader interrompe a correção (código 130).

O nbgrader apanha tudo o que acontece dentro de um passo — até o KeyboardInterrupt com que o
``curso corrigir`` responde ao SIGTERM — e devolve-o como falha. Numa máquina carregada o sinal
cai muitas vezes aí (visto na CI: registar os capítulos na base de dados); antes, a correção
acabava como «Não comecei a correção» (código 2) em vez de «interrompida» (130).
Aqui o passo do nbgrader é simulado, para o sinal cair sempre dentro dele.
"""

import argparse
import os
import signal

from curso.correcao import cli
from curso.correcao.ambiente import Recusa


def _args(**extra):
    base = dict(sem_isolamento=True, trabalhadores=1, timeout=20, capitulos=None, alunos=None,
                fonte=None)
    base.update(extra)
    return argparse.Namespace(**base)


def _passo_do_nbgrader_que_engole_tudo():
    """Como o ``capture_log`` do nbgrader: o sinal chega a meio e a exceção vira uma falha."""
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        raise AssertionError("o SIGTERM devia ter interrompido o passo")
    except BaseException as erro:  # o nbgrader faz isto
        falha = repr(erro)
    raise Recusa(f"O nbgrader não conseguiu registar cap01 na base de dados: {falha}")


def test_sigterm_engolido_por_um_passo_do_nbgrader_e_uma_interrupcao(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "_pode_corrigir", lambda isolado: True)
    monkeypatch.setattr(cli, "_ler_turma", lambda raiz, args: _passo_do_nbgrader_que_engole_tudo())
    antes = signal.getsignal(signal.SIGTERM)
    assert cli.executar(_args()) == 130
    assert "interrompida" in capsys.readouterr().err
    assert signal.getsignal(signal.SIGTERM) == antes  # o tratador anterior foi reposto


def test_uma_recusa_sem_sinal_continua_a_ser_uma_recusa(monkeypatch, tmp_path, capsys):
    def recusar(raiz, args):
        raise Recusa("configuração partida")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "_pode_corrigir", lambda isolado: True)
    monkeypatch.setattr(cli, "_ler_turma", recusar)
    assert cli.executar(_args()) == 2
    assert "Não comecei a correção. configuração partida" in capsys.readouterr().err


def test_sigterm_engolido_por_um_passo_que_segue_nao_deixa_comecar_a_correcao(monkeypatch, tmp_path, capsys):
    class LoteQueNaoPodeCorrer:
        def __init__(self, *args):
            pass

        def preparar(self, pedido):
            raise AssertionError("a correção não devia ter começado depois do SIGTERM")

        def fechar(self, interrompido):
            assert interrompido

    def guardas_que_engolem(*args):
        try:
            os.kill(os.getpid(), signal.SIGTERM)
        except KeyboardInterrupt:
            pass  # um passo que apanha a interrupção e segue como se nada fosse

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "_pode_corrigir", lambda isolado: True)
    monkeypatch.setattr(cli, "_ler_turma", lambda raiz, args: argparse.Namespace(db="", fonte=""))
    monkeypatch.setattr(cli, "_kernel_de_correcao", lambda *args: ("python3", "python3"))
    monkeypatch.setattr(cli, "Lote", LoteQueNaoPodeCorrer)
    monkeypatch.setattr(cli, "_guardas", guardas_que_engolem)
    assert cli.executar(_args()) == 130
    assert "interrompida" in capsys.readouterr().err
