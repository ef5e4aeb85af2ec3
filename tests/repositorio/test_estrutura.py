"""A estrutura que docs/arquitetura.md descreve, provada: as camadas de importação do pacote
``curso``, o caminho rápido do ``verificar`` e nenhum ficheiro a apontar para fora do repositório.

As regras leem o código com o ``ast`` (nada é importado), por isso também apanham os imports
dentro de funções, que o pacote usa muito para arrancar depressa.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
from pathlib import Path

from ._cadernos import RAIZ

SRC = RAIZ / "src"

# De cima para baixo: um componente só importa componentes de camadas mais abaixo (ou a si
# próprio); dois componentes da mesma camada não se conhecem. Ver docs/arquitetura.md#camadas.
CAMADAS = [
    {"curso.__main__"},
    {"curso.cli"},
    {"curso.correcao", "curso.widgets", "curso.mutacao"},
    {"curso.progresso", "curso.verificacao_cli", "curso.mapa", "curso.pytest_plugin", "curso.atualizar"},
    {"curso.requisitos", "curso.quizzes", "curso.oraculo"},
    {"curso.verificacao"},  # a fachada do pacote: só reexporta (por nomes, sem importações)
    {"curso.verificacao.apresentacao", "curso.verificacao.preparacao"},
    {"curso.verificacao.execucao"},
    {"curso.verificacao.descoberta", "curso.propriedades"},
    {"curso.fronteira"},
    # abaixo da fronteira: ela anexa às exceções do kernel os quadros do aluno (tracebacks)
    {"curso.verificacao.tracebacks", "curso.verificacao.dominios"},
    {"curso.verificacao.vocabulario"},
    {"curso.caderno", "curso.clientes"},
    {"curso.raiz", "curso.estados", "curso.cores", "curso.offline", "curso.nbgrader_extra",
     "curso.mcp_demo", "curso.metadados"},
]

# o que corre em cada ``verificar`` dentro do kernel de quem estuda: nada disto ao importar
CAMINHO_RAPIDO = {"curso.verificacao", "curso.verificacao.apresentacao", "curso.verificacao.preparacao",
                  "curso.verificacao.execucao", "curso.verificacao.descoberta",
                  "curso.verificacao.tracebacks", "curso.verificacao.vocabulario",
                  "curso.propriedades", "curso.fronteira.dados", "curso.caderno", "curso.raiz",
                  "curso.estados", "curso.cores", "curso.quizzes"}
LENTOS = {"openai", "httpx2", "nbgrader", "nbformat", "ipywidgets", "IPython", "pytest",
          "tiktoken", "jsonschema", "matplotlib", "numpy", "curso.offline", "curso.clientes"}

# ficheiros cujos caminhos «../» são dados de ataque (o que um aluno hostil tenta abrir a partir da
# pasta do kernel), não referências para quem lê
ATAQUES = {"tests/correcao/test_adulteracao.py"}


# ---------------------------------------------------------------------------------------------
# o grafo de importações


def _nome_do_modulo(caminho: Path) -> str:
    partes = caminho.relative_to(SRC).with_suffix("").parts
    return ".".join(partes[:-1] if partes[-1] == "__init__" else partes)


def _modulos() -> dict[str, Path]:
    return {_nome_do_modulo(p): p for p in sorted((SRC / "curso").rglob("*.py"))}


def importacoes(codigo: str, modulo: str, pacote: bool, conhecidos: set[str],
                so_no_topo: bool = False) -> set[str]:
    """Os módulos que ``codigo`` importa (``from curso import progresso`` → ``curso.progresso``)."""
    base = modulo.split(".") if pacote else modulo.split(".")[:-1]
    arvore = ast.parse(codigo)
    nos = arvore.body if so_no_topo else ast.walk(arvore)
    alvos = set()
    for no in nos:
        if isinstance(no, ast.Import):
            alvos |= {a.name for a in no.names}
        elif isinstance(no, ast.ImportFrom):
            origem = ".".join(base[:len(base) - no.level + 1] + [no.module or ""]).strip(".") \
                if no.level else no.module or ""
            for a in no.names:
                alvos.add(f"{origem}.{a.name}" if f"{origem}.{a.name}" in conhecidos else origem)
    return alvos


def grafo(modulos: dict[str, Path], so_no_topo: bool = False) -> dict[str, set[str]]:
    conhecidos = set(modulos)
    return {
        nome: importacoes(caminho.read_text(encoding="utf-8"), nome, caminho.name == "__init__.py",
                          conhecidos, so_no_topo)
        for nome, caminho in modulos.items()
    }


def componente(modulo: str) -> str | None:
    candidatos = [c for camada in CAMADAS for c in camada if modulo == c or modulo.startswith(c + ".")]
    return max(candidatos, key=len) if candidatos else None


def camada(comp: str) -> int:
    return next(i for i, c in enumerate(CAMADAS) if comp in c)


def violacoes(ligacoes: dict[str, set[str]]) -> list[str]:
    """Cada importação que sobe ou atravessa camadas, numa frase."""
    erros = []
    for origem, alvos in sorted(ligacoes.items()):
        if origem == "curso":  # a fachada: só nomes preguiçosos, sem importações estáticas
            continue
        de = componente(origem)
        if de is None:
            erros.append(f"{origem} não está em nenhuma camada: junta-o a CAMADAS e a docs/arquitetura.md")
            continue
        for alvo in sorted(alvos):
            para = componente(alvo) if alvo.startswith("curso.") else None
            if para is None or para == de:
                continue
            if camada(para) <= camada(de):
                erros.append(f"{origem} importa {alvo}: {de} (camada {camada(de) + 1}) não pode "
                             f"depender de {para} (camada {camada(para) + 1})")
    return erros


def lentos_no_caminho_rapido(ligacoes_no_topo: dict[str, set[str]]) -> list[str]:
    return [f"{origem} importa {alvo} ao ser importado (o verificar fica lento num kernel)"
            for origem in sorted(CAMINHO_RAPIDO) for alvo in sorted(ligacoes_no_topo.get(origem, ()))
            if alvo in LENTOS or alvo.split(".")[0] in LENTOS]


def test_camadas_de_importacao():
    erros = violacoes(grafo(_modulos()))
    assert not erros, "importações contra as camadas de docs/arquitetura.md:\n" + "\n".join(erros)


def test_caminho_rapido_do_verificar_nao_importa_nada_pesado():
    erros = lentos_no_caminho_rapido(grafo(_modulos(), so_no_topo=True))
    assert not erros, "\n".join(erros)


def test_as_regras_apanham_importacoes_proibidas():
    conhecidos = {"curso.progresso", "curso.correcao.cli", "curso.verificacao"}
    subida = importacoes("def f():\n    from curso.correcao import cli\n", "curso.verificacao",
                         False, conhecidos)
    assert subida == {"curso.correcao.cli"}
    assert violacoes({"curso.verificacao": subida}) == [
        "curso.verificacao importa curso.correcao.cli: curso.verificacao (camada 6) não pode "
        "depender de curso.correcao (camada 3)"]
    lado = importacoes("from .. import progresso\n", "curso.widgets.progresso", False, conhecidos)
    assert lado == {"curso.progresso"} and violacoes({"curso.widgets.progresso": lado}) == []
    assert violacoes({"curso.widgets.x": {"curso.correcao.cli"}})  # mesma camada: proibido
    assert violacoes({"curso.novo": set()})  # módulo novo sem camada
    # dentro de verificacao/: só para baixo (a fronteira chega aos tracebacks, não ao executor)
    assert violacoes({"curso.verificacao.vocabulario": {"curso.verificacao.execucao"}})
    assert violacoes({"curso.fronteira.confianca": {"curso.verificacao.execucao"}})
    assert violacoes({"curso.verificacao.execucao": {"curso.verificacao.vocabulario", "curso.fronteira.dados"},
                      "curso.fronteira.confianca": {"curso.verificacao.tracebacks"}}) == []
    assert lentos_no_caminho_rapido({"curso.caderno": {"nbformat", "json"}}) == [
        "curso.caderno importa nbformat ao ser importado (o verificar fica lento num kernel)"]


# ---------------------------------------------------------------------------------------------
# o cluster num só módulo (docs/arquitetura.md, «Uma submissão num cluster Dask»)

CLUSTER = "curso.correcao.distribuida"  # o coordenador, a tarefa e o resultado
DASK = {"dask", "distributed"}
QUEM_USA_O_CLUSTER = {"curso.correcao.cli"}  # a opção --cluster


def fugas_do_cluster(ligacoes: dict[str, set[str]]) -> list[str]:
    """O Dask fora de ``correcao/distribuida.py``, ``distribuida`` usado fora de ``cli``, ou
    ``distribuida`` a depender de ``cli`` (a tarefa corre nos trabalhadores do cluster)."""
    erros = []
    for origem, alvos in sorted(ligacoes.items()):
        dask = sorted(a for a in alvos if a.split(".")[0] in DASK)
        if dask and origem != CLUSTER:
            erros.append(f"{origem} importa {', '.join(dask)}: o Dask só se usa em {CLUSTER}")
        if any(a == CLUSTER or a.startswith(CLUSTER + ".") for a in alvos) \
                and origem not in QUEM_USA_O_CLUSTER | {CLUSTER}:
            erros.append(f"{origem} importa {CLUSTER}: só {', '.join(sorted(QUEM_USA_O_CLUSTER))} o usa")
    if any(a in QUEM_USA_O_CLUSTER for a in ligacoes.get(CLUSTER, ())):
        erros.append(f"{CLUSTER} importa {', '.join(sorted(QUEM_USA_O_CLUSTER))}: a tarefa corre nos "
                     "trabalhadores do cluster e só pode depender do que fica abaixo")
    return erros


def test_o_cluster_vive_num_so_modulo():
    erros = fugas_do_cluster(grafo(_modulos()))
    assert not erros, "\n".join(erros)


def test_a_regra_do_cluster_apanha_fugas():
    assert fugas_do_cluster({CLUSTER: {"distributed", "curso.correcao.lote"},
                             "curso.correcao.cli": {CLUSTER}}) == []
    assert fugas_do_cluster({"curso.correcao.trabalhador": {"distributed.worker"}}) == [
        "curso.correcao.trabalhador importa distributed.worker: o Dask só se usa em " + CLUSTER]
    assert fugas_do_cluster({"curso.correcao.lote": {CLUSTER}})
    assert fugas_do_cluster({CLUSTER: {"curso.correcao.cli"}})


# ---------------------------------------------------------------------------------------------
# nenhum ficheiro aponta para fora do repositório

_URL = re.compile(r"[a-z][a-z0-9+.-]*://\S+", re.I)
_MD = re.compile(r"(?<![\w/.-])((?:\.{1,2}/)*[\w-]+(?:[./][\w-]+)*\.md)\b")
_SOBE = re.compile(r"(?<![\w/.-])((?:\.\./)+[\w-][\w./-]*)")
_LIGACAO = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
ESTE_FICHEIRO = "tests/repositorio/test_estrutura.py"
_CODIGO = re.compile(r"```.*?```|`[^`\n]*`", re.S)
_TEXTO = {".md", ".py", ".ipynb", ".toml", ".yml", ".yaml", ".txt", ".cfg", ".ini", ""}


def _ficheiros() -> list[str]:
    r = subprocess.run(["git", "ls-files"], cwd=RAIZ, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, f"git ls-files falhou: {r.stderr}"
    return r.stdout.splitlines()


def referencias_para_fora(nome: str, texto: str, existentes: set[str]) -> list[str]:
    """Os ficheiros que ``texto`` (de ``nome``) nomeia e que não estão no repositório."""
    texto = _URL.sub("", texto)
    pasta = Path(nome).parent
    nomes = set(_MD.findall(texto))
    if nome.endswith((".md", ".ipynb")):  # ligações Markdown, fora do código («f[i](x)»)
        prosa = _CODIGO.sub("", texto)
        nomes |= {m for m in _LIGACAO.findall(prosa) if not m.startswith("mailto:")}
    fora = [ref for ref in sorted(set(_SOBE.findall(texto)))
            if _normal((pasta / ref).as_posix()).startswith("..")]  # sobe acima da raiz
    for ref in sorted(nomes):
        relativo = (pasta / ref).as_posix()
        candidatos = {Path(relativo), Path(ref)}
        normais = {p.as_posix() for p in (Path(_normal(str(c))) for c in candidatos) if p}
        dentro = any(n in existentes or any(e.startswith(n + "/") for e in existentes)
                     for n in normais if not n.startswith(".."))
        pelo_nome = "/" not in ref and any(e.rsplit("/", 1)[-1] == ref for e in existentes)
        if not (dentro or pelo_nome):
            fora.append(ref)
    return fora


def _normal(caminho: str) -> str:
    partes: list[str] = []
    for p in caminho.split("/"):
        if p in ("", "."):
            continue
        if p == ".." and partes and partes[-1] != "..":
            partes.pop()
        else:
            partes.append(p)
    return "/".join(partes)


def test_nenhum_ficheiro_nomeia_um_ficheiro_fora_do_repositorio():
    ficheiros = _ficheiros()
    existentes = set(ficheiros)
    erros = []
    for nome in ficheiros:
        if Path(nome).suffix not in _TEXTO or nome.endswith(".lock"):
            continue
        if nome == ESTE_FICHEIRO or nome in ATAQUES:  # exemplos e dados de ataque, não referências
            continue
        try:
            texto = (RAIZ / nome).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        if nome.endswith(".ipynb"):  # o texto das células Markdown, não o JSON nem o código
            texto = "\n".join("".join(c.get("source", "")) for c in json.loads(texto)["cells"]
                              if c.get("cell_type") == "markdown")
        erros += [f"{nome}: {ref}" for ref in referencias_para_fora(nome, texto, existentes)]
    assert not erros, ("estes ficheiros nomeiam ficheiros que não estão no repositório (quem "
                       "clona não os consegue abrir; escreve o que importa em docs/):\n" + "\n".join(erros))


def test_a_regra_apanha_ficheiros_de_fora():
    existentes = {"docs/desenho.md", "docs/autoria.md", "README.md", "tests/mutantes/README.md"}
    # os nomes de fora montam-se aos bocados, para este ficheiro não os nomear ele próprio
    desenho, factos, sementes = "DESIGN" + ".md", "../" + "shared/" + "FACTOS" + ".md", "../../" + "shared/seeds/"
    texto = (f"Ver {desenho}, {factos}, {sementes} e [o guia](../docs/autoria.md#x); "
             "o README.md, [mutantes](tests/mutantes/) e https://exemplo.pt/NOTAS.md estão bem.")
    assert referencias_para_fora("docs/desenho.md", texto, existentes) == [sementes, factos, desenho]


# ---------------------------------------------------------------------------------------------
# um só lugar para cada facto

# a regra escrita de novo (o que a marca procura) e o único módulo onde pode estar
COPIAS_PROIBIDAS = {
    "«é uma célula de verificação»": (re.compile(r"""\.get\(["']grade["']\)"""), "curso/caderno.py"),
    "o bin do interpretador à frente no PATH": (
        re.compile(r"Path\(sys\.executable\)\.parent\)?\s*,"), "curso/raiz.py"),
}


def copias(nome: str, codigo: str) -> list[str]:
    """Os factos que ``codigo`` (o módulo ``nome``) escreve de novo em vez de os importar."""
    return [facto for facto, (marca, dono) in COPIAS_PROIBIDAS.items()
            if nome != dono and marca.search(codigo)]


def test_cada_facto_do_pacote_tem_um_so_lugar():
    erros = [f"src/{p.relative_to(SRC).as_posix()} repete {facto}: importa-o de {COPIAS_PROIBIDAS[facto][1]}"
             for p in sorted((SRC / "curso").rglob("*.py"))
             for facto in copias(p.relative_to(SRC).as_posix(), p.read_text(encoding="utf-8"))]
    assert not erros, "\n".join(erros)


def test_a_regra_apanha_as_copias_antigas():
    celula = 'nbg = c.get("metadata", {}).get("nbgrader", {})\nok = nbg.get("grade") and x\n'
    path = 'env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])'
    assert copias("curso/correcao/retorno.py", celula) == ["«é uma célula de verificação»"]
    assert copias("curso/correcao/ambiente.py", path) == ["o bin do interpretador à frente no PATH"]
    assert copias("curso/caderno.py", celula) == []
