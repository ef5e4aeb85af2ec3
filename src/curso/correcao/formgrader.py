"""O formgrader do nbgrader em português: uma extensão do servidor Jupyter, ligada pelo modo do
professor (``python3 iniciar.py professor``).

O formgrader carrega as suas páginas (``base.tpl``, ``gradebook_*.tpl``, ``manage_*.tpl``, as de
erro) de uma pasta fixa, num ambiente jinja que cria ao arrancar, sem opção de configuração (ao
contrário do modelo da correção de uma submissão, ``formgrade``, que o ``nbgrader_config.py``
aponta). Esta extensão põe à frente dessa pasta a das páginas traduzidas
(``modelos_nbgrader/formgrader``) e serve os scripts traduzidos que elas usam. As páginas de gestão
também vêm traduzidas, mesmo as funções que o curso faz com ``curso corrigir``.
"""

from __future__ import annotations

from pathlib import Path

PASTA = Path(__file__).parent / "modelos_nbgrader" / "formgrader"
URL_SCRIPTS = "curso/formgrader/js"


def por_a_frente(ambiente) -> None:
    """Põe as páginas traduzidas à frente das do nbgrader no ambiente jinja do formgrader (o que
    não está traduzido continua a vir do nbgrader). A pasta de cima dá à página «caderno em
    falta» (``formgrade_404.tpl``) as macros traduzidas do modelo ``formgrade``."""
    from jinja2 import ChoiceLoader, FileSystemLoader

    ambiente.loader = ChoiceLoader([FileSystemLoader([str(PASTA), str(PASTA.parent)]), ambiente.loader])


def _jupyter_server_extension_points():
    return [{"module": "curso.correcao.formgrader"}]


def _load_jupyter_server_extension(serverapp) -> None:
    from jupyter_server.utils import url_path_join
    from tornado import web

    web_app = serverapp.web_app
    padrao = url_path_join(web_app.settings["base_url"], URL_SCRIPTS, "(.*)")
    web_app.add_handlers(".*$", [(padrao, web.StaticFileHandler, {"path": str(PASTA / "js")})])

    def traduzir() -> None:
        ambiente = web_app.settings.get("nbgrader_jinja2_env")
        if ambiente is None:
            serverapp.log.warning("curso.correcao.formgrader: o formgrader do nbgrader não está "
                                  "ligado; nada a traduzir.")
            return
        por_a_frente(ambiente)

    # as extensões carregam por ordem alfabética: a do nbgrader («nbgrader…») cria o seu ambiente
    # jinja depois desta; o ciclo de eventos corre isto quando já o fez, antes do primeiro pedido
    serverapp.io_loop.add_callback(traduzir)
