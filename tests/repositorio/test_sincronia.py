"""Prova 5: exercises/ é exatamente o que o nbgrader gera de solutions/, e os cadernos vêm limpos."""

import pytest

from ._cadernos import CAPITULOS, RAIZ, ler, todos_os_cadernos
from ._nbgrader import copiar_curso, gerar_exercicios


# o que o nbgrader ignora (CourseDirectory.ignore) e o git também
_IGNORADOS = {".ipynb_checkpoints", "__pycache__", ".hypothesis"}


def _ficheiros(base, sub=""):
    return sorted(
        p.relative_to(base) for p in (base / sub).rglob("*")
        if p.is_file() and not _IGNORADOS & set(p.relative_to(base).parts)
    )


@pytest.fixture(scope="module")
def gerado(tmp_path_factory):
    """Uma cópia do curso com exercises/ regenerado pelo nbgrader a partir de solutions/."""
    pasta = copiar_curso(tmp_path_factory.mktemp("curso"), CAPITULOS)
    r = gerar_exercicios(pasta, CAPITULOS)
    assert r.returncode == 0, f"o nbgrader não gerou os exercícios:\n{r.stdout}\n{r.stderr}"
    return pasta


@pytest.mark.lento
@pytest.mark.parametrize("capitulo", CAPITULOS)
def test_exercicios_iguais_ao_gerado(capitulo, gerado):
    nome, tmp_path = f"cap{capitulo:02d}", gerado
    gerados = _ficheiros(tmp_path / "exercises", nome)
    guardados = _ficheiros(RAIZ / "exercises", nome)
    assert gerados == guardados, f"ficheiros diferentes: gerados {gerados}, no repositório {guardados}"
    for rel in gerados:
        assert (tmp_path / "exercises" / rel).read_bytes() == (RAIZ / "exercises" / rel).read_bytes(), (
            f"exercises/{rel} não é o que o nbgrader gera de solutions/: corre "
            f"«python -m nbgrader generate_assignment {nome} --force» e faz commit"
        )


def test_mesmos_capitulos_em_solutions_e_exercises():
    sol = sorted(p.name for p in (RAIZ / "solutions").iterdir() if p.is_dir())
    exe = sorted(p.name for p in (RAIZ / "exercises").iterdir() if p.is_dir())
    assert sol == exe == [f"cap{c:02d}" for c in CAPITULOS]


@pytest.mark.parametrize("caminho", todos_os_cadernos(), ids=lambda p: str(p.relative_to(RAIZ)))
def test_cadernos_sem_saidas_nem_metadados_de_execucao(caminho):
    nb = ler(caminho)
    for i, celula in enumerate(nb["cells"]):
        if celula["cell_type"] == "code":
            assert celula.get("outputs") == [] and celula.get("execution_count") is None, (
                f"{caminho.name}, célula {i}: tem saídas ou execution_count (limpa antes do commit)"
            )
        meta = celula.get("metadata", {})
        assert not {"execution", "ExecuteTime", "scrolled", "collapsed"} & set(meta), (
            f"{caminho.name}, célula {i}: metadados de execução {sorted(meta)}"
        )
    assert nb.get("nbformat") == 4 and "widgets" not in nb.get("metadata", {}), (
        f"{caminho.name}: metadados do caderno com estado de widgets guardado"
    )
