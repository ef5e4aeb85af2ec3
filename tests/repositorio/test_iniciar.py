"""``iniciar.py``: o JupyterLab do aluno e o do professor, o comando de testes numa máquina nova."""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from ._cadernos import RAIZ

_spec = importlib.util.spec_from_file_location("iniciar", RAIZ / "iniciar.py")
iniciar = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(iniciar)

PAGE_CONFIG = RAIZ / "ferramentas" / "jupyter_aluno" / "labconfig" / "page_config.json"
PLUGINS_DO_PROFESSOR = {"@jupyter/nbgrader:menu", "@jupyter/nbgrader:validate-assignment",
                        "@jupyter/nbgrader:create-assignment", "@jupyter/nbgrader:formgrader",
                        "@jupyter/nbgrader:course-list"}
NOTICIAS = "@jupyterlab/apputils-extension:announcements"


def _desligadas() -> set[str]:
    return {nome for nome, sim in json.loads(PAGE_CONFIG.read_text())["disabledExtensions"].items() if sim}


def test_o_aluno_nao_tem_as_extensoes_do_professor_e_o_professor_tem():
    aluno, ambiente_aluno = iniciar.comando_jupyterlab(iniciar._python_do_venv())
    prof, ambiente_prof = iniciar.comando_jupyterlab(iniciar._python_do_venv(), professor=True)
    for extensao in iniciar.EXTENSOES_DO_PROFESSOR:
        assert f"--ServerApp.jpserver_extensions={extensao}=False" in aluno
        assert not any(extensao in a for a in prof)
    caminhos = ambiente_aluno["JUPYTER_CONFIG_PATH"].split(os.pathsep)
    assert caminhos[0] == str(iniciar.CONFIGURACAO_ALUNO)
    assert str(iniciar.CONFIGURACAO_ALUNO) not in ambiente_prof.get("JUPYTER_CONFIG_PATH", "")
    assert PLUGINS_DO_PROFESSOR | {NOTICIAS} <= _desligadas()
    # nada na configuração de quem usa a máquina: nem JUPYTER_CONFIG_DIR nem a pasta pessoal
    assert ambiente_aluno.get("JUPYTER_CONFIG_DIR") == os.environ.get("JUPYTER_CONFIG_DIR")


def test_os_dois_jupyterlab_gravam_os_cadernos_com_a_versao_do_python_que_tinham():
    """Abrir uma lição com outro Python não a muda: o gancho de ``curso.metadados`` em ambos."""
    from curso import metadados

    for professor in (False, True):
        comando, _ = iniciar.comando_jupyterlab(iniciar._python_do_venv(), professor=professor)
        assert "--ContentsManager.pre_save_hook=curso.metadados.manter_versao_gravada" in comando
    assert callable(metadados.manter_versao_gravada)


def test_os_plugins_desligados_existem_nas_versoes_instaladas():
    """Se o nbgrader ou o JupyterLab mudarem o nome de um plugin, a desativação deixa de valer em
    silêncio: esta prova falha antes."""
    pastas = [os.path.join(sys.prefix, "share", "jupyter", "labextensions", "@jupyter", "nbgrader"),
              os.path.join(sys.prefix, "share", "jupyter", "lab", "static")]
    texto = ""
    for pasta in pastas:
        for raiz, _, ficheiros in os.walk(pasta):
            for nome in ficheiros:
                if nome.endswith(".js"):
                    with open(os.path.join(raiz, nome), encoding="utf-8", errors="replace") as f:
                        texto += f.read()
    em_falta = [p for p in _desligadas() if f'"{p}"' not in texto and f'"{p.split(":")[1]}"' not in texto]
    assert not em_falta, f"plugins que já não existem com este nome: {em_falta}"


def test_os_testes_acabam_mesmo_com_um_processo_que_segura_a_saida(capfd):
    codigo = ("import subprocess, sys; print('pytest a fingir'); "
              "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'], start_new_session=True); "
              "sys.exit(3)")
    inicio = time.monotonic()
    assert iniciar.correr_ate_ao_fim([sys.executable, "-c", codigo]) == 3
    assert time.monotonic() - inicio < 60
    saida = capfd.readouterr().out
    assert "pytest a fingir" in saida and "ficaram vivos a segurar a saída" in saida and "time.sleep(300)" in saida
    r = subprocess.run(["pgrep", "-f", "time.sleep(300)"], capture_output=True, text=True, timeout=30)
    assert r.stdout.strip() == "", "o processo que segurava a saída ficou vivo"


