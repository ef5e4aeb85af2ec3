"""Valida a resposta tal como veio, sem strip(): um espaço ou um \n do modelo chumba um email bom.

Requisito: r2
"""


def extrair_validar_resumir(documento, chamar_modelo):
    email = chamar_modelo("Extrai o email do cliente:\n\n" + documento)
    local, _, dominio = email.partition("@")
    if email.count("@") != 1 or not local or "." not in dominio or any(c.isspace() for c in email):
        return {"ok": False, "etapa": "validacao", "erro": f"email inválido: {email!r}"}
    return {"ok": True, "campo": email, "resumo": chamar_modelo("Resume esta fatura:\n\n" + documento)}
