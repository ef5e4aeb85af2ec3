"""Modo ao vivo: as lições e os enunciados que chamam um modelo funcionam com o modelo ao vivo por
omissão — provado contra o modelo offline **com o perfil desse modelo**, servido por HTTP.

Com ``CURSO_AO_VIVO=1`` e ``OPENAI_BASE_URL`` a apontar para o modelo offline em loopback (o mesmo
``servir`` do comando ``curso servidor --perfis``), ``curso.cliente()`` devolve o SDK verdadeiro,
que fala com o servidor por rede. O servidor responde como o perfil de ``MODELO_PADRAO`` manda:
recusa com o 400 da API o que o modelo verdadeiro recusa (ferramentas na Chat Completions com o
raciocínio ligado), raciocina, conta ``reasoning_tokens`` e impõe a janela de contexto. O decisor
é o padrão (responde em texto, sem chamar ferramentas), como um modelo que não segue os guiões.

Prova também o que cada lição diz do modo ao vivo: só as células com a etiqueta ``ao-vivo``
chegam ao servidor, e nunca mais chamadas do que as «N chamadas pagas» que o texto anuncia antes
da primeira. O que esta prova não prova (e só uma chamada verdadeira prova) está em
``docs/modelo_offline.md``, «O que a prova do modo ao vivo prova».
"""

import contextlib
import re

import nbformat
import pytest
from nbclient import NotebookClient

import curso
from curso.clientes import MODELO_PADRAO
from curso.offline import servir
from curso.offline.decisores import decisor_padrao, exemplo_do_esquema
from curso.offline.perfis import PERFIS, perfil_de

from ._cadernos import RAIZ, caderno_de_solucoes, licoes

ANUNCIO = re.compile(r"(?:até )?(\d+) chamadas? pagas")
CHAVE = "chave-de-teste-local"  # o servidor local não a lê


def test_o_modelo_ao_vivo_por_omissao_tem_perfil():
    """Sem o perfil, esta prova corria contra um modelo offline que aceita tudo e não provava nada."""
    perfil = perfil_de(MODELO_PADRAO)
    assert perfil is not None, (
        f"O modelo ao vivo por omissão ({MODELO_PADRAO!r}) não tem perfil: junta-o a PERFIS em "
        "src/curso/offline/perfis.py, com as fontes (a página do modelo e a data em que a leste).")
    assert perfil.fontes, "cada perfil diz de onde vem cada regra"


@contextlib.contextmanager
def ao_vivo_contra_o_perfil(monkeypatch, decisor=decisor_padrao):
    """Liga o modo ao vivo contra o modelo offline com os perfis; dá a lista dos pedidos recebidos."""
    pedidos: list = []
    with servir(decisor, pedidos=pedidos, perfis=PERFIS) as url:
        monkeypatch.setenv("CURSO_AO_VIVO", "1")
        monkeypatch.delenv("CURSO_MODELO", raising=False)
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        monkeypatch.setenv("OPENAI_API_KEY", CHAVE)
        yield pedidos


def _anunciadas(nb) -> tuple[int, int | None]:
    """(quantas chamadas pagas o texto anuncia, índice da célula onde o diz)."""
    for i, celula in enumerate(nb.cells):
        achado = ANUNCIO.search(celula.source) if celula.cell_type == "markdown" else None
        if achado:
            return int(achado[1]), i
    return 0, None


