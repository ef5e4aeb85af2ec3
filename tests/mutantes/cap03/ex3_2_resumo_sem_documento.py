"""O 2.º prompt leva só o email extraído, não o documento: o modelo resume o que não viu.

Requisito: r6
"""


def extrair_validar_resumir(documento, chamar_modelo):
    email = chamar_modelo("Extrai o email do cliente:\n\n" + documento).strip()
    local, _, dominio = email.partition("@")
    if email.count("@") != 1 or not local or "." not in dominio or any(c.isspace() for c in email):
        return {"ok": False, "etapa": "validacao", "erro": f"email inválido: {email!r}"}
    return {"ok": True, "campo": email, "resumo": chamar_modelo(f"Resume a fatura do cliente {email}.")}
