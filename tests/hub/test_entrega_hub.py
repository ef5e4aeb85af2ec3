"""A nota logo após a entrega, num JupyterHub a sério (o serviço ``curso.correcao.servico``).

Um professor e dois alunos (utilizadores Unix criados aqui). O serviço corre gerido pelo Hub,
como o professor, na pasta do curso. Antes de tudo, o segundo aluno põe à mão na troca, no seu
terminal, uma pasta com o nome do primeiro, uma data no futuro e o seu caderno (o que fazia o
serviço e o ``nbgrader collect`` corrigirem-no em vez das entregas verdadeiras do colega): o
serviço recusa-a e di-lo no registo. O primeiro entrega o cap01 resolvido e tem o retorno com a
nota (o tempo que levou imprime-se; numa máquina sossegada de 2 núcleos, 29 s); entrega outra
vez logo a seguir e o retorno dessa entrega diz-lhe que está na fila e quanto falta; quando o
professor baixa a espera no ``nbgrader_config.py``, chega a nota dessa entrega. O outro entrega um
caderno cujo kernel morre: o retorno diz-lhe o motivo. Tudo o que os alunos fazem é num terminal
do seu servidor (``nbgrader submit`` e ``nbgrader fetch_feedback``), e espera-se pelo que eles
veem (o HTML do retorno na sua pasta), com prazo, nunca um tempo fixo.

Corre como root (cria utilizadores): ``.venv/bin/python -m pytest -m hub tests/hub/test_entrega_hub.py``.
"""

from __future__ import annotations

import re
import shutil
import sys
import time
from pathlib import Path

import pytest

from tests.correcao._turma import copiar_curso, maximo, nota_no_retorno

from ._hub import CURSO_ID, Hub, ha_condicoes, instalacao_partilhada, nomes, pasta_base, porta_aberta
from .test_turma_hub import CAP, CADERNO, _hostil, _ok, _resolver

pytestmark = [pytest.mark.hub, pytest.mark.timeout(1200)]

# segundos entre correções do mesmo aluno: muito mais do que uma correção leva numa máquina
# carregada (a segunda entrega fica sempre na fila); depois, o professor baixa-a (passo 3)
ESPERA = 900
# entregar → retorno: um prazo para o estado que o aluno vê (o retorno com a nota), largo o
# bastante para uma máquina nova e carregada; o tempo que levou imprime-se, mas não é uma prova
# (um teste cronometrado falha ao acaso: 62,7 s numa CI com outra suite a correr ao lado)
LIMITE_RETORNO = 240


def _servico(prof: str, curso: Path) -> dict:
    bin_ = str(Path(sys.executable).parent)
    return {"name": "correcao-na-entrega", "user": prof, "cwd": str(curso.parent),
            "command": [sys.executable, "-m", "curso.correcao.servico", "--curso", str(curso)],
            "environment": {"PATH": f"{bin_}:/usr/local/bin:/usr/bin:/bin", "PYTHONUTF8": "1"}}


def _preparar_curso(curso: Path, prof: str) -> None:
    curso.mkdir(parents=True)
    copiar_curso(curso, [CAP])
    with open(curso / "nbgrader_config.py", "a", encoding="utf-8") as f:
        f.write(f"\nc.CorrecaoNaEntrega.ligada = True\nc.CorrecaoNaEntrega.espera = {ESPERA}\n"
                "c.CorrecaoNaEntrega.timeout = 20\n")
    for p in [curso, *curso.rglob("*")]:
        shutil.chown(p, prof, prof)


def _retornos(hub: Hub, aluno: str) -> dict[str, str]:
    """O que o aluno tem em ``~/cap01/feedback/DATA/cap01.html``, por DATA."""
    return {p.parent.name: p.read_text(encoding="utf-8")
            for p in (hub.casa(aluno) / CAP / "feedback").glob(f"*/{CAP}.html")}


def _esperar_retorno(hub: Hub, aluno: str, condicao, limite: float, o_que: str) -> dict[str, str]:
    """O aluno corre ``nbgrader fetch_feedback`` até ``condicao(retornos)``; falha ao fim de
    ``limite`` s com o que ele tinha e o registo do Hub (onde está o do serviço)."""
    fim = time.monotonic() + limite
    while True:
        # antes do primeiro retorno a pasta feedback/ da troca ainda não existe: o comando falha
        codigo, saida = hub.executar(aluno, f"cd ~ && nbgrader fetch_feedback {CAP}")
        retornos = _retornos(hub, aluno)
        if condicao(retornos):
            return retornos
        if time.monotonic() > fim:
            raise AssertionError(f"passaram {limite:.0f} s sem {o_que}: {list(retornos)}\n"
                                 f"fetch_feedback → {codigo}: {saida[-1500:]}\n"
                                 f"--- Hub ---\n{hub.log()[-5000:]}")
        time.sleep(1)


def _com_nota(texto: str) -> bool:
    return "(nota: " in texto  # o cabeçalho do retorno: «cap01 (nota: 6 / 6)»


