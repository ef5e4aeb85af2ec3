"""Modo ao vivo: cada lição corre até ao fim contra um servidor compatível com a OpenAI.

Com ``CURSO_AO_VIVO=1`` e ``OPENAI_BASE_URL`` a apontar para o modelo offline servido por HTTP em
loopback (o mesmo ``servir`` do comando ``curso servidor``), ``curso.cliente()`` devolve o SDK
verdadeiro, que fala com o servidor por rede. O servidor usa o decisor padrão (responde em texto,
sem chamar ferramentas), como um modelo que não segue os guiões das lições: as células que só fazem
sentido offline (as que leem ``cliente.pedidos``, por exemplo) têm de o dizer e pôr-se de lado.

O nome do modelo muda (``CURSO_MODELO``) e o servidor finge que o nome do curso foi retirado: uma
lição que tenha o nome escrito à mão, em vez de ``curso.modelo()``, falha com 404.
"""

import re

import nbformat
import pytest
from nbclient import NotebookClient

from curso.clientes import MODELO_PADRAO
from curso.offline import servir
from curso.offline.decisores import decisor_padrao

from ._cadernos import RAIZ, licoes

OUTRO_MODELO = "modelo-de-teste-renomeado"


@pytest.mark.lento
@pytest.mark.parametrize("caminho", licoes(), ids=lambda p: p.name)
def test_licao_corre_ao_vivo(caminho, monkeypatch):
    pedidos: list = []
    with servir(decisor_padrao, pedidos=pedidos, modelos=[OUTRO_MODELO], retirados=[MODELO_PADRAO]) as url:
        monkeypatch.setenv("CURSO_AO_VIVO", "1")
        monkeypatch.setenv("CURSO_MODELO", OUTRO_MODELO)
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        monkeypatch.setenv("OPENAI_API_KEY", "chave-de-teste-local")   # o servidor local não a lê
        monkeypatch.setenv("CURSO_RAIZ", str(RAIZ))
        monkeypatch.setenv("MPLBACKEND", "Agg")
        nb = nbformat.read(caminho, as_version=4)
        NotebookClient(nb, timeout=60, kernel_name="python3",
                       resources={"metadata": {"path": str(caminho.parent)}}).execute()
    texto = "\n".join(s.get("text", "") for c in nb.cells if c.cell_type == "code" for s in c.outputs)
    assert "Modo offline: modelo simulado" not in texto, (
        f"{caminho.name}: curso.cliente() escolheu o modelo offline com CURSO_AO_VIVO=1")
    codigo = "".join(c.source for c in nb.cells if c.cell_type == "code")  # o texto pode falar dele
    assert pedidos or not re.search(r"\bcliente\(", codigo), (
        f"{caminho.name} usa curso.cliente() mas nenhum pedido chegou ao servidor: não correu ao vivo")
    outros = {p.get("model") for p in pedidos} - {OUTRO_MODELO}
    assert not outros, f"{caminho.name} pediu {outros} em vez de curso.modelo() (CURSO_MODELO={OUTRO_MODELO})"
