"""Os limites da correção que não dependem do código do aluno se portar bem: a pasta de trabalho
do kernel tem tamanho fixo (em memória), a pasta de ligação só aceita os sockets do kernel (a
vigia termina quem lá escrever outra coisa) e a saída guardada de cada célula tem teto — sem que
um erro se perca, porque é pelos erros que o nbgrader sabe que uma verificação falhou."""

import json
import socket
import subprocess
import sys
import time

import pytest
from nbformat.notebooknode import NotebookNode

from curso.correcao import caixa
from curso.correcao.recuperacao import CORTADA, LIMITE_ERRO, LIMITE_SAIDA, ExecutarSemParar


# --------------------------------------------------------------------------- a pasta de trabalho

ESCREVER_ATE_ENCHER = """
import json, os
escritos, erro = 0, None
try:
    while escritos < 2 * {limite}:
        with open(f"enche-{{escritos}}", "wb") as f:
            f.write(b"0" * 2**22)
        escritos += 2**22
except OSError as e:
    erro = e.strerror
with open("cap01.ipynb", "a") as f:  # a cópia da entrega é do aluno: pode escrever nela
    f.write("!")
print(json.dumps({{"escritos": escritos, "erro": erro, "entrega": open("cap01.ipynb").read(),
                  "casa": os.getcwd(), "sobra": os.listdir("/run/entrega")}}))
"""


@pytest.mark.usefixtures("caixa_de_areia")
def test_pasta_de_trabalho_em_memoria_com_tamanho_fixo(tmp_path):
    privada, ligacao = tmp_path / "trabalho", tmp_path / "ligacao"
    privada.mkdir()
    ligacao.mkdir()
    (privada / "cap01.ipynb").write_text("{}")
    codigo = ESCREVER_ATE_ENCHER.format(limite=caixa.CASA_MAXIMA)
    argv = caixa.comando([sys.executable, "-c", codigo], privada, ligacao, caixa.leitura(),
                         {"PYTHONUTF8": "1"})
    r = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    visto = json.loads(r.stdout)
    assert visto["erro"] == "No space left on device", visto
    assert caixa.CASA_MAXIMA - 2**22 <= visto["escritos"] <= caixa.CASA_MAXIMA, visto
    assert visto["entrega"] == "{}!"
    assert visto["casa"] == caixa.casa_da_caixa([*caixa.leitura(), str(ligacao)])
    # nada chegou ao disco de fora: nem os ficheiros novos, nem a alteração à cópia da entrega
    assert sorted(p.name for p in privada.iterdir()) == ["cap01.ipynb"]
    assert (privada / "cap01.ipynb").read_text() == "{}"
    assert list(ligacao.iterdir()) == []


# --------------------------------------------------------------------------- a pasta de ligação

def _ligacao_normal(pasta):
    """O que um kernel a sério lá deixa: o kernel.json e os cinco sockets ``k-N``."""
    (pasta / "kernel.json").write_text('{"transport": "ipc"}')
    sockets = []
    for n in range(1, 6):
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(pasta / f"k-{n}"))
        sockets.append(s)
    return sockets


def _esperar(condicao, segundos=10.0):
    limite = time.monotonic() + segundos
    while not condicao() and time.monotonic() < limite:
        time.sleep(0.02)
    return condicao()


@pytest.fixture
def kernel_falso():
    processo = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    caixa.violacoes()  # começa sem nada registado
    yield processo
    processo.kill()
    processo.wait()


def test_vigia_nao_se_mete_num_kernel_normal(tmp_path, kernel_falso):
    sockets = _ligacao_normal(tmp_path)
    vigia = caixa.VigiaDaLigacao(tmp_path, kernel_falso, intervalo=0.01)
    vigia.start()
    time.sleep(0.3)
    assert caixa.estranhos_na_ligacao(tmp_path) == []
    assert kernel_falso.poll() is None and vigia.is_alive()
    vigia.parar()
    vigia.join(5)
    assert not vigia.is_alive() and caixa.violacoes() == []
    for s in sockets:
        s.close()