def test_nota_logo_apos_a_entrega():
    motivo = ha_condicoes()
    if motivo:
        pytest.fail(motivo)
    base = pasta_base()
    try:
        envoltorio = instalacao_partilhada()
        prof = nomes("eprof", 1)[0]
        aluno, hostil = alunos = nomes("ealuno", 2)
        curso = base / "casas" / prof / "curso"
        with Hub(base, [prof, *alunos], envoltorio, admins=[prof],
                 servicos=[_servico(prof, curso)]) as hub:
            _preparar_curso(curso, prof)
            hub.iniciar_servidores([prof, *alunos])
            _ok(hub, prof, f"cd ~/curso && nbgrader release_assignment {CAP}")
            for nome in alunos:
                _ok(hub, nome, f"cd ~ && nbgrader fetch_assignment {CAP}")
            hub.gravar_caderno(aluno, CADERNO, _resolver(hub.ler_caderno(aluno, CADERNO)))
            hub.gravar_caderno(hostil, CADERNO, _hostil(hub.ler_caderno(hostil, CADERNO)))
            forjada = _forjar(hub, hostil, aluno)
            _entregas_seguidas(hub, aluno, curso)
            registo = (hub.pasta / "jupyterhub.log").read_text(errors="replace")  # o do serviço também
            assert f"⚠ entrega recusada: inbound/{forjada} — tem o nome de {aluno}, mas foi escrita " \
                   f"por {hostil}" in registo, registo[-3000:]
            _kernel_morto(hub, hostil)
        assert hub.sobras == {nome: [] for nome in [prof, *alunos]}, hub.sobras
        assert not [porta for porta in hub.portas() if porta_aberta(porta)]
    finally:
        shutil.rmtree(base, ignore_errors=True)


# uma entrega forjada por inteiro, como a do nbgrader submit (o caderno de quem a escreve, a data
# do nome no timestamp.txt, um segredo com o formato certo): só o dono da pasta a denuncia
FORJAR = ("I={inbound}; N='{nome}'; mkdir \"$I/$N\" && cp ~/{cap}/{cap}.ipynb \"$I/$N/\" && "
          "printf %s '{data}' > \"$I/$N/timestamp.txt\" && head -c 64 /dev/urandom | od -An -tx1 "
          "| tr -d ' \\n' > \"$I/$N/submission_secret.txt\" && chmod -R a+rX \"$I/$N\"")


def _forjar(hub: Hub, atacante: str, vitima: str) -> str:
    """``atacante``, no seu terminal, põe em ``inbound/`` uma pasta com o nome de ``vitima`` e uma
    data no futuro, com o seu próprio caderno; dá o nome da pasta."""
    data = "2099-01-01 00:00:00.000000 UTC"
    nome = f"{vitima}+{CAP}+{data}+AAAAAAAAAAAA"
    _ok(hub, atacante, FORJAR.format(inbound=hub.troca / CURSO_ID / "inbound", nome=nome, cap=CAP, data=data))
    return nome


def _entregas_seguidas(hub: Hub, aluno: str, curso: Path) -> None:
    total = maximo(CAP)
    # 1. entregar → o retorno com a nota
    inicio = time.monotonic()
    _ok(hub, aluno, f"cd ~ && nbgrader submit {CAP}")
    primeiro = _esperar_retorno(hub, aluno, lambda r: any(map(_com_nota, r.values())),
                                LIMITE_RETORNO, "o retorno da primeira entrega")
    demorou = time.monotonic() - inicio
    print(f"\nentregar → retorno com a nota: {demorou:.1f} s")
    ((data1, html1),) = primeiro.items()
    assert nota_no_retorno(total, total) in html1
    # as soluções copiadas trazem as marcas do professor: o resumo sinaliza-o, o aluno não o vê
    assert "adulteração" not in html1 and "curso-aviso" not in html1

    # 2. outra entrega logo a seguir: o retorno dela diz que está na fila e quanto falta
    _ok(hub, aluno, f"cd ~ && nbgrader submit {CAP}")
    na_fila = _esperar_retorno(hub, aluno, lambda r: len(r) == 2, 120, "o aviso da fila")
    (data2,) = set(na_fila) - {data1}
    aviso = na_fila[data2]
    assert "está na fila" in aviso and not _com_nota(aviso), aviso
    falta = int(re.search(r"Faltam (\d+) s", aviso).group(1))
    assert 0 < falta <= ESPERA, aviso
    assert _com_nota(na_fila[data1])  # o retorno da primeira continua lá

    # 3. o professor baixa a espera no nbgrader_config.py do curso (o serviço relê-o a cada
    #    volta, sem reiniciar o Hub): chega a nota da segunda, no lugar do aviso
    with open(curso / "nbgrader_config.py", "a", encoding="utf-8") as f:
        f.write("c.CorrecaoNaEntrega.espera = 0\n")
    depois = _esperar_retorno(hub, aluno, lambda r: _com_nota(r.get(data2, "")), LIMITE_RETORNO,
                              "a nota da segunda entrega")
    assert nota_no_retorno(total, total) in depois[data2]
    assert (curso / "correcao_na_entrega.json").is_file()


def _kernel_morto(hub: Hub, hostil: str) -> None:
    """O kernel morre a meio: o retorno diz o motivo (e a nota do resto)."""
    inicio = time.monotonic()
    _ok(hub, hostil, f"cd ~ && nbgrader submit {CAP}")
    retornos = _esperar_retorno(hub, hostil, lambda r: any(map(_com_nota, r.values())),
                                LIMITE_RETORNO + 30, "o retorno do caderno cujo kernel morre")
    print(f"entregar → retorno com o motivo (kernel morto): {time.monotonic() - inicio:.1f} s")
    ((_, html),) = retornos.items()
    assert "curso-aviso" in html and "o kernel morreu" in html, html[:3000]
