"""Valida o email com uma expressão regular em vez de partition, e devolve logo no erro."""

import re as _re


def extrair_validar_resumir(documento, chamar_modelo):
    bruto = chamar_modelo(f"Qual é o email do cliente nesta fatura? Só o email, nada mais.\n{documento}")
    email = bruto.strip()
    if not _re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s.]+", email):
        return {"ok": False, "etapa": "validacao", "erro": f"o modelo não devolveu um email válido, disse {email!r}"}
    return {"ok": True, "campo": email,
            "resumo": chamar_modelo(f"Faz um resumo de uma frase desta fatura:\n{documento}")}
