"""O processo trabalhador: corrige submissões numa pasta e numa base de dados só suas.

Arranca com ``python -m curso.correcao.trabalhador PASTA`` e fala com o processo principal por
linhas JSON (as mensagens de ``curso.correcao.protocolo``): no stdin chega primeiro ``Preparar``
(a raiz do curso, a base de dados a copiar, o limite por célula) e depois uma ``Tarefa`` por
linha; no stdout sai uma ``Resposta`` por tarefa. O nbgrader escreve na base de dados desta pasta (SQLite, um só escritor); os cadernos
corrigidos e o retorno vão diretamente para ``autograded/ALUNO/CAP`` e ``feedback/ALUNO/CAP``
do curso, que são pastas diferentes para cada tarefa. Quem junta as notas na base de dados do
curso é só o processo principal.
"""

from __future__ import annotations

import copy
import os
import shutil
import signal
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

from curso.correcao.ambiente import ler_configuracao
from curso.correcao.protocolo import (
    Fim, NotaDaCelula, Notas, NotasDoCaderno, Preparado, Preparar, Resposta, Tarefa, de_linha,
    para_linha,
)


def _configurar(preparar: Preparar, pasta: Path):
    from curso.correcao.configuracao import aplicar

    raiz = Path(preparar.raiz)
    cfg = ler_configuracao(raiz)
    origem = cfg.CourseDirectory.get("source_directory", "source")
    shutil.copy(preparar.db, pasta / "gradebook.db")
    cfg.CourseDirectory.root = str(pasta)
    cfg.CourseDirectory.db_url = f"sqlite:///{pasta / 'gradebook.db'}"
    cfg.CourseDirectory.source_directory = preparar.fonte or str(raiz / origem)
    cfg.CourseDirectory.release_directory = str(pasta / "publicado")
    aplicar(cfg)
    # o resultado de cada verificação, por aluno e capítulo, para o professor (e o relatório)
    cfg.ExecutarComFronteira.pasta_resultados = str(raiz / "resultados")
    for classe in ("ExecutePreprocessor", "Execute", "ExecutarSemParar", "ExecutarComFronteira"):
        if preparar.timeout:
            cfg[classe].timeout = int(preparar.timeout)
        if preparar.kernel:  # o kernel na caixa de areia (ver curso.correcao.caixa)
            cfg[classe].kernel_name = preparar.kernel
    # as caixas dos kernels: a pasta que o principal escolheu e apaga no fim
    os.environ.setdefault("CURSO_CAIXAS", str(pasta / "caixas"))
    return cfg


def _coursedir(cfg, tarefa: Tarefa):
    from nbgrader.coursedir import CourseDirectory

    cfg = copy.deepcopy(cfg)
    cfg.CourseDirectory.submitted_directory = tarefa.submetidos
    cfg.CourseDirectory.autograded_directory = tarefa.corrigidos
    cfg.CourseDirectory.feedback_directory = tarefa.retorno
    cd = CourseDirectory(config=cfg)
    cd.assignment_id = tarefa.capitulo
    cd.student_id = tarefa.aluno
    return cfg, cd


def _notas(db_url: str, capitulo: str, aluno: str) -> Notas:
    from nbgrader.api import Gradebook

    with Gradebook(db_url) as gb:
        sub = gb.find_submission(capitulo, aluno)
        cadernos = {
            nb.name: NotasDoCaderno(
                nb.late_submission_penalty,
                {g.name: NotaDaCelula(g.auto_score, g.needs_manual_grade, g.max_score)
                 for g in nb.grades},
                {c.name: c.auto_comment for c in nb.comments},
            )
            for nb in sub.notebooks
        }
        return Notas(sub.timestamp.isoformat() if sub.timestamp else None,
                     sub.score, sub.max_score, cadernos)


def _zeros(db_url: str, capitulo: str, aluno: str) -> None:
    """Sem nenhum caderno conhecido, o nbgrader desiste: regista 0 em todas as células."""
    from nbgrader.api import Gradebook

    with Gradebook(db_url) as gb:
        gb.update_or_create_student(aluno)
        sub = gb.update_or_create_submission(capitulo, aluno)
        for nb in sub.notebooks:
            for g in nb.grades:
                g.auto_score, g.needs_manual_grade = 0, False
        gb.db.commit()


