"""As mensagens entre o principal e os trabalhadores (``curso.correcao.protocolo``): ida e volta
sem perder nada, linhas mal formadas recusadas, e o principal a desconfiar de respostas forjadas."""

import json
import subprocess
import sys

import pytest

from curso.correcao import cli
from curso.correcao.lote import Trabalhador
from curso.correcao.protocolo import (
    Fim, MensagemInvalida, NotaDaCelula, Notas, NotasDoCaderno, Preparado, Preparar, Resposta,
    Tarefa, de_linha, para_linha,
)

TAREFA = Tarefa(id=3, capitulo="cap01", aluno="ana", submetidos="/s", corrigidos="/c",
                retorno="/r", publicado="/p/cap01")
NOTAS = Notas("2026-01-02T03:04:05", 1.5, 2.0, {
    "cap01": NotasDoCaderno(None, {"ex1_1": NotaDaCelula(1.5, False, 2.0)}, {"c1": None}),
})


@pytest.mark.parametrize("mensagem", [
    Preparar(raiz="/curso", db="/curso/gradebook.db", fonte="/curso/solutions", timeout=30,
             kernel="curso-isolado"),
    Preparado(),
    TAREFA,
    Fim(),
    Resposta(3, ok=True, problemas=["célula «x» alterada"], notas=NOTAS, segundos=1.25),
    Resposta("solucao-cap01", ok=False, erro="TypeError: x"),
])
def test_ida_e_volta(mensagem):
    linha = para_linha(mensagem)
    assert linha.endswith("\n") and linha.count("\n") == 1
    assert de_linha(linha, type(mensagem)) == mensagem


@pytest.mark.parametrize("linha, motivo", [
    ("isto não é json\n", "mal formada"),
    ("[1, 2]\n", "mal formada"),
    ('{"resposta": {"id": 1, "ok": true}, "fim": {}}\n', "mal formada"),
    ('{"desconhecida": {}}\n', "mal formada"),
    ('{"resposta": {"ok": true}}\n', "mal formada"),
    ('{"resposta": {"id": 1, "ok": true, "notas": {"pontos": 99}}}\n', "mal formada"),
    ('{"preparado": {}}\n', "esperava resposta"),
])
def test_linhas_recusadas(linha, motivo):
    with pytest.raises(MensagemInvalida, match=motivo):
        de_linha(linha, Resposta)


def test_a_resposta_nao_traz_aluno_nem_capitulo():
    # a forma antiga (e a que um ataque escreveria): o principal recusa-a inteira
    forjada = {"id": 0, "ok": True, "aluno": "outro", "capitulo": "cap01", "problemas": []}
    with pytest.raises(MensagemInvalida):
        de_linha(json.dumps({"resposta": forjada}), Resposta)
    sem_nota, ignorado = cli._resultado("sqlite:///nao-usada.db", TAREFA, Resposta(99, ok=False, erro="x"))
    assert (sem_nota.aluno, sem_nota.capitulo, ignorado) == ("ana", "cap01", False)


def _trabalhador_falso(tmp_path, responde: str) -> Trabalhador:
    """Um ``Trabalhador`` cujo processo lê uma linha e escreve ``responde`` (sem nbgrader)."""
    trab = Trabalhador.__new__(Trabalhador)
    trab.pasta, trab.morto = tmp_path, False
    trab.registo = open(tmp_path / "trabalhador.log", "a", encoding="utf-8")  # noqa: SIM115
    codigo = f"import sys\nsys.stdin.readline()\nsys.stdout.write({responde!r})\nsys.stdout.flush()\n"
    trab.proc = subprocess.Popen([sys.executable, "-c", codigo], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=trab.registo, text=True,
                                 start_new_session=True)
    return trab


@pytest.mark.parametrize("responde, aceite", [
    (para_linha(Resposta(3, ok=True)), True),
    ('{"id": 3, "ok": true, "aluno": "outro", "capitulo": "cap01"}\n', False),
    (para_linha(Preparado()), False),
    ("", False),
])
def test_o_principal_mata_quem_responde_mal(tmp_path, responde, aceite):
    trab = _trabalhador_falso(tmp_path, responde)
    try:
        resposta = trab.pedir(TAREFA, 60)
    finally:
        trab.matar()
        trab.registo.close()
    assert (resposta == Resposta(3, ok=True)) is aceite
    if not aceite:
        assert resposta is None and trab.morto


def test_o_trabalhador_verdadeiro_fala_o_protocolo(tmp_path):
    # uma tarefa antes de Preparar: a tarefa falha, com o id dela, e o trabalhador continua
    trab = Trabalhador(tmp_path, None, tmp_path)
    try:
        resposta = trab.pedir(TAREFA, 120)
        assert isinstance(resposta, Resposta) and resposta.id == 3 and not resposta.ok
        assert resposta.notas is None and resposta.erro
        assert not trab.morto
    finally:
        trab.terminar()
    assert trab.proc.returncode == 0


def test_um_caderno_entregue_sem_html_de_retorno_e_um_problema(tmp_path):
    from curso.correcao.trabalhador import retornos_em_falta

    (tmp_path / "cap01.html").write_text("<html></html>", encoding="utf-8")
    assert retornos_em_falta(tmp_path, ["cap01"], []) == []
    # entregue e sem HTML: problema; não entregue: já é outro problema, não se repete aqui
    assert retornos_em_falta(tmp_path, ["cap01", "extra"], []) == [
        "o retorno (HTML) não foi gerado: falta extra.html"]
    assert retornos_em_falta(tmp_path, ["cap01", "extra"], ["extra"]) == []
    assert retornos_em_falta(tmp_path / "nao_existe", ["cap01"], []) == [
        "o retorno (HTML) não foi gerado: falta cap01.html"]
