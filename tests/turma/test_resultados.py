"""Os ficheiros ``resultados/ALUNO/CAP.json``: o que o processo principal grava por cima do que o
trabalhador lá escreveu, e quando uma submissão conta como não corrigida."""

import json

from curso.correcao.relatorio import Resultado
from curso.correcao.resultados import gravar, motivo_da_falha

KERNEL = "célula «ex1_2_verificacao»: o kernel morreu (os._exit ou crash); vale 0, o resto foi corrigido"
TEMPO = "célula «ex1_1»: excedeu o limite de tempo (ciclo infinito?) e foi interrompida"
ADULTERACAO = "⚠ possível adulteração: import do módulo os (célula «ex1_1», linha 1)"


def test_motivos_de_falha():
    assert motivo_da_falha(Resultado("a", "cap01", 4, 6, [KERNEL], True)) == KERNEL
    assert motivo_da_falha(Resultado("a", "cap01", 4, 6, [TEMPO, ADULTERACAO], True)) == TEMPO
    # um sinal de adulteração, um erro do aluno fora das verificações ou 0 pontos não são falhas
    assert motivo_da_falha(Resultado("a", "cap01", 6, 6, [ADULTERACAO], True)) is None
    assert motivo_da_falha(Resultado("a", "cap01", 0, 6, [
        "0 pontos: nenhuma verificação passou (caderno por resolver?)",
        "célula «ex1_1»: NameError: x"], True)) is None
    # sem nota registada é sempre uma falha, mesmo sem problema que o explique
    assert motivo_da_falha(Resultado("a", "cap01", None, None, [], False)) == \
        "sem nota registada na base de dados"


def test_gravar_junta_ao_ficheiro_do_trabalhador_e_tira_uma_falha_antiga(tmp_path):
    destino = tmp_path / "ana" / "cap01.json"
    destino.parent.mkdir()
    verificacoes = {"1.1": {"verificacoes": [{"nome": "x", "metodo": "test_x", "estado": "passou",
                                              "mensagem": ""}]}}
    destino.write_text(json.dumps({"aluno": "ana", "capitulo": "cap01", "versao": 1, "cadernos": {
        "cap01": {"exercicios": verificacoes}}}), encoding="utf-8")
    gravar(tmp_path, Resultado("ana", "cap01", 3, 6, [KERNEL, ADULTERACAO, "linha\x1b[2J"], True))
    dados = json.loads(destino.read_text(encoding="utf-8"))
    assert dados["cadernos"]["cap01"]["exercicios"] == verificacoes
    assert (dados["nota"], dados["maximo"], dados["falhou"]) == (3, 6, KERNEL)
    assert dados["adulteracao"] == [ADULTERACAO]
    assert dados["problemas"] == [KERNEL, "linha\\x1b[2J"]  # os controlos à vista, inofensivos
    # corrigida de novo, sem problemas: a falha antiga sai
    gravar(tmp_path, Resultado("ana", "cap01", 6, 6, [], True))
    dados = json.loads(destino.read_text(encoding="utf-8"))
    assert "falhou" not in dados and dados["problemas"] == [] and dados["nota"] == 6