def retornos_em_falta(pasta: Path, esperados: list[str], faltam: list[str]) -> list[str]:
    """Os cadernos entregues sem o HTML do retorno em ``pasta``, como problemas para o resumo.

    O nbgrader pode dizer que gerou o retorno sem ter escrito nada (um pré-processador que falha
    em silêncio, um disco cheio): um aluno sem retorno tem de aparecer no resumo do professor.
    """
    return [f"o retorno (HTML) não foi gerado: falta {nome}.html"
            for nome in esperados if nome not in faltam and not (pasta / f"{nome}.html").is_file()]


def violacoes_da_caixa() -> list[str]:
    """O que as vigias da caixa de areia viram desde a última chamada, como problemas para o resumo
    (nada sem caixa: com ``--sem-isolamento`` o módulo nem é importado)."""
    caixa = sys.modules.get("curso.correcao.caixa")
    if caixa is None:
        return []
    from curso.correcao.adulteracao import AVISO

    return [f"{AVISO}: {v}" for v in caixa.violacoes()]


def corrigir(cfg, tarefa: Tarefa) -> Resposta:
    """Corrige uma cópia da submissão feita por ``recolha.recolher`` (sem ligações simbólicas),
    numa pasta deste trabalhador que é apagada no fim."""
    from curso.correcao.recolha import recolher

    copia = Path(cfg.CourseDirectory.root) / "recolhidas" / f"{os.getpid()}-{tarefa.id}"
    shutil.rmtree(copia, ignore_errors=True)
    try:
        avisos = recolher(Path(tarefa.submetidos), tarefa.aluno, tarefa.capitulo, copia)
        return _corrigir(cfg, replace(tarefa, submetidos=str(copia)), avisos)
    finally:
        shutil.rmtree(copia, ignore_errors=True)


def _corrigir(cfg, tarefa: Tarefa, avisos: list[str]) -> Resposta:
    from nbgrader.api import Gradebook
    from nbgrader.converters import Autograde, GenerateFeedback
    from nbgrader.utils import capture_log

    from curso.correcao.diagnostico import cadernos_em_falta, problemas_do_caderno

    inicio = time.perf_counter()
    capitulo, aluno = tarefa.capitulo, tarefa.aluno
    cfg, cd = _coursedir(cfg, tarefa)
    db_url = cfg.CourseDirectory.db_url
    pasta_sub = Path(tarefa.submetidos) / aluno / capitulo
    fonte = Path(cfg.CourseDirectory.source_directory) / capitulo
    with Gradebook(db_url) as gb:
        esperados = [nb.name for nb in gb.find_assignment(capitulo).notebooks]
    faltam, problemas = cadernos_em_falta(pasta_sub, esperados)
    problemas = [*avisos, *problemas]
    violacoes_da_caixa()  # as de uma tarefa anterior já foram contadas (ou não eram de ninguém)
    resposta = Resposta(tarefa.id, ok=True)
    if len(faltam) == len(esperados):
        _zeros(db_url, capitulo, aluno)
    else:
        app = Autograde(coursedir=cd, config=cfg)
        app.force, app.create_student = True, True
        r = capture_log(app)
        if not r["success"]:
            resposta.ok, resposta.erro = False, (r.get("error") or r.get("log") or "")[-3000:]
        problemas += violacoes_da_caixa()
        for nome in esperados:
            if nome in faltam:
                continue
            corrigido = Path(tarefa.corrigidos) / aluno / capitulo / f"{nome}.ipynb"
            problemas += problemas_do_caderno(
                corrigido, pasta_sub / f"{nome}.ipynb",
                Path(tarefa.publicado) / f"{nome}.ipynb", fonte / f"{nome}.ipynb",
            )
        if resposta.ok and tarefa.retorno_ativo:
            r = capture_log(GenerateFeedback(coursedir=_coursedir(cfg, tarefa)[1], config=cfg))
            if not r["success"]:
                problemas.append("o retorno (HTML) não foi gerado: " + _ultima_linha(r))
            else:
                problemas += retornos_em_falta(Path(tarefa.retorno) / aluno / capitulo, esperados, faltam)
    try:
        resposta.notas = _notas(db_url, capitulo, aluno)
    except Exception as erro:  # noqa: BLE001 — fica registado como falha desta tarefa
        resposta.ok, resposta.erro = False, f"sem notas na base de dados: {erro}"
    resposta.problemas = problemas
    resposta.segundos = round(time.perf_counter() - inicio, 3)
    return resposta