@pytest.mark.lento
@pytest.mark.parametrize("caminho", licoes(), ids=lambda p: p.name)
def test_licao_corre_ao_vivo(caminho, monkeypatch):
    monkeypatch.setenv("CURSO_RAIZ", str(RAIZ))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(caminho, as_version=4)
    por_celula: dict[int, int] = {}
    with ao_vivo_contra_o_perfil(monkeypatch) as pedidos:
        def contar(cell, cell_index, **_):
            por_celula[cell_index] = len(pedidos) - sum(por_celula.values())

        NotebookClient(nb, timeout=60, kernel_name="python3", on_cell_executed=contar,
                       resources={"metadata": {"path": str(caminho.parent)}}).execute()
    texto = "\n".join(s.get("text", "") for c in nb.cells if c.cell_type == "code" for s in c.outputs)
    assert "Modo offline: modelo simulado" not in texto, (
        f"{caminho.name}: curso.cliente() escolheu o modelo offline com CURSO_AO_VIVO=1 numa célula que "
        "não pediu offline=True")
    outros = {p.get("model") for p in pedidos} - {MODELO_PADRAO}
    assert not outros, f"{caminho.name} pediu {outros} em vez de curso.modelo()"
    com_pedidos = {i for i, n in por_celula.items() if n}
    fora = sorted(i for i in com_pedidos if "ao-vivo" not in nb.cells[i].metadata.get("tags", []))
    assert not fora, (f"{caminho.name}: as células {fora} chamaram a API ao vivo sem a etiqueta 'ao-vivo' "
                      "(ou ficam offline com cliente(..., offline=True), ou vão ao vivo e dizem-no)")
    anunciadas, onde = _anunciadas(nb)
    assert len(pedidos) <= anunciadas, (
        f"{caminho.name} fez {len(pedidos)} chamadas ao vivo e o texto anuncia {anunciadas} "
        "(escreve «até N chamadas pagas» antes da primeira célula ao vivo)")
    ao_vivo = [i for i, c in enumerate(nb.cells) if "ao-vivo" in c.metadata.get("tags", [])]
    if ao_vivo:
        assert pedidos, f"{caminho.name} tem células 'ao-vivo' e nenhuma chegou ao servidor"
        assert onde is not None and onde < ao_vivo[0], (
            f"{caminho.name}: o número de chamadas pagas tem de aparecer antes da primeira célula ao vivo")


# --------------------------------------------------------------------------------------------
# os enunciados que mandam chamar chat.completions.create(..., tools=...): 2.5, 4.4 e 9.4


def _chama_a_primeira_ferramenta(mensagens, ferramentas):
    """Um modelo que pede a primeira ferramenta uma vez e depois responde (como um modelo real)."""
    if ferramentas and not any(m["role"] == "tool" for m in mensagens):
        funcao = ferramentas[0]["function"]
        argumentos = exemplo_do_esquema(funcao.get("parameters") or {"type": "object"})
        return [{"nome": funcao["name"], "argumentos": argumentos}]
    return "Feito."


SOMAR = {"type": "function", "function": {"name": "somar", "parameters": {
    "type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a", "b"]}}}

ENUNCIADOS = {
    "2.5": lambda c: caderno_de_solucoes(2).responder_com_ferramentas(
        c, "quanto é 2+3?", {"somar": lambda a, b: a + b}, [SOMAR], curso.modelo()),
    "4.4": lambda c: caderno_de_solucoes(4).decidir_com_modelo("Quanto custa o teclado?", c, curso.modelo()),
    "9.4": lambda c: caderno_de_solucoes(9).decisor_openai(c, curso.modelo(), caderno_de_solucoes(9).ESQUEMAS)(
        "Quanto custa o rato sem fios?", []),
}


@pytest.mark.parametrize("exercicio", ENUNCIADOS)
def test_o_enunciado_funciona_ao_vivo_com_o_cliente_do_curso(exercicio, monkeypatch):
    """A solução faz o que o enunciado manda, com o cliente do curso, contra o perfil do modelo ao vivo."""
    with ao_vivo_contra_o_perfil(monkeypatch, _chama_a_primeira_ferramenta) as pedidos:
        resultado = ENUNCIADOS[exercicio](curso.cliente(silencioso=True))
    assert resultado, f"o {exercicio} não devolveu nada"
    assert pedidos and all(p.get("tools") for p in pedidos), "o enunciado manda enviar tools"
