"""Não valida entre etapas: faz sempre a 2.ª chamada, mesmo com um email que não presta.

Requisito: r3, r4, r5
"""


def extrair_validar_resumir(documento, chamar_modelo):
    email = chamar_modelo("Extrai o email do cliente:\n\n" + documento).strip()
    resumo = chamar_modelo("Resume esta fatura:\n\n" + documento)
    if "@" not in email:
        return {"ok": False, "etapa": "validacao", "erro": f"email inválido: {email!r}"}
    return {"ok": True, "campo": email, "resumo": resumo}