def _ultima_linha(r: dict) -> str:
    texto = (r.get("error") or r.get("log") or "").strip().splitlines()
    return texto[-1] if texto else "erro desconhecido"


def compilar_modelos_uma_vez() -> None:
    """O retorno de cada submissão é um ``HTMLExporter`` novo, com um ambiente jinja novo, que
    voltava a compilar os modelos (um terço do tempo do retorno, ≈ 0,2 s por caderno). O nbconvert
    não deixa configurar a cache de código do jinja: põe-se no ambiente que ele cria."""
    import jinja2
    from nbconvert.exporters.templateexporter import TemplateExporter

    if getattr(TemplateExporter, "_curso_modelos_compilados", None) is not None:
        return

    class Cache(jinja2.BytecodeCache):  # em memória; a chave do jinja inclui o texto do modelo
        def __init__(self):
            self.codigo: dict[str, bytes] = {}

        def load_bytecode(self, balde):
            if balde.key in self.codigo:
                balde.bytecode_from_string(self.codigo[balde.key])

        def dump_bytecode(self, balde):
            self.codigo[balde.key] = balde.bytecode_to_string()

    cache = Cache()
    criar = TemplateExporter._create_environment

    def _criar_com_cache(self):
        ambiente = criar(self)
        ambiente.bytecode_cache = cache
        return ambiente

    TemplateExporter._create_environment = _criar_com_cache
    TemplateExporter._curso_modelos_compilados = cache


def morrer_com_quem_me_arrancou() -> None:
    """Quem arrancou este processo (``lote.Trabalhador``) deixa-lhe a ponta de leitura de um pipe
    cuja ponta de escrita só ele tem: quando ele morre — mesmo com um ``kill -9``, ou um
    trabalhador do Dask que cai a meio —, a leitura acaba e este processo mata o seu grupo (ele e
    o que arrancou; a caixa de areia morre com ele, ``--die-with-parent``). Nenhum trabalhador
    órfão fica a corrigir para ninguém."""
    from curso.correcao.lote import VIDA

    descritor = os.environ.pop(VIDA, None)
    if descritor is None:
        return

    def vigiar():
        try:
            while os.read(int(descritor), 1):
                pass
        except OSError:
            pass
        os.killpg(os.getpgid(0), signal.SIGKILL)

    threading.Thread(target=vigiar, name="vida", daemon=True).start()


# Teto da memória de dados do trabalhador (a corrigir os nove capítulos ocupa 270–390 MiB). Os sockets
# para o kernel recusam cada parte de mensagem acima de ``fronteira.sessao.TETO_DA_PARTE``, mas
# não o número de partes: com este teto, uma mensagem de muitas partes faz o zmq cortar a ligação
# (falta de memória ao receber) em vez de o trabalhador crescer sem fim. Só o limite suave: o
# kernel, na caixa, põe os seus (``interior``).
MEMORIA_DO_TRABALHADOR = 2**30


def limitar_memoria(teto: int = MEMORIA_DO_TRABALHADOR) -> None:
    import resource

    _, maximo = resource.getrlimit(resource.RLIMIT_DATA)
    suave = teto if maximo == resource.RLIM_INFINITY else min(teto, maximo)
    resource.setrlimit(resource.RLIMIT_DATA, (suave, maximo))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    morrer_com_quem_me_arrancou()
    limitar_memoria()
    pasta = Path(argv[0])
    pasta.mkdir(parents=True, exist_ok=True)
    # o stdout fica só para o protocolo; tudo o resto (logs, avisos) vai para o stderr
    protocolo = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    import nbgrader.converters  # noqa: F401 — importar já, enquanto o principal se prepara

    compilar_modelos_uma_vez()

    cfg = None
    for linha in sys.stdin:
        pedido = de_linha(linha, Preparar, Tarefa, Fim)
        if isinstance(pedido, Preparar):
            cfg = _configurar(pedido, pasta)
            resposta = Preparado()
        elif isinstance(pedido, Fim):
            break
        else:
            try:
                resposta = corrigir(cfg, pedido)
            except Exception as erro:  # noqa: BLE001 — a tarefa falha, o trabalhador continua
                resposta = Resposta(pedido.id, ok=False, erro=f"{type(erro).__name__}: {erro}")
        protocolo.write(para_linha(resposta))
        protocolo.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
