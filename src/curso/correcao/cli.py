"""``curso corrigir``: corrigir uma turma inteira, todos os capítulos, com um comando."""

from __future__ import annotations

import argparse
import copy
import os
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from curso.correcao import caixa, guardas
from curso.correcao.ambiente import Recusa, ambiente, ler_configuracao
from curso.correcao.lote import Lote, ambiente_isolado
from curso.correcao.protocolo import Preparar, Resposta, Tarefa
from curso.correcao.registo import (
    e_postgresql, motivo_para_ignorar, registar_na_base, resultado_registado, trancar,
)
from curso.correcao.relatorio import Resultado, _num, exportar_csv, limpar_texto, resumo
from curso.correcao.resultados import PASTA as PASTA_RESULTADOS
from curso.correcao.resultados import gravar as gravar_resultado

ALUNO_SOLUCOES = "solucoes"
NAO_ISOLADO = ("⚠ CORREÇÃO NÃO ISOLADA (--sem-isolamento): o código dos alunos correu com as tuas "
               "permissões; uma submissão podia ler as soluções ou mexer nas notas.")
DESCRICAO = """\
Corre na raiz do curso. Garante que o nbgrader conhece cada capítulo, corrige todas as
submissões em submitted/ALUNO/capNN/ (em paralelo), escreve as notas no gradebook.db e no CSV,
gera o retorno em feedback/ALUNO/capNN/ e mostra um resumo alunos × capítulos com os problemas.

Recusa começar (código 2) quando todos teriam zero: configuração do nbgrader partida, cadernos
dos alunos em falta, um kernel de correção que não importa o curso, soluções sem nota máxima.
Sai com 0 quando todas as submissões ficaram com nota registada, 1 quando alguma ficou sem nota.

Com --cluster, cada submissão é uma tarefa num cluster Dask (docs/cluster.md): a mesma correção
isolada, num trabalhador do cluster; só este processo escreve as notas e os ficheiros.
"""


