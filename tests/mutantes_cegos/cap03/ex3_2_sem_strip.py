"""Valida a resposta tal como veio, sem strip(): "  ana@exemplo.pt\n" é recusado por ter espaços.

Requisito: r2
"""

import re


def extrair_validar_resumir(documento, chamar_modelo):
    email = chamar_modelo(f"Qual é o e-mail do cliente nesta fatura? Responde só com ele.\n\n{documento}")
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", email):
        return {"ok": False, "etapa": "validacao", "erro": f"e-mail inválido: {email!r}"}
    resumo = chamar_modelo(f"Resume esta fatura numa frase.\n\n{documento}")
    return {"ok": True, "campo": email, "resumo": resumo}
