"""O nome do modelo do modo ao vivo escolhe-se num só sítio: ``src/curso/clientes.py``.

Lições, enunciados, soluções, README, ``docs/`` e testes leem-no com ``curso.modelo()`` (ou
``curso.clientes.MODELO_PADRAO``). O único outro ficheiro onde o nome aparece é o catálogo dos
perfis, ``src/curso/offline/perfis.py``, que descreve esse modelo e outros (o que a API faz com
cada um, com as fontes): lá o nome é a chave de uma descrição, não uma escolha. Quando o modelo
for retirado, muda-se a linha de ``clientes.py`` e junta-se o perfil do novo ao catálogo
(``tests/repositorio/test_ao_vivo.py`` exige-o).
"""

import subprocess

from curso.clientes import MODELO_PADRAO

from ._cadernos import RAIZ

ESCOLHA = "src/curso/clientes.py"
CATALOGO = "src/curso/offline/perfis.py"


def _ficheiros_com(texto: str) -> list[str]:
    """Os ficheiros seguidos pelo git (na árvore de trabalho) onde ``texto`` aparece."""
    r = subprocess.run(["git", "grep", "-l", "-I", "-F", "-e", texto, "--", "."],
                       cwd=RAIZ, capture_output=True, text=True, timeout=60)
    assert r.returncode in (0, 1), f"git grep falhou: {r.stderr}"
    return r.stdout.split()


def test_o_nome_do_modelo_ao_vivo_so_esta_em_clientes():
    fora = [f for f in _ficheiros_com(MODELO_PADRAO) if f not in (ESCOLHA, CATALOGO)]
    assert not fora, (
        f"Usa curso.modelo() em vez de escrever o nome do modelo ao vivo ({MODELO_PADRAO!r}); "
        f"aparece escrito em: {', '.join(fora)}")


def test_a_prova_encontra_o_nome_onde_ele_esta():
    # sem isto, um git grep que não visse nada passava a prova de cima sem provar coisa nenhuma
    assert _ficheiros_com(MODELO_PADRAO) == sorted([ESCOLHA, CATALOGO])
