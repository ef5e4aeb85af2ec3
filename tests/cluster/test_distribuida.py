"""As peças do coordenador e da tarefa que não precisam de um cluster: os endereços que o
``curso`` aceita, o que vai e o que volta (só JSON, nomes de ficheiros recusados), o hash da
submissão e a versão do corretor."""

import base64
import json

import pytest

from curso.correcao import distribuida
from curso.correcao.ambiente import Recusa
from curso.correcao.protocolo import Resposta, para_linha

from correcao._turma import copiar_curso, corrigir


@pytest.mark.parametrize("endereco", ["tls://servidor.escola.pt:8786", "tls://10.0.0.5:8786",
                                      "tcp://127.0.0.1:8786", "tcp://localhost:8786",
                                      "tcp://[::1]:8786", "127.0.0.1:8786"])
def test_enderecos_aceites(endereco):
    assert distribuida.endereco_permitido(endereco).split("://")[1] == endereco.split("://")[-1]


@pytest.mark.parametrize("endereco", ["tcp://10.0.0.5:8786", "tcp://servidor.escola.pt:8786",
                                      "tcp://0.0.0.0:8786", "ws://127.0.0.1:8786", "tls://", "",
                                      "ucx://10.0.0.5:8786", "10.0.0.5:8786"])
def test_sem_tls_so_nesta_maquina(endereco):
    with pytest.raises(Recusa, match="TLS"):
        distribuida.endereco_permitido(endereco)


def test_curso_corrigir_recusa_tcp_para_outra_maquina_sem_tentar_ligar(tmp_path):
    """A recusa vem antes de qualquer ligação (o teste nem deixa sair da máquina)."""
    copiar_curso(tmp_path, ["cap01"])
    r = corrigir(tmp_path, "--cluster", "tcp://192.0.2.7:8786", timeout=120)
    assert r.returncode == 2, r.stdout + r.stderr
    assert "tem de falar TLS" in r.stderr and "192.0.2.7" in r.stderr


def test_ficheiro_de_configuracao_sem_certificados_e_recusado(tmp_path):
    copiar_curso(tmp_path, ["cap01"])
    (tmp_path / "cluster.yaml").write_text("scheduler-address: tls://127.0.0.1:1\n", encoding="utf-8")
    r = corrigir(tmp_path, "--cluster", "cluster.yaml", timeout=120,
                 env={"DASK_CONFIG": str(tmp_path / "sem-config-do-dask")})
    assert r.returncode == 2, r.stdout + r.stderr
    assert "não tem os certificados" in r.stderr


def _b64(texto: bytes) -> str:
    return base64.b64encode(texto).decode()


def test_o_hash_da_submissao_depende_dos_nomes_e_dos_conteudos():
    base = {"cap01.ipynb": _b64(b"{}"), "timestamp.txt": _b64(b"2026-12-06 10:00:00 UTC")}
    h = distribuida.hash_da_submissao(base)
    assert h == distribuida.hash_da_submissao(dict(reversed(base.items())))  # a ordem não conta
    assert h != distribuida.hash_da_submissao({**base, "cap01.ipynb": _b64(b"{ }")})
    assert h != distribuida.hash_da_submissao({"outro.ipynb": base["cap01.ipynb"],
                                               "timestamp.txt": base["timestamp.txt"]})


@pytest.mark.parametrize("nome", ["../fora.txt", "/etc/passwd", "a/../../b", "", "a//b", ".", "a/./b"])
def test_nomes_de_ficheiros_que_saem_da_pasta_sao_recusados(tmp_path, nome):
    with pytest.raises(ValueError, match="recusado"):
        distribuida._descodificar({nome: _b64(b"x")}, tmp_path / "destino")
    assert not (tmp_path / "fora.txt").exists()


def test_ficheiros_vao_e_voltam_iguais(tmp_path):
    origem = tmp_path / "origem"
    (origem / "dados").mkdir(parents=True)
    (origem / "cap01.ipynb").write_bytes(b'{"cells": []}')
    (origem / "dados" / "tabela.csv").write_bytes(bytes(range(256)))
    codificados = distribuida._codificar(origem)
    assert sorted(codificados) == ["cap01.ipynb", "dados/tabela.csv"]
    distribuida._descodificar(json.loads(json.dumps(codificados)), tmp_path / "destino")
    assert (tmp_path / "destino" / "dados" / "tabela.csv").read_bytes() == bytes(range(256))


