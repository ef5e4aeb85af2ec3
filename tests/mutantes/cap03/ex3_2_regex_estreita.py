"""Valida com uma expressão regular estreita demais (só letras minúsculas e pontos): recusa e-mails
plausíveis com algarismos, acentos, hífenes ou «+». Só e-mails gerados o mostram.

Requisito: r3, r6
"""

import re

_certo = extrair_validar_resumir


def extrair_validar_resumir(documento, chamar_modelo):
    r = _certo(documento, chamar_modelo)
    if r.get("ok") and not re.fullmatch(r"[a-z.]+@[a-z]+(\.[a-z]+)+", r["campo"]):
        return {"ok": False, "etapa": "validacao", "erro": f"e-mail inválido: {r['campo']!r}"}
    return r
