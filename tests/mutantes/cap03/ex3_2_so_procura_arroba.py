"""Valida só com "@" in email: aceita dois @, espaços e domínios sem ponto.

Requisito: r3
"""


def extrair_validar_resumir(documento, chamar_modelo):
    email = chamar_modelo("Extrai o email do cliente:\n\n" + documento).strip()
    if "@" not in email:
        return {"ok": False, "etapa": "validacao", "erro": f"email inválido: {email!r}"}
    return {"ok": True, "campo": email, "resumo": chamar_modelo("Resume esta fatura:\n\n" + documento)}