def test_saida_sem_restos_nao_espera(capfd):
    inicio = time.monotonic()
    assert iniciar.correr_ate_ao_fim([sys.executable, "-c", "print('só isto')"]) == 0
    assert time.monotonic() - inicio < 30
    saida = capfd.readouterr().out
    assert "só isto" in saida and "ficaram vivos" not in saida


@pytest.fixture
def como_root_sem_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(iniciar.os, "geteuid", lambda: 0)
    monkeypatch.setattr(iniciar, "_pasta_fechada", lambda: None)
    monkeypatch.setattr(iniciar, "PROXY_DO_HUB", RAIZ / "nao-existe" / "configurable-http-proxy")


def _sem(monkeypatch, *comandos):
    original = iniciar.shutil.which
    monkeypatch.setattr(iniciar.shutil, "which", lambda nome: None if nome in comandos else original(nome))


def test_hub_sem_npm_fica_de_fora_e_diz_o_que_instalar(como_root_sem_ci, monkeypatch):
    monkeypatch.setattr(iniciar.shutil, "which",
                        lambda nome: None if nome == "npm" else f"/usr/bin/{nome}")
    razao = iniciar._falta_para_o_hub()
    assert "npm" in razao and "apt-get install npm" in razao


def test_hub_sem_bwrap_fica_de_fora_e_diz_o_que_instalar(como_root_sem_ci, monkeypatch):
    _sem(monkeypatch, "bwrap")
    razao = iniciar._falta_para_o_hub()
    assert "bubblewrap" in razao and "apt-get install bubblewrap" in razao


def test_hub_num_clone_numa_pasta_fechada_fica_de_fora(como_root_sem_ci, monkeypatch):
    monkeypatch.setattr(iniciar.shutil, "which", lambda nome: f"/usr/bin/{nome}")
    monkeypatch.setattr(iniciar, "_pasta_fechada", lambda: RAIZ.parent)
    assert "o+x" in iniciar._falta_para_o_hub()


def test_hub_como_root_instala_o_proxy_com_o_npm_ci(como_root_sem_ci, monkeypatch):
    monkeypatch.setattr(iniciar.shutil, "which", lambda nome: f"/usr/bin/{nome}")
    chamadas = []
    monkeypatch.setattr(iniciar, "_correr", lambda *comando, **_: chamadas.append([str(c) for c in comando]))
    razao = iniciar._falta_para_o_hub()
    assert chamadas == [["/usr/bin/npm", "ci", "--prefix", str(RAIZ / ".ci" / "node"), "--no-audit",
                         "--no-fund", "--loglevel=error"]]
    assert "não deixou o proxy" in razao  # o npm fingido não instalou nada: di-lo


