"""As versões de bibliotecas que as lições dizem ter conferido são as que o ambiente instala.

A tabela do anexo ao capítulo 9 (controlos do curso no OpenAI Agents SDK e no LangGraph) cita a
versão com que foi conferida; se o requirements.lock mudar de versão, este teste lembra que é preciso
conferir a tabela outra vez.
"""

import re
from importlib.metadata import version

import nbformat

from ._cadernos import RAIZ


def test_tabela_do_anexo_cita_as_versoes_instaladas():
    caderno = nbformat.read(RAIZ / "chapters" / "10_anexo_ecossistema.ipynb", as_version=4)
    texto = "\n".join(c.source for c in caderno.cells if c.cell_type == "markdown")
    citadas = dict(re.findall(r"`(openai-agents|langgraph|langchain)` (\d+\.\d+\.\d+)", texto))
    assert set(citadas) == {"openai-agents", "langgraph", "langchain"}, citadas
    for pacote, citada in citadas.items():
        assert citada == version(pacote), (
            f"o anexo ao capítulo 9 diz que conferiu {pacote} {citada}, mas o ambiente tem {version(pacote)}: "
            "confere a tabela com a versão nova e atualiza o número."
        )