@pytest.mark.parametrize("escrever", [
    lambda p: (p / "enche-0").write_bytes(b"0" * 2**20),
    lambda p: (p / "k-9").write_text("não é um socket"),
    lambda p: (p / "pasta" / "funda").mkdir(parents=True),
    lambda p: (p / "k-6").symlink_to("/etc/passwd"),
    lambda p: (p / "kernel.json").write_bytes(b" " * (caixa.LIGACAO_MAXIMA + 1)),
], ids=["ficheiro", "falso_socket", "pasta", "ligacao_simbolica", "kernel_json_enorme"])
def test_vigia_termina_o_kernel_e_apaga_o_que_ele_escreveu(tmp_path, kernel_falso, escrever):
    sockets = _ligacao_normal(tmp_path)
    vigia = caixa.VigiaDaLigacao(tmp_path, kernel_falso, intervalo=0.01)
    vigia.start()
    escrever(tmp_path)
    assert _esperar(lambda: kernel_falso.poll() is not None), "a vigia não terminou o kernel"
    vigia.join(10)
    assert caixa.estranhos_na_ligacao(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("k-")) == [
        f"k-{n}" for n in range(1, 6)]  # os sockets do kernel ficam
    (violacao,) = caixa.violacoes()
    assert "pasta de ligação" in violacao and "terminado" in violacao
    assert caixa.violacoes() == []  # cada violação conta uma vez
    for s in sockets:
        s.close()


def test_vigia_termina_o_kernel_que_lhe_tira_a_leitura(tmp_path, kernel_falso, monkeypatch):
    # um kernel que faça chmod 000 à pasta (um professor que não é root deixa de a ler) não
    # pode deixar a vigia cega: é tratado como uma violação
    def ilegivel(pasta):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(caixa, "estranhos_na_ligacao", ilegivel)
    vigia = caixa.VigiaDaLigacao(tmp_path, kernel_falso, intervalo=0.01)
    vigia.start()
    assert _esperar(lambda: kernel_falso.poll() is not None), "a vigia não terminou o kernel"
    vigia.join(10)
    (violacao,) = caixa.violacoes()
    assert "ilegível" in violacao and "terminado" in violacao


# --------------------------------------------------------------------------- a saída das células

def _mensagem(tipo, conteudo):
    return {"msg_type": tipo, "header": {"msg_type": tipo, "msg_id": "m"},
            "parent_header": {"msg_id": "pedido"}, "metadata": {}, "content": conteudo}


@pytest.fixture
def execucao():
    e = ExecutarSemParar()
    e.reset_execution_trackers()  # o que o nbclient faz antes de executar um caderno…
    e.clear_before_next_output = False  # …e antes de cada célula
    e._saida = {}
    return e


def test_saida_ate_ao_limite_fica_toda(execucao):
    outs = []
    for _ in range(4):
        execucao.output(outs, _mensagem("stream", {"name": "stdout", "text": "x" * (LIMITE_SAIDA // 4)}),
                        None, 0)
    assert sum(len(o["text"]) for o in outs) == LIMITE_SAIDA
    assert not any(CORTADA.format(limite=LIMITE_SAIDA) == o["text"] for o in outs)


def test_saida_sem_fim_e_cortada_com_uma_nota(execucao):
    outs = []
    bloco = "x" * 2**16
    for _ in range(200):  # 12,5 MiB de texto
        execucao.output(outs, _mensagem("stream", {"name": "stdout", "text": bloco}), None, 3)
    imagem = {"data": {"image/png": "A" * 2**16}, "metadata": {}}
    execucao.output(outs, _mensagem("display_data", imagem), None, 3)
    guardado = sum(len(o.get("text", "")) for o in outs if o.get("name") == "stdout")
    assert guardado <= LIMITE_SAIDA
    notas = [o for o in outs if o.get("text") == CORTADA.format(limite=LIMITE_SAIDA)]
    assert len(notas) == 1 and notas[0]["name"] == "stderr"
    assert not any(o["output_type"] == "display_data" for o in outs)
    # outra célula tem o seu próprio limite
    execucao.output(outs, _mensagem("stream", {"name": "stdout", "text": "ok"}), None, 4)
    assert outs[-1]["text"] == "ok"


def test_erro_nunca_e_cortado_so_aparado(execucao):
    outs = []
    execucao.output(outs, _mensagem("stream", {"name": "stdout", "text": "x" * (LIMITE_SAIDA + 1)}),
                    None, 0)
    enorme = {"ename": "AssertionError", "evalue": "e" * (5 * LIMITE_ERRO),
              "traceback": [f"linha {i} " + "t" * 1000 for i in range(1000)] + ["a causa"]}
    execucao.output(outs, _mensagem("error", enorme), None, 0)
    erro = outs[-1]
    assert isinstance(erro, NotebookNode) and erro["output_type"] == "error"
    assert erro["ename"] == "AssertionError"
    assert len(erro["evalue"]) == LIMITE_ERRO
    assert erro["traceback"][-1] == "a causa"  # o fim do traceback é o que explica o erro
    assert sum(len(li) for li in erro["traceback"]) <= LIMITE_ERRO