def test_sem_root_o_hub_fica_de_fora(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(iniciar.os, "geteuid", lambda: 1000)
    assert iniciar._falta_para_o_hub().startswith("Sem root")


def test_conta_os_pacotes_do_lock():
    import re

    texto = (RAIZ / "requirements.lock").read_text(encoding="utf-8")
    assert iniciar._pacotes_fixados() == len(re.findall(r"(?m)^[A-Za-z0-9][A-Za-z0-9_.\-\[\],]*==", texto)) > 100


# ---------------------------------------------------------------------------------------------
# «python3 iniciar.py testes» numa máquina sem bubblewrap, sem Chromium e sem root

# uma seleção com o que precisa de cada uma das três coisas, e do que corre em qualquer máquina
SELECAO = [
    "tests/correcao/test_adulteracao.py::test_interrompida_nao_deixa_nada",  # bubblewrap
    "tests/correcao/test_caixa_hostil.py::test_teto_de_inodes_nos_tmpfs_da_caixa",  # bubblewrap
    "tests/correcao/test_caixa_hostil.py::test_memoria_limitada_na_caixa_inteira",  # root
    "tests/turma/test_ponta_a_ponta.py",  # curso corrigir, com a caixa
    "tests/navegador/test_turma.py",  # Chromium
    "tests/navegador/test_modos_jupyterlab.py",  # Chromium (e um que não precisa dele)
    "tests/hub/test_entrega_hub.py",  # root
    "tests/correcao/test_isolamento.py::test_sem_isolamento_diz_na_primeira_linha",  # sem caixa, corre
    "tests/curso/test_atualizar.py",
]
ESCONDIDOS = ("bwrap", "chromium", "chromium-browser")
SALTADO = re.compile(r"^SKIPPED \[\d+\] (\S+?)(?::\d+)?: (.*)$", re.M)


def _path_sem(pasta: Path, nomes: tuple[str, ...]) -> str:
    """Uma pasta com ligações para cada programa do PATH, menos ``nomes``."""
    pasta.mkdir()
    for origem in os.environ.get("PATH", "").split(os.pathsep):
        for programa in Path(origem).glob("*") if Path(origem).is_dir() else ():
            destino = pasta / programa.name
            if programa.name not in nomes and not destino.exists() and os.access(programa, os.X_OK):
                destino.symlink_to(programa)
    return str(pasta)


def _como_utilizador_normal_sem(nomes: tuple[str, ...]) -> list[str]:
    """O prefixo do comando: sem ``nomes`` em sítio nenhum (um /dev/null por cima de cada um, que
    ``shutil.which`` não aceita e o sistema não corre — um PATH sem eles não chegava: há testes que
    correm comandos com ``PATH=/usr/bin:/bin``) e, como root, como o utilizador ``nobody``."""
    from hub._hub import ErroDoHub, instalacao_partilhada

    if shutil.which("bwrap") is None:  # já não há bubblewrap: basta o PATH para o resto
        if os.geteuid() == 0:
            pytest.skip("como root e sem bubblewrap, não tenho como correr como outro utilizador")
        return []
    try:  # o Python deste ambiente visível para os outros utilizadores (um pyenv em /root)
        prefixo = instalacao_partilhada() if os.geteuid() == 0 else []
    except ErroDoHub as erro:
        pytest.skip(f"o curso não está numa pasta que os outros utilizadores leem: {erro}")
    prefixo = prefixo[:-1] if prefixo else ["bwrap", "--dev-bind", "/", "/", "--cap-add", "ALL", "--die-with-parent"]
    prefixo[0] = shutil.which("bwrap")  # o comando corre com um PATH sem ele
    for nome in nomes:
        for real in {os.path.realpath(p) for p in (shutil.which(nome), f"/usr/bin/{nome}") if p and os.path.exists(p)}:
            prefixo += ["--ro-bind", "/dev/null", real]
    prefixo.append("--")
    if os.geteuid() == 0:
        prefixo += ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    return prefixo


@pytest.mark.lento
@pytest.mark.timeout(1200)
def test_os_testes_passam_sem_bubblewrap_sem_chromium_e_sem_root(request):
    """O comando de testes do README numa máquina como o portátil de quem estuda: nada falha, e o
    que não pode correr salta com a razão (no resumo do pytest)."""
    if iniciar._pasta_fechada() is not None and os.geteuid() == 0:
        pytest.skip(f"o curso está dentro de {iniciar._pasta_fechada()}, que os outros utilizadores "
                    "não atravessam: não o posso correr como utilizador normal")
    casa = Path(tempfile.mkdtemp(prefix="curso-casa-"))  # a pasta do pytest é só de quem o corre
    request.addfinalizer(lambda: shutil.rmtree(casa, ignore_errors=True))
    os.chmod(casa, 0o755)
    ambiente = {k: v for k, v in os.environ.items()
                if k not in ("CI", "CURSO_RAIZ", "VIRTUAL_ENV", "CURSO_SEM_HUB", "PYTEST_XDIST_WORKER",
                             "PYTEST_CURRENT_TEST") and not k.startswith(("PYTEST_", "JUPYTER_"))}
    ambiente.update(HOME=str(casa), XDG_CACHE_HOME=str(casa / ".cache"), PATH=_path_sem(casa / "bin", ESCONDIDOS),
                    TMPDIR="/tmp")
    if os.geteuid() == 0:
        os.chown(casa, 65534, 65534)
    comando = [*_como_utilizador_normal_sem(ESCONDIDOS), sys.executable, str(RAIZ / "iniciar.py"), "testes", *SELECAO]
    r = subprocess.run(comando, cwd=casa, env=ambiente, capture_output=True, text=True, timeout=1100)
    saida = r.stdout + r.stderr
    assert r.returncode == 0, saida[-6000:]
    assert not re.search(r"\b\d+ (failed|errors?)\b", saida), saida[-6000:]
    saltados = {}
    for ficheiro, razao in SALTADO.findall(saida):
        saltados.setdefault(ficheiro, []).append(razao.strip())
    assert all(r and r != "unconditional skip" for rs in saltados.values() for r in rs), saltados
    assert any("sem caixa de areia" in r for r in saltados.get("tests/correcao/test_adulteracao.py", [])), saida[-6000:]
    assert any("Chromium" in r for r in saltados.get("tests/navegador/test_turma.py", [])), saltados
    assert any("root" in r.lower() for r in saltados.get("tests/hub/test_entrega_hub.py", [])), saltados
    assert re.search(r"\b\d+ passed\b", saida), saida[-3000:]