def _devolucao(**mudar) -> str:
    dados = {"id": 3, "trabalhador": "tls://127.0.0.1:1", "pid": 1, "falha": None,
             "resposta": para_linha(Resposta(3, ok=True)), "corrigidos": {}, "retorno": {},
             "verificacoes": None}
    dados.update(mudar)
    return json.dumps(dados)


def test_a_devolucao_e_so_json_com_a_forma_esperada():
    assert distribuida._ler_devolucao(_devolucao())["id"] == 3
    for mau in (b"\x80\x04K\x01.", 42, "não é json", json.dumps([1, 2]), _devolucao(falha=7),
                _devolucao(corrigidos="texto"), _devolucao(resposta={"ok": True})):
        with pytest.raises(ValueError):
            distribuida._ler_devolucao(mau)


def test_a_devolucao_tem_teto(monkeypatch):
    monkeypatch.setattr(distribuida, "DEVOLUCAO_MAXIMA", 100)
    with pytest.raises(ValueError, match="máximo"):
        distribuida._ler_devolucao(_devolucao(retorno={"a.html": "x" * 200}))


def test_a_versao_do_corretor_muda_com_as_solucoes_e_nao_com_a_base(tmp_path):
    curso = copiar_curso(tmp_path, ["cap01"])
    db = tmp_path / "gradebook.db"
    db.write_bytes(b"uma base")
    args = (curso, curso / "solutions", curso / "exercises", ["cap01"], db)
    primeiro = distribuida.Pacote.do_curso(*args)
    db.write_bytes(b"outra base, com outras notas")
    assert distribuida.Pacote.do_curso(*args).corretor == primeiro.corretor
    caderno = curso / "solutions" / "cap01" / "cap01.ipynb"
    caderno.write_text(caderno.read_text(encoding="utf-8") + " ", encoding="utf-8")
    assert distribuida.Pacote.do_curso(*args).corretor != primeiro.corretor
    assert primeiro.corretor.startswith(distribuida.versao_do_codigo())


def _pacote_minimo(pasta, nome: str) -> tuple[bytes, dict]:
    """Um pacote pequeno e o pedido que o usa (sem caixa: a oficina abre sem arrancar nada)."""
    import io
    import tarfile

    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        dados = nome.encode()
        info = tarfile.TarInfo("nbgrader_config.py")
        info.size = len(dados)
        tar.addfile(info, io.BytesIO(dados))
    return buffer.getvalue(), {"pacote": nome, "kernel": "python3", "isolado": False,
                               "timeout": None, "versao": distribuida.versao_do_codigo()}


def test_dois_coordenadores_no_mesmo_cluster_nao_fecham_a_oficina_um_do_outro(tmp_path):
    """O professor e o serviço da correção na entrega no mesmo cluster: cada pacote tem a sua
    oficina, uma oficina com tarefas nunca é fechada por outra, e cada coordenador fecha só a sua."""
    try:
        pacote_a, pedido_a = _pacote_minimo(tmp_path, "professor")
        with distribuida._na_oficina(pacote_a, pedido_a) as oficina_a:
            for nome in ("servico-1", "servico-2", "servico-3", "servico-4"):
                with distribuida._na_oficina(*_pacote_minimo(tmp_path, nome)) as outra:
                    assert outra is not oficina_a and outra.falha is None
            assert oficina_a.tmp.is_dir()  # a do professor tem uma tarefa: fica
            # das paradas, só as duas usadas há menos tempo ficam abertas
            assert sorted(distribuida._oficinas) == ["professor", "servico-3", "servico-4"]
        # a do professor acabou de ser usada: fica; sai a do serviço usada há mais tempo
        assert sorted(distribuida._oficinas) == ["professor", "servico-4"] and oficina_a.tmp.is_dir()
        assert distribuida.fechar_oficinas("servico-4") and not distribuida.fechar_oficinas("servico-4")
        assert sorted(distribuida._oficinas) == ["professor"] and oficina_a.tmp.is_dir()
        assert distribuida.fechar_oficinas("professor") and not oficina_a.tmp.exists()
    finally:
        for nome in list(distribuida._oficinas):
            distribuida.fechar_oficinas(nome)
