"""A turma inteira num JupyterHub a sério, de ponta a ponta, pelo Hub.

Um professor e três alunos (utilizadores Unix criados aqui). O professor publica o cap01 com o
nbgrader; cada aluno vai buscá-lo; um resolve-o, outro deixa-o em branco, outro entrega um
caderno hostil; entregam; o professor recolhe, corrige com ``curso corrigir`` e devolve o
retorno; cada aluno vai buscar o seu. Tudo por terminais e pela API de conteúdos dos servidores
dos utilizadores, atrás do proxy do Hub. No fim, um aluno entra pela página de login do Hub no
Chromium, abre o caderno, escreve uma resposta errada e vê o ✘ com a dica.

Corre como root (cria utilizadores): ``.venv/bin/python -m pytest -m hub``.
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from nbgrader.api import Gradebook

from tests.correcao._turma import copiar_curso, exercicios, ler, maximo, nbg

from ._hub import (CURSO_ID, RAIZ, SENHA, SENHA_ADMIN, Hub, ha_condicoes, instalacao_partilhada,
                   nomes, pasta_base, porta_aberta)

pytestmark = [pytest.mark.hub, pytest.mark.timeout(1200)]

CAP = "cap01"
CADERNO = f"{CAP}/{CAP}.ipynb"
CHROMIUM = Path("/usr/bin/chromium")
LIMITE_MS = 120_000  # o JupyterLab e o kernel numa máquina de 2 núcleos ocupada
(SOL_A, VER_A, PTS_A), (SOL_B, VER_B, PTS_B), (SOL_C, VER_C, PTS_C) = exercicios(CAP)[:3]
SOLUCOES = {nbg(c).get("grade_id"): c["source"] for c in ler(RAIZ / "solutions" / CAP / f"{CAP}.ipynb")["cells"]}


def _fonte(celula: dict) -> str:
    return "".join(celula["source"]) if isinstance(celula["source"], list) else celula["source"]


def _resolver(caderno: dict, exceto: set[str] = frozenset()) -> dict:
    """O que faz quem resolve: cada célula de resposta passa a ter a da solução."""
    for c in caderno["cells"]:
        gid = nbg(c).get("grade_id")
        if nbg(c).get("solution") and gid not in exceto:
            c["source"] = _fonte({"source": SOLUCOES[gid]})
    return caderno


def _hostil(caderno: dict) -> dict:
    """Resolve tudo menos B e C; em B mata o kernel, e troca a verificação de C por «pass»."""
    _resolver(caderno, exceto={SOL_C})
    for c in caderno["cells"]:
        if nbg(c).get("grade_id") == SOL_B:
            c["source"] = "import os\nos._exit(1)\n"
        if nbg(c).get("grade_id") == VER_C:
            c["source"] = "pass\n"
    return caderno


def _ok(hub: Hub, nome: str, comando: str, limite: float = 300) -> str:
    codigo, saida = hub.executar(nome, comando, limite)
    assert codigo == 0, f"{nome}$ {comando} → {codigo}\n{saida}\n--- Hub ---\n{hub.log()[-2000:]}"
    return saida


def _corrigir(hub: Hub, prof: str) -> str:
    """``curso corrigir``; só sem isolamento se esta versão o tiver e a caixa de areia faltar."""
    comando = f"cd ~/curso && curso corrigir --capitulos {CAP} --timeout 20"
    codigo, saida = hub.executar(prof, comando, 900)
    if codigo == 2 and "--sem-isolamento" in saida:
        codigo, saida = hub.executar(prof, comando + " --sem-isolamento", 900)
    assert codigo == 0, saida
    return saida


def _jornada_no_navegador(hub: Hub, aluno: str, base: Path) -> None:
    if not CHROMIUM.exists():
        pytest.fail("Falta o Chromium do Debian em /usr/bin/chromium (apt-get install chromium).")
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        navegador = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                      args=["--no-sandbox", "--disable-dev-shm-usage"])
        try:
            pagina = navegador.new_page(viewport={"width": 1200, "height": 900})
            pagina.set_default_timeout(LIMITE_MS)
            pagina.goto(f"{hub.url}/hub/login")
            pagina.fill("#username_input", aluno)
            pagina.fill("#password_input", SENHA)
            pagina.click("#login_submit")
            pagina.wait_for_url(f"**/user/{aluno}/**")
            pagina.goto(f"{hub.url}/user/{aluno}/lab/tree/{CADERNO}")
            celulas = pagina.locator(".jp-Notebook .jp-CodeCell")
            resposta = celulas.filter(has_text="def correr_ciclo").first
            expect(resposta).to_be_visible(timeout=LIMITE_MS)
            # o kernel pronto, como se vê na barra de estado
            expect(pagina.locator("#jp-main-statusbar")).to_contain_text("Idle", timeout=LIMITE_MS)
            # o aluno não tem as ferramentas do professor do nbgrader (o menu nem o «Validate»)
            expect(pagina.get_by_role("menuitem", name="Help")).to_be_visible()
            expect(pagina.get_by_role("menuitem", name="Nbgrader")).to_have_count(0)
            expect(pagina.get_by_role("button", name="Validate")).to_have_count(0)
            # escreve uma resposta errada no lugar do esboço, como uma pessoa
            resposta.locator(".cm-content").click()
            pagina.keyboard.press("Control+a")
            pagina.keyboard.type("def correr_ciclo(pedido, decidir, ferramentas, max_passos=5):")
            pagina.keyboard.press("Enter")
            pagina.keyboard.type("return None")
            pagina.get_by_role("menuitem", name="Run", exact=True).click()
            pagina.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            verificacao = celulas.filter(has_text='verificar("1.1")').first.locator(".jp-OutputArea-output")
            expect(verificacao).to_contain_text("✘", timeout=LIMITE_MS)
            expect(verificacao).to_contain_text("correr_ciclo tem de devolver um dicionário.")
            verificacao.scroll_into_view_if_needed()
            pagina.screenshot(path=str(base / "aluno-no-hub.png"))
        finally:
            navegador.close()


def _ferramentas_do_professor(hub: Hub, prof: str, aluno: str) -> None:
    """O Formgrader só existe no servidor do professor (os dois arrancados por _turma)."""
    estados = {nome: hub.sessao.get(f"{hub.url}/user/{nome}/formgrader", timeout=60,
                                    allow_redirects=False).status_code for nome in (prof, aluno)}
    assert estados[prof] != 404 and estados[aluno] == 404, estados


def test_turma_no_jupyterhub():
    motivo = ha_condicoes()
    if motivo:
        pytest.fail(motivo)
    base = pasta_base()
    try:
        envoltorio = instalacao_partilhada()
        prof = nomes("cprof", 1)[0]
        resolve, branco, hostil = alunos = nomes("caluno", 3)
        with Hub(base, [prof, *alunos], envoltorio, admins=[prof]) as hub:
            _entradas(hub, prof, branco)
            _turma(hub, prof, resolve, branco, hostil)
            _ferramentas_do_professor(hub, prof, branco)
            _jornada_no_navegador(hub, branco, base)
        # nada fica a correr: nem processos dos utilizadores, nem as portas do Hub e do proxy
        assert hub.sobras == {nome: [] for nome in [prof, *alunos]}, hub.sobras
        assert not [porta for porta in hub.portas() if porta_aberta(porta)]
        assert hub.processo.returncode is not None
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _entradas(hub: Hub, prof: str, aluno: str) -> None:
    """A configuração do guia (docs/jupyterhub.md): o professor entra com a palavra-passe de
    admin, e quem só sabe a dos alunos não entra como professor."""
    assert hub.entrar(prof, SENHA_ADMIN), hub.log()[-2000:]
    assert not hub.entrar(prof, SENHA)
    assert hub.entrar(aluno, SENHA)
    assert not hub.entrar(aluno, SENHA_ADMIN)


def _turma(hub: Hub, prof: str, resolve: str, branco: str, hostil: str) -> None:
    alunos = [resolve, branco, hostil]
    curso = hub.casa(prof) / "curso"
    curso.mkdir()
    copiar_curso(curso, [CAP])
    shutil.chown(curso, prof, prof)
    for p in curso.rglob("*"):
        shutil.chown(p, prof, prof)
    hub.iniciar_servidores([prof, *alunos])

    # o professor publica; cada aluno vai buscar
    _ok(hub, prof, f"cd ~/curso && nbgrader release_assignment {CAP}")
    for aluno in alunos:
        _ok(hub, aluno, f"cd ~ && nbgrader fetch_assignment {CAP}")
        assert f"{CURSO_ID} {CAP}" in _ok(hub, aluno, "cd ~ && nbgrader list --inbound 2>&1; nbgrader list")

    # um resolve, outro fica em branco, outro é hostil (escrito pela API de conteúdos do servidor)
    hub.gravar_caderno(resolve, CADERNO, _resolver(hub.ler_caderno(resolve, CADERNO)))
    hub.gravar_caderno(hostil, CADERNO, _hostil(hub.ler_caderno(hostil, CADERNO)))
    troca_curso = hub.troca / CURSO_ID
    for aluno in alunos:
        _ok(hub, aluno, f"cd ~ && nbgrader submit {CAP}")
    # quem espreita não vê o trabalho dos outros: nem a pasta deles, nem as entregas na troca
    _recusado(hub, hostil, f"ls {hub.casa(resolve)}", f"cat {hub.casa(resolve)}/{CADERNO}",
              f"ls {troca_curso}/inbound")

    # o professor recolhe, corrige com «curso corrigir» e devolve o retorno
    _ok(hub, prof, f"cd ~/curso && nbgrader collect {CAP}")
    assert sorted(p.name for p in (curso / "submitted").iterdir()) == sorted(alunos)
    saida = _corrigir(hub, prof)
    devolvido = _ok(hub, prof, f"cd ~/curso && nbgrader release_feedback {CAP}")

    total = maximo(CAP)
    esperado = {resolve: total, branco: 0.0, hostil: total - PTS_B - PTS_C}
    assert 0 < esperado[hostil] < total
    with Gradebook(f"sqlite:///{curso / 'gradebook.db'}") as gb:
        notas = {s.student_id: s.score for s in gb.assignment_submissions(CAP)}
    assert notas == esperado, saida
    with open(curso / "notas.csv", encoding="utf-8") as f:
        assert {li["student_id"]: float(li["score"]) for li in csv.DictReader(f)} == esperado

    # cada aluno vai buscar o seu retorno, e só o seu
    for aluno in alunos:
        trazido = _ok(hub, aluno, f"cd ~ && nbgrader fetch_feedback {CAP}")
        retornos = list((hub.casa(aluno) / CAP / "feedback").glob(f"*/{CAP}.html"))
        assert len(retornos) == 1, (aluno, retornos, trazido, devolvido)
        html = retornos[0].read_text(encoding="utf-8")
        # o cabeçalho do retorno em português (src/curso/correcao/modelos_nbgrader): «cap01 (nota: 3 / 6)»
        assert f"(nota: {esperado[aluno]:g} / {total:g})".replace(".", ",") in html, aluno
        assert "BEGIN HIDDEN TESTS" not in html, aluno
        listagem = _ok(hub, aluno, "cd ~ && find . -name '*.ipynb' -o -name '*.html' | sort")
        assert not [outro for outro in alunos if outro != aluno and outro in listagem], listagem
    # os retornos na troca têm nomes que só o dono sabe calcular, numa pasta que ninguém lista
    _recusado(hub, hostil, f"ls {troca_curso}/feedback", f"ls {hub.casa(branco)}/{CAP}/feedback")


def _recusado(hub: Hub, nome: str, *comandos: str) -> None:
    for comando in comandos:
        codigo, saida = hub.executar(nome, comando)
        assert codigo != 0 and "Permission denied" in saida, (comando, saida)
