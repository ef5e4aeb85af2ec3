"""Deixa um registo de depuração que volta a chamar a ferramenta para mostrar o resultado (os
argumentos de log.debug calculam-se sempre): cada execução corre a ferramenta duas vezes.

Requisito: r3
"""

import logging


def executar_ferramenta(nome_ferramenta, argumentos):
    logging.getLogger("agente").debug("%s → %r", nome_ferramenta, FERRAMENTAS[nome_ferramenta](**argumentos))
    return FERRAMENTAS[nome_ferramenta](**argumentos)
