"""Ignora o codificador recebido e usa sempre o do curso (certo hoje, errado no dia em que o modelo muda).

Requisito: r7
"""

from curso.offline import codificador as _codificador_do_curso

_contar = contar_tokens_mensagens


def contar_tokens_mensagens(mensagens, codificador):
    return _contar(mensagens, _codificador_do_curso())