def registar(sub, ajuda: str) -> None:
    p = sub.add_parser("corrigir", help=ajuda, description=DESCRICAO,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p._optionals.title = "opções"
    p.add_argument("--capitulos", nargs="+", metavar="CAP",
                   help="só estes capítulos (ex.: cap01 cap03); por omissão, todos os que existem")
    p.add_argument("--alunos", nargs="+", metavar="ALUNO",
                   help="só as submissões destes alunos (ex.: ana bruno); por omissão, todos os "
                        "de submitted/ (o serviço de correção na entrega corrige um de cada vez)")
    p.add_argument("--timeout", type=int, metavar="S",
                   help="limite por célula, em segundos (por omissão, o do nbgrader_config.py)")
    p.add_argument("--csv", default="notas.csv", metavar="FICHEIRO",
                   help="onde escrever as notas (por omissão notas.csv)")
    # um a mais do que os CPUs: cada kernel passa parte do tempo à espera (arranque, mensagens),
    # e com 2 CPUs só 80 % do tempo de processador era usado (benchmarks/correcao.py)
    p.add_argument("--trabalhadores", type=int, default=(os.cpu_count() or 1) + 1, metavar="N",
                   help="quantas submissões corrigir ao mesmo tempo (por omissão, CPUs + 1)")
    p.add_argument("--fonte", metavar="PASTA",
                   help="a pasta das soluções com os testes escondidos (por omissão a do "
                        "nbgrader_config.py, solutions/); para corrigir com testes escondidos "
                        "privados, que os alunos não leram no repositório público")
    p.add_argument("--cluster", metavar="ENDEREÇO|FICHEIRO",
                   help="corrige num cluster Dask: tls://SERVIDOR:8786 (os certificados vêm da "
                        "configuração do Dask), um ficheiro de configuração do Dask (.yaml, com "
                        "scheduler-address) ou o ficheiro do scheduler (.json); tcp:// só nesta "
                        "máquina. Ver docs/cluster.md. Com --cluster, --trabalhadores não conta")
    p.add_argument("--limite-submissao", type=float, metavar="S",
                   help="limite total de cada submissão de um aluno, em segundos (por omissão, "
                        "calculado: 120 s mais duas vezes o limite por célula por célula de código "
                        "e por reinício); passado ele, a correção dessa submissão para, sem nota")
    p.add_argument("--sem-isolamento", action="store_true",
                   help="corrige sem a caixa de areia (sem bubblewrap, ou fora de Linux): o código "
                        "dos alunos corre com as tuas permissões; o resumo di-lo na primeira linha")
    p.set_defaults(func=executar)


_sinal_recebido = False  # um SIGTERM chegou (mesmo que o KeyboardInterrupt se tenha perdido)


def _interromper(sinal, _quadro):
    global _sinal_recebido
    _sinal_recebido = True
    raise KeyboardInterrupt(f"sinal {sinal}")


def _parar_se_interrompido() -> None:
    """Um passo do nbgrader pode engolir o KeyboardInterrupt do SIGTERM e seguir: não se segue."""
    if _sinal_recebido:
        raise KeyboardInterrupt("sinal recebido durante um passo do nbgrader")


def _kernel_isolado(nome: str, raiz: Path, tmp: Path, env: dict) -> str:
    """O kernel spec ``curso-isolado`` e a pasta das caixas (``lote.ambiente_isolado``), para os
    trabalhadores e também para este processo (a guarda do kernel)."""
    kernel = ambiente_isolado(env, raiz, tmp, nome)
    for nome_var in ("JUPYTER_PATH", "CURSO_CAIXAS", "CURSO_CAIXA_GRUPO"):
        if nome_var in env:
            os.environ[nome_var] = env[nome_var]
    return kernel


def _limite_por_celula(cfg, pedido: int | None) -> int:
    if pedido:
        return pedido
    for classe in ("ExecutarSemParar", "Execute", "ExecutePreprocessor"):
        if classe in cfg and cfg[classe].get("timeout"):
            return int(cfg[classe].timeout)
    return 30


def _db(raiz: Path, cfg) -> tuple[str, Path | None]:
    """O ``db_url`` do nbgrader e, numa base SQLite, o ficheiro (``None`` em PostgreSQL)."""
    url = cfg.CourseDirectory.get("db_url", "sqlite:///gradebook.db")
    if e_postgresql(url):
        if not cfg.CourseDirectory.get("course_id"):
            # o PostgreSQL, ao contrário do SQLite, faz cumprir a chave estrangeira do curso
            raise Recusa("Com o gradebook em PostgreSQL, o nbgrader precisa do nome do curso: "
                         "põe c.CourseDirectory.course_id = 'o-teu-curso' no nbgrader_config.py.")
        return url, None
    if not url.startswith("sqlite:///"):
        raise Recusa(f"«curso corrigir» trabalha com SQLite (sqlite:///gradebook.db) ou PostgreSQL "
                     f"(postgresql+psycopg://…); db_url = {_sem_senha(url)!r}.")
    caminho = Path(url.removeprefix("sqlite:///"))
    caminho = caminho if caminho.is_absolute() else raiz / caminho
    return f"sqlite:///{caminho}", caminho


def _sem_senha(url: str) -> str:
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 — um URL que nem se lê não se mostra
        return "(ilegível)"


def _alunos(raiz: Path, cfg) -> list[str]:
    pasta = raiz / cfg.CourseDirectory.get("submitted_directory", "submitted")
    if not pasta.is_dir():
        return []
    # uma ligação simbólica também é um aluno: o trabalhador não a segue e sinaliza-a
    return sorted(p.name for p in pasta.iterdir()
                  if (p.is_dir() or p.is_symlink()) and not p.name.startswith("."))


def _so_estes(alunos: list[str], pedidos: list[str] | None) -> list[str]:
    """Os alunos de ``submitted/`` que ``--alunos`` pede (todos, sem ``--alunos``)."""
    return alunos if not pedidos else [a for a in alunos if a in set(pedidos)]


def _submeteu(pasta: Path) -> bool:
    """Há uma submissão em ``pasta`` (``submitted/ALUNO/CAP``); uma ligação simbólica no lugar
    dela, ou da pasta do aluno, conta — para ser sinalizada, nunca seguida."""
    return pasta.parent.is_symlink() or pasta.is_symlink() or pasta.is_dir()


def _celulas_de_codigo(caderno: Path) -> int:
    import json
    try:
        return sum(c.get("cell_type") == "code"
                   for c in json.loads(caderno.read_text(encoding="utf-8"))["cells"])
    except (OSError, ValueError, KeyError):
        return 50


@dataclass
class _Turma:
    """O que a correção leu da configuração do curso: onde está cada coisa e o que corrigir."""

    raiz: Path
    cfg: object
    fonte: Path
    publicado: Path
    caps: list[str]
    alunos: list[str]
    submetidos: Path
    corrigidos: Path
    retorno: Path
    db_url: str
    db: Path | None  # o ficheiro SQLite (None em PostgreSQL)
    limite_celula: int

    @property
    def nome_da_base(self) -> str:
        return self.db.name if self.db is not None else _sem_senha(self.db_url)


def executar(args) -> int:
    raiz = Path.cwd().resolve()
    env = _ambiente_deste_processo(raiz)
    isolado = not args.sem_isolamento
    no_cluster = bool(getattr(args, "cluster", None))
    if no_cluster:  # a caixa de areia é a de cada trabalhador do cluster (que a confirma)
        if not isolado:
            print(NAO_ISOLADO, flush=True)
    elif not _pode_corrigir(isolado):
        return 2
    tmp = Path(tempfile.mkdtemp(prefix="curso-corrigir-"))
    lote, interrompido = None, False
    inicio = time.perf_counter()
    global _sinal_recebido
    _sinal_recebido = False
    anterior = signal.signal(signal.SIGTERM, _interromper)  # um SIGTERM também limpa o tmp
    try:
        turma = _ler_turma(raiz, args)
        if no_cluster:
            lote, db_trabalhadores, kernel = _lote_no_cluster(args, turma, tmp, isolado)
        else:
            original, kernel = _kernel_de_correcao(turma, tmp, env, isolado)
            # os trabalhadores arrancam já (a importar o nbgrader) enquanto as guardas correm;
            # depois do kernel isolado, porque herdam o JUPYTER_PATH que o aponta
            lote = Lote(args.trabalhadores, tmp / "trabalhadores", env, raiz)
            _guardas(turma, original, kernel, tmp, env, isolado)
            _parar_se_interrompido()
            db_trabalhadores = _base_dos_trabalhadores(turma, tmp)
        _parar_se_interrompido()
        lote.preparar(Preparar(raiz=str(raiz), db=str(db_trabalhadores), fonte=str(turma.fonte),
                               timeout=args.timeout, kernel=kernel))
        limite = _limite_por_submissao(turma)
        _solucoes_com_nota_maxima(lote, turma.caps, turma.fonte, turma.publicado, tmp, limite)
        print("✔ as soluções têm nota máxima quando corrigidas como submissões", flush=True)
        if getattr(args, "limite_submissao", None):
            limite = lambda _tarefa: args.limite_submissao  # noqa: E731 — o mesmo para todas
        resultados, n_tarefas, duracao = _corrigir_submissoes(lote, turma, limite)
    except (Recusa, KeyboardInterrupt) as erro:
        # o nbgrader apanha tudo o que acontece dentro de um passo (até o KeyboardInterrupt) e
        # devolve-o como falha: um SIGTERM a meio desse passo chegava aqui como uma Recusa
        if isinstance(erro, Recusa) and not _sinal_recebido:
            print(f"✘ Não comecei a correção. {erro}", file=sys.stderr)
            return 2
        interrompido = True
        print("✘ Correção interrompida: as notas já registadas ficam; as pastas temporárias "
              "foram apagadas.", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, anterior)
        _limpar(lote, interrompido, env.get("CURSO_CAIXA_GRUPO"), (env.get("CURSO_CAIXAS"), tmp))
    return _relatar(turma, args, resultados, n_tarefas, duracao, inicio, isolado)


def _pode_corrigir(isolado: bool) -> bool:
    """Fase 0: sem caixa de areia não se começa; sem isolamento pedido, di-lo logo à cabeça."""
    if isolado and (motivo := caixa.motivo_sem_caixa()):
        print(f"✘ Não comecei a correção. Não há caixa de areia para os kernels dos alunos: {motivo}.\n"
              "Sem ela, o código de cada submissão corre com as tuas permissões: pode ler as "
              "soluções e o gradebook.db, mudar notas de colegas e ir à rede. Se aceitas o risco "
              "(por exemplo, numa máquina descartável), corre com --sem-isolamento.",
              file=sys.stderr)
        return False
    if not hasattr(os, "killpg"):  # Windows: sem grupos de processos, nem sem isolamento
        print("✘ Não comecei a correção. No Windows não há grupos de processos (os.killpg): uma "
              "submissão que não acaba, ou que lança processos, não se consegue parar e prenderia a "
              "turma inteira. Corrige no WSL (ou num Linux/macOS).", file=sys.stderr)
        return False
    if not isolado:
        print(NAO_ISOLADO, flush=True)
    return True


def _ambiente_deste_processo(raiz: Path) -> dict:
    """O ambiente dos trabalhadores; o PATH e o CURSO_RAIZ valem também para este processo."""
    env = ambiente(raiz)
    os.environ["PATH"] = env["PATH"]  # o nbgrader chama o alembic pelo PATH
    if "CURSO_RAIZ" in env:
        os.environ["CURSO_RAIZ"] = env["CURSO_RAIZ"]
    return env


def _ler_turma(raiz: Path, args) -> _Turma:
    """Fase 1: a configuração, os capítulos e os alunos, com a linha que os anuncia."""
    cfg = ler_configuracao(raiz)
    if args.fonte:
        cfg.CourseDirectory.source_directory = str(Path(args.fonte).resolve())
    fonte, publicado = guardas.pastas(raiz, cfg)
    db_url, db = _db(raiz, cfg)
    pasta = cfg.CourseDirectory.get
    turma = _Turma(
        raiz=raiz, cfg=cfg, fonte=fonte, publicado=publicado,
        caps=guardas.capitulos(fonte, publicado, args.capitulos),
        alunos=_so_estes(_alunos(raiz, cfg), getattr(args, "alunos", None)),
        submetidos=raiz / pasta("submitted_directory", "submitted"),
        corrigidos=raiz / pasta("autograded_directory", "autograded"),
        retorno=raiz / pasta("feedback_directory", "feedback"),
        db_url=db_url, db=db, limite_celula=_limite_por_celula(cfg, args.timeout),
    )
    print(f"Curso em {raiz}: capítulos {', '.join(turma.caps)}; {len(turma.alunos)} alunos em "
          f"{turma.submetidos.name}/; limite de {turma.limite_celula} s por célula.", flush=True)
    if args.fonte:
        print(f"Fonte (soluções e testes escondidos): {fonte}", flush=True)
    if not turma.alunos:
        print(f"⚠ Não há submissões em {turma.submetidos}/ (esperava {turma.submetidos.name}/ALUNO/"
              "capNN/capNN.ipynb): as guardas correm na mesma, mas não há nada para corrigir.",
              flush=True)
    return turma


def _kernel_de_correcao(turma: _Turma, tmp: Path, env: dict, isolado: bool) -> tuple[str, str]:
    """Fase 2: o kernel dos cadernos (``original``) e o que corrige (o mesmo, na caixa)."""
    original = guardas.nome_do_kernel(turma.cfg, next((turma.fonte / turma.caps[0]).glob("*.ipynb")))
    kernel = _kernel_isolado(original, turma.raiz, tmp, env) if isolado else original
    return original, kernel


def _guardas(turma: _Turma, original: str, kernel: str, tmp: Path, env: dict, isolado: bool) -> None:
    """Fase 3: o kernel importa o curso e o nbgrader conhece cada capítulo (senão, ``Recusa``)."""
    try:
        guardas.kernel_importa_curso(kernel, turma.raiz, env, pasta=tmp / "sonda")
    except Recusa:
        if kernel != original:  # o kernel em si não importa o curso? (diz-se melhor assim)
            guardas.kernel_importa_curso(original, turma.raiz, env, pasta=tmp / "sonda")
        raise
    print(f"✔ o kernel «{kernel}» importa o curso"
          + (" (numa caixa de areia: sem rede, sem ver as soluções)" if isolado else ""),
          flush=True)
    if isolado and (motivo := caixa.sem_limite_de_processos()):
        print(f"⚠ Sem limite de processos na caixa: {motivo}.", flush=True)
    for aviso in guardas.registar_capitulos(turma.raiz, turma.cfg, turma.caps, tmp / "publicado",
                                            turma.publicado):
        print(f"⚠ {aviso}", flush=True)
    print(f"✔ o nbgrader conhece {len(turma.caps)} capítulo(s) ({turma.nome_da_base})", flush=True)


def _base_dos_trabalhadores(turma: _Turma, tmp: Path, copia_do_curso: bool = True) -> Path:
    """O gradebook SQLite que cada trabalhador copia para a sua pasta: o do curso, ou — em
    PostgreSQL e no cluster (que não deve levar as notas da turma para outras máquinas) — um
    novo, só com os capítulos, que o nbgrader gera ao lado."""
    if copia_do_curso and turma.db is not None:
        return turma.db
    cfg = copy.deepcopy(turma.cfg)
    destino = tmp / "gradebook-trabalhadores.db"
    cfg.CourseDirectory.db_url = f"sqlite:///{destino}"
    guardas.registar_capitulos(turma.raiz, cfg, turma.caps, tmp / "publicado-trabalhadores",
                               turma.publicado)
    return destino


def _lote_no_cluster(args, turma: _Turma, tmp: Path, isolado: bool):
    """Fases 2 e 3 no cluster: liga-se ao scheduler (um cluster que não responde é uma recusa), o
    nbgrader conhece cada capítulo e o gradebook que vai no pacote do curso. A guarda do kernel
    corre em cada trabalhador do cluster, com a das soluções."""
    from curso.correcao.distribuida import LoteNoCluster

    lote = LoteNoCluster(args.cluster, raiz=turma.raiz, caps=turma.caps, publicado=turma.publicado,
                         db_url=turma.db_url, curso=turma.cfg.CourseDirectory.get("course_id", ""),
                         isolado=isolado)
    print(f"✔ ligado ao cluster em {lote.endereco}: {len(lote.trabalhadores)} lugar(es) de "
          "correção" + (" (cada kernel na caixa de areia do seu trabalhador)" if isolado else ""),
          flush=True)
    for aviso in guardas.registar_capitulos(turma.raiz, turma.cfg, turma.caps, tmp / "publicado",
                                            turma.publicado):
        print(f"⚠ {aviso}", flush=True)
    print(f"✔ o nbgrader conhece {len(turma.caps)} capítulo(s) ({turma.nome_da_base})", flush=True)
    original = guardas.nome_do_kernel(turma.cfg, next((turma.fonte / turma.caps[0]).glob("*.ipynb")))
    return lote, _base_dos_trabalhadores(turma, tmp, copia_do_curso=False), original


def _limite_por_submissao(turma: _Turma):
    """O tempo total de uma submissão; passado ele, o trabalhador é morto com os kernels.

    Conta-se o pior caso que ainda é uma correção honesta, para não matar uma submissão lenta
    mas correta:
    - 120 s fixos: arrancar o kernel, o Autograde e gerar o HTML do retorno;
    - por célula de código do capítulo (o caderno com mais), uma vez o limite por célula: cada
      uma pode esgotá-lo;
    - mais 4 «células» de folga para os arranques do kernel: o primeiro e os até 3 reinícios da
      ``ExecutarSemParar`` (``max_reinicios``, em ``correcao/recuperacao.py``);
    - tudo a dobrar, porque depois de um reinício as células que já tinham corrido voltam a
      correr para repor o estado.
    """
    celulas = {cap: max(_celulas_de_codigo(c) for c in (turma.fonte / cap).glob("*.ipynb"))
               for cap in turma.caps}

    def limite(tarefa: Tarefa) -> float:
        return 120 + 2 * turma.limite_celula * (celulas[tarefa.capitulo] + 4)

    return limite


def _corrigir_submissoes(lote: Lote, turma: _Turma, limite) -> tuple[list[Resultado], int, float]:
    """Fase 4: cada ``submitted/ALUNO/CAP`` corrigida e registada, com uma linha por submissão.
    Devolve os resultados, quantas tarefas houve e quanto tempo levaram."""
    tarefas = [
        Tarefa(id=n, capitulo=cap, aluno=aluno, submetidos=str(turma.submetidos),
               corrigidos=str(turma.corrigidos), retorno=str(turma.retorno),
               publicado=str(turma.publicado / cap))
        for n, (aluno, cap) in enumerate(
            (a, c) for a in turma.alunos for c in turma.caps if _submeteu(turma.submetidos / a / c))
    ]
    resultados: list[Resultado] = []
    comeco = time.perf_counter()
    print(f"A corrigir {len(tarefas)} submissões com {len(lote.trabalhadores)} trabalhador(es)…",
          flush=True)

    def ao_terminar(tarefa, resposta, chave=None):
        ignorado = False
        try:
            r, ignorado = _resultado(turma.db_url, tarefa, resposta, chave)
        except Exception as erro:  # noqa: BLE001 — uma nota por registar não para o lote
            r = Resultado(tarefa.aluno, tarefa.capitulo, problemas=[
                f"não consegui registar a nota: {type(erro).__name__}: {erro}"])
        try:
            if not ignorado:  # o resultado de uma submissão mais recente fica como estava
                gravar_resultado(turma.raiz / PASTA_RESULTADOS, r)
        except OSError as erro:
            r.problemas.append(f"não consegui gravar {PASTA_RESULTADOS}/: {erro}")
        resultados.append(r)
        print(f"  [{len(resultados)}/{len(tarefas)}] {limpar_texto(r.aluno, 80)} · {r.capitulo}: "
              f"{r.celula}", flush=True)

    lote.correr(tarefas, limite, ao_terminar)
    return resultados, len(tarefas), time.perf_counter() - comeco


def _limpar(lote: Lote | None, interrompido: bool, grupo: str | None, pastas) -> None:
    """Sempre, mesmo numa recusa ou interrupção: trabalhadores, grupos de processos, pastas."""
    if lote is not None:
        lote.fechar(interrompido)
    if grupo is not None:
        caixa.remover_grupos(grupo)
    for pasta in pastas:
        if pasta is not None:
            shutil.rmtree(pasta, ignore_errors=True)


def _relatar(turma: _Turma, args, resultados: list[Resultado], n_tarefas: int, duracao: float,
             inicio: float, isolado: bool) -> int:
    """Fase 5: o CSV, o resumo alunos × capítulos e o código de saída (1: alguém sem nota);
    ``inicio`` é o do comando inteiro, para o total."""
    csv = Path(args.csv)
    csv = csv if csv.is_absolute() else turma.raiz / csv
    exportar_csv(turma.db_url, csv, turma.caps, sorted({r.aluno for r in resultados}))
    print()
    print(resumo(resultados, turma.caps, turma.alunos, aviso=None if isolado else NAO_ISOLADO))
    print()
    por_caderno = duracao / n_tarefas if n_tarefas else 0
    print(f"{n_tarefas} submissões corrigidas em {_num(round(duracao, 1))} s "
          f"({_num(round(por_caderno, 2))} s por caderno); total {_num(round(time.perf_counter() - inicio, 1))} s.")
    print(f"Notas: {csv} e {turma.nome_da_base} · corrigidos: {turma.corrigidos.name}/ALUNO/CAP/ · "
          f"retorno: {turma.retorno.name}/ALUNO/CAP/")
    sem_nota = [r for r in resultados if not r.registado]
    if sem_nota:
        print(f"✘ {len(sem_nota)} submissão(ões) ficaram sem nota: "
              + ", ".join(f"{limpar_texto(r.aluno, 80)} · {r.capitulo}" for r in sem_nota),
              file=sys.stderr)
        return 1
    return 0


def _resultado(db_url: str, tarefa: Tarefa, resposta: Resposta | None,
               chave=None) -> tuple[Resultado, bool]:
    """A nota de uma tarefa; o aluno e o capítulo são os da tarefa, nunca os da resposta.
    O segundo valor diz se o resultado foi ignorado (é de uma submissão mais antiga do que a
    registada: a nota e o ``resultados/`` dela ficam)."""
    aluno, cap = tarefa.aluno, tarefa.capitulo
    if resposta is None:
        return Resultado(aluno, cap, problemas=[
            "a correção parou (o trabalhador excedeu o tempo ou morreu): sem nota"]), False
    if resposta.notas is None:
        return Resultado(aluno, cap, problemas=[*resposta.problemas,
                                                f"sem nota: {_ultima(resposta.erro)}"]), False
    with trancar(db_url, cap, aluno):
        motivo = motivo_para_ignorar(db_url, aluno, cap, resposta.notas.timestamp)
        if motivo:
            return resultado_registado(db_url, aluno, cap, [motivo]), True
        r = registar_na_base(db_url, aluno, cap, resposta, chave)
    if not resposta.ok:
        r.problemas.append(f"o nbgrader falhou: {_ultima(resposta.erro)}")
    if r.registado and not r.pontos and not r.problemas:
        r.problemas.append("0 pontos: nenhuma verificação passou (caderno por resolver?)")
    return r, False


def _ultima(texto: str | None) -> str:
    linhas = [linha for linha in (texto or "").strip().splitlines() if linha.strip()]
    return linhas[-1].strip() if linhas else "erro desconhecido"


def _solucoes_com_nota_maxima(lote: Lote, caps, fonte: Path, publicado: Path, tmp: Path, limite) -> None:
    """Guarda: corrige as soluções como se fossem de um aluno; têm de ter nota máxima."""
    sub = tmp / "solucoes" / "submitted"
    for cap in caps:
        destino = sub / ALUNO_SOLUCOES / cap
        destino.mkdir(parents=True)
        for caderno in (fonte / cap).glob("*.ipynb"):
            shutil.copy(caderno, destino / caderno.name)
    tarefas = [Tarefa(id=f"solucao-{cap}", capitulo=cap, aluno=ALUNO_SOLUCOES,
                      submetidos=str(sub), corrigidos=str(tmp / "solucoes" / "autograded"),
                      retorno=str(tmp / "solucoes" / "feedback"), publicado=str(fonte / cap),
                      retorno_ativo=False) for cap in caps]
    falhas = []

    def ao_terminar(tarefa, resposta, _chave=None):
        cap = tarefa.capitulo
        if resposta is None or resposta.notas is None:
            falhas.append(f"{cap}: a correção da solução não terminou "
                          f"({_ultima(resposta.erro if resposta else None)})")
            return
        notas = resposta.notas
        if not resposta.ok or not notas.maximo or notas.pontos != notas.maximo:
            celulas = [f"{nome} {_num(v.pontos)}/{_num(v.maximo)}"
                       for nb in notas.cadernos.values() for nome, v in nb.notas.items()
                       if v.pontos != v.maximo]
            detalhe = "; ".join(celulas + resposta.problemas) or _ultima(resposta.erro)
            falhas.append(f"{cap}: {_num(notas.pontos)}/{_num(notas.maximo)} — {detalhe}")

    lote.correr(tarefas, limite, ao_terminar)
    if falhas:
        raise Recusa(
            "As soluções não têm nota máxima quando corrigidas como submissões (os alunos "
            "teriam notas erradas): " + " | ".join(sorted(map(limpar_texto, falhas)))
        )
